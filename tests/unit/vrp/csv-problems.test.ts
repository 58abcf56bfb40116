import { describe, expect, it } from 'vitest';
import { parseCustomerCsv } from '../../../src/main/vrp/io/csv.js';
import { BASIC, detailsOf, fleet } from './customer-csv.js';

describe('parseCustomerCsv', () => {
  it('names both the row and the column of a bad cell', () => {
    const text = BASIC.replace('1,3,4,5,10,50,2', '1,3,4,5,10,abc,2');
    expect(detailsOf(text)).toEqual([
      "row 3, column due: 'abc' is not a number, a time of day HH:MM (00:00 to 24:00, or 9:00 AM) or a date and time (2026-11-27 08:00)",
    ]);
  });

  it('lists every bad row and column at once and imports nothing', () => {
    const text = ['id,x,y,demand,ready,due,service', 'D,0,0,0,0,1000,0', '1,3,,5,10,50,2', '2,6,8,lots,0,25:99,3', '3,1,1,1,0'].join('\n');
    expect(detailsOf(text)).toEqual([
      'row 3, column y: the value is missing',
      "row 4, column demand: 'lots' is not a number",
      "row 4, column due: '25:99' is not a number, a time of day HH:MM (00:00 to 24:00, or 9:00 AM) or a date and time (2026-11-27 08:00)",
      "row 5 has only 5 of the header's 7 columns: its cell in column service is missing, which every customer needs: fill it in",
    ]);
  });

  it('lists every problem in one report: bad cells, rules between fields of the other rows, a missing speed', () => {
    const text = [
      'id,lat,lon,demand,ready,due,service',
      'D,48.85,2.35,0,07:00,19:00,0',
      'A,95,2.36,5,08:00,10:00,10',
      'B,48.84,2.33,-5,09:00,12:00,10',
      'C,48.84,2.33,5,12:00,09:00,10',
      'E,48.84,2.33,abc,09:00,10:00,10',
      'F,48.84,190,-5,09:00,12:00,10',
    ].join('\n');
    expect(detailsOf(text, { name: 'shop', capacity: 100 })).toEqual([
      'the travel speed in km/h is required for lat/lon data (the speed field of the import, or --speed for the jampr CLI)',
      "row 3, column lat: latitude '95' is outside [-90, 90] for customer A",
      "row 4, column demand: demand '-5' is negative for customer B: write 0 or more",
      "row 5, columns ready, due: ready time '12:00' is after due time '09:00' for customer C",
      "row 6, column demand: 'abc' is not a number",
      "row 7, column demand: demand '-5' is negative for customer F: write 0 or more",
      "row 7, column lon: longitude '190' is outside [-180, 180] for customer F (if the file counts longitudes 0–360° east, write -170)",
    ]);
  });

  it('plans a list without a service column with no time at the stops, and says so', () => {
    const text = ['id,x,y,demand,ready,due', 'D,0,0,,0,1000', '1,3,4,5,10,50'].join('\n');
    const { instance, warnings } = parseCustomerCsv(text, fleet);
    expect(instance.customers).toEqual([{ id: '1', x: 3, y: 4, demand: 5, ready: 10, due: 50, service: 0 }]);
    expect(warnings).toEqual(['the file has no service time column: every stop is planned with 0 minutes of service']);
    // A service column with a customer's cell left empty is still a mistake to name.
    expect(detailsOf(`${text.replace('due', 'due,service').replace('1000', '1000,0').replace(',50', ',50,')}`)).toEqual([
      'row 3, column service: the value is missing',
    ]);
  });

  it('also applies the instance rules and lists their problems with the cell problems', () => {
    const text = ['id,x,y,demand,ready,due,service', 'D,0,0,0,0,1000,0', '1,3,4,500,10,50,2', '1,6,8,7,300,200,3', '4,1,1,x,0,9,1'].join(
      '\n',
    );
    expect(detailsOf(text)).toEqual([
      'rows 3, 4: duplicate id: customer 1 appears 2 times: give each stop its own id',
      // Rows sharing an id: each problem on the row it is about, not on both.
      "row 4, columns ready, due: ready time '300' is after due time '200' for customer 1",
      "row 5, column demand: 'x' is not a number",
    ]);
  });

  it('lists every problem of a row with a bad cell, its window rules too, named by row and in HH:MM', () => {
    const text = [
      'id,x,y,demand,ready,due,service',
      'D,0,0,0,07:00,18:00,0',
      '1,3,4,lots,11:00,09:30,2',
      '2,6,8,500,10:00,08:00,zz',
      '3,1,1,4,8.15,09:00,5',
      // A bad cell beside fields each bad alone: the schema's rules on them are listed too, not held for the next try.
      '4,1,1,-5,25:00,09:00,-1',
    ].join('\n');
    expect(detailsOf(text)).toEqual([
      "row 3, column demand: 'lots' is not a number",
      "row 3, columns ready, due: ready time '11:00' is after due time '09:30' for customer 1",
      "row 4, column service: 'zz' is not a number, a duration H:MM (0:15) or a number with its unit (15 min)",
      "row 4, columns ready, due: ready time '10:00' is after due time '08:00' for customer 2",
      "row 5, column ready: '8.15' is a plain number, but this file's times are HH:MM: write it as a time of day, e.g. 08:15",
      "row 6, column ready: '25:00' is not a number, a time of day HH:MM (00:00 to 24:00, or 9:00 AM) or a date and time (2026-11-27 08:00)",
      "row 6, column demand: demand '-5' is negative for customer 4: write 0 or more",
      "row 6, column service: service time '-1' is negative for customer 4: write 0 or more",
    ]);
  });

  it('requires a capacity and still checks the other rules without one', () => {
    expect(detailsOf(BASIC.replace('10,50,2', '60,50,2'), { name: 'x' })).toEqual([
      'the vehicle capacity is required (the capacity field of the import, or --capacity for the jampr CLI)',
      "row 3, columns ready, due: ready time '60' is after due time '50' for customer 1",
    ]);
  });

  it('rejects a depot with a demand and an empty file', () => {
    expect(detailsOf(BASIC.replace('D,0,0,0,', 'D,0,0,4,'))).toEqual([
      "row 2, column demand: the depot's demand must be empty or 0 (without a type column the first row is the depot: is its row missing?)",
    ]);
    // A typed file says which row is the depot: no guess to explain.
    const typed = ['type,id,x,y,demand,ready,due,service', 'depot,D,0,0,4,0,1000,0', 'customer,1,3,4,5,10,50,2'].join('\n');
    expect(detailsOf(typed)).toEqual(["row 2, column demand: the depot's demand must be empty or 0"]);
    expect(() => parseCustomerCsv('\n\n', fleet)).toThrow(/is empty/);
  });
});
