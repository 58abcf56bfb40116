/**
 * Numbers as spreadsheets, maps and word processors write them (degrees with minutes and seconds, a Unicode minus,
 * spaces between thousands), and whole columns that fail alike: read where only one meaning is possible, told once
 * per column where not.
 */
import { describe, expect, it } from 'vitest';
import { parseCustomerCsv } from '../../../src/main/vrp/io/csv.js';
import { degreesInCell } from '../../../src/main/vrp/io/csv-degrees.js';
import { inputDetails } from './input-details.js';

const fleet = { name: 'day', capacity: 10_000, speedKmh: 30 };
const read = (lines: string[]) => parseCustomerCsv(lines.join('\n'), fleet);
const refusal = (lines: string[]): string[] => inputDetails(() => read(lines));

describe('numbers as other programs write them', () => {
  it('reads degrees, minutes and seconds in a coordinate column, the hemisphere giving the sign', () => {
    expect(degreesInCell(`52°31'12.0"N`, 'lat')).toBe(52.52);
    expect(degreesInCell(`13°24'18"E`, 'lon')).toBe(13.405);
    expect(degreesInCell(`W 87° 36'`, 'lon')).toBe(-87.6);
    expect(degreesInCell(`33°52′S`, 'lat')).toBeCloseTo(-33.8666667, 6);
    // A latitude's hemisphere in a longitude column, minutes past 59, or a bare number are not degrees of it.
    expect(degreesInCell(`52°31'12"N`, 'lon')).toBeUndefined();
    expect(degreesInCell(`52°75'N`, 'lat')).toBeUndefined();
    expect(degreesInCell('52.52', 'lat')).toBeUndefined();
    // Refused with what the reader takes.
    expect(refusal(['id,lat,lon,demand,ready,due', 'D,52.52,13.4,0,08:00,18:00', `A,"52°26'39.5""E",13.4,1,09:00,12:00`])).toEqual([
      `row 3, column lat: '52°26'39.5"E' is not a number (degrees, minutes and seconds: N or S ends a latitude, E or W a longitude; minutes and seconds under 60)`,
    ]);
    const day = read([
      'id,lat,lon,demand,ready,due',
      `D,"52°31'12.0""N","13°24'18.0""E",0,08:00,18:00`,
      `A,"52°30'N","13°25'E",5,09:00,12:00`,
    ]);
    expect(day.instance.depot).toMatchObject({ x: 13.405, y: 52.52 });
    expect(day.instance.customers[0]).toMatchObject({ x: 13.4166667, y: 52.5 });
  });

  it('reads a Unicode minus as a minus, and spaces between thousands as no separator', () => {
    const day = read([
      'id;lat;lon;demand;ready;due',
      'D;41,88;−87,6;0;08:00;18:00',
      'A;41,9;−87,62;1\u00a0250,5;09:00;12:00',
      'B;41,91;−87,63;2 000;09:00;12:00',
    ]);
    expect(day.instance.depot).toMatchObject({ x: -87.6, y: 41.88 });
    expect(day.instance.customers.map((c) => [c.x, c.demand])).toEqual([
      [-87.62, 1250.5],
      [-87.63, 2000],
    ]);
    // Spaces that do not group thousands are not a number.
    expect(refusal(['id,x,y,demand,ready,due', 'D,0,0,0,0,1000', 'A,1,1,12 50,0,100'])).toEqual([
      "row 3, column demand: '12 50' is not a number",
    ]);
  });
});

describe('a column that fails alike', () => {
  it('is told apart by the hint each cell needs: a comma before three digits is not a decimal comma beside points', () => {
    const lines = ['id,x,y,demand,ready,due', 'D,0,0,0,0,1000'];
    for (const [i, q] of ['"1,250"', '"2,000"', '"3,500"', '"1,5"'].entries()) lines.push(`C${i},1.5,1,${q},0,100`);
    expect(refusal(lines)).toEqual([
      "column demand, rows 3 to 5: 3 cells are not numbers, such as '1,250' (a comma before three digits: write 1.250 for a decimal comma, 1250 for a thousands separator)",
      "row 6, column demand: '1,5' is not a number (a decimal comma beside numbers written with decimal points: write 1.5, or every number with a decimal comma)",
    ]);
  });

  const units = [
    'id,x,y,demand (kg),ready,due',
    'D,0,0,0,0,1000',
    'A,1,1,9.5 kg,0,100',
    'B,2,1,8 kg,0,100',
    'C,3,1,10 kg,0,100',
    'E,4,1,1,0,100',
  ];

  it('is told in one line with its rows, an example and the hint, before the problems of single rows', () => {
    expect(refusal([...units, 'F,5,1,2,300,200'])).toEqual([
      "column demand (kg), rows 3 to 5: 3 cells are not numbers, such as '9.5 kg' (a unit in the cell: write the number alone, 9.5, in the capacity's unit)",
      "row 7, columns ready, due: ready time '300' is after due time '200' for customer F",
    ]);
    // Two cells alike are still told one by one.
    expect(refusal(units.slice(0, 4))).toEqual([
      "row 3, column demand (kg): '9.5 kg' is not a number (a unit in the cell: write the number alone, 9.5, in the capacity's unit)",
      "row 4, column demand (kg): '8 kg' is not a number (a unit in the cell: write the number alone, 8, in the capacity's unit)",
    ]);
  });

  it('names rows that are not in one run, and empty cells as empty', () => {
    const lines = ['id,x,y,demand,ready,due,service', 'D,0,0,0,0,1000,0'];
    for (let i = 1; i <= 9; i++) lines.push(`C${i},${i},1,1,0,100,${i % 2 ? '' : '5'}`);
    expect(refusal(lines)).toEqual(['column service, rows 3, 5, 7, 9, 11: 5 cells are empty']);
    lines.push('C10,1,1,1,0,100,', 'C11,1,1,1,0,100,', 'C12,1,1,1,0,100,');
    expect(refusal(lines)).toEqual(['column service, rows 3, 5, 7, 9, 11 and 3 more: 8 cells are empty']);
  });
});

describe('a window past midnight on a day shift', () => {
  it('is refused with how to write it, where it would last under 12 hours', () => {
    const day = (ready: string, due: string) => refusal(['id,x,y,demand,ready,due', 'D,0,0,0,06:00,23:30', `A,1,1,1,${ready},${due}`]);
    expect(day('22:00', '02:00')).toEqual([
      "row 3, columns ready, due: ready time '22:00' is after due time '02:00' for customer A (a window that closes after midnight is written 02:00+1)",
    ]);
    expect(day('12:00', '10:00')).toEqual(["row 3, columns ready, due: ready time '12:00' is after due time '10:00' for customer A"]);
    expect(read(['id,x,y,demand,ready,due', 'D,0,0,0,06:00,23:30', 'A,1,1,1,22:00,02:00+1']).instance.customers[0]).toMatchObject({
      ready: 1320,
      due: 1560,
    });
  });
});

describe('French headers', () => {
  it("reads 'Durée de service' as the service time", () => {
    const day = read(['id,x,y,demand,ready,due,Durée de service', 'D,0,0,0,0,1000,0', 'A,1,1,1,0,100,12']);
    expect(day.instance.customers[0].service).toBe(12);
    expect(day.columns.service).toBe('Durée de service');
  });
});
