import { describe, expect, it } from 'vitest';
import { parseCustomerCsv } from '../../../src/main/vrp/io/csv.js';
import { BASIC, detailsOf, fleet } from './customer-csv.js';

describe('parseCustomerCsv', () => {
  it('reads HH:MM times as minutes since midnight and marks the instance as clock times', () => {
    const text = ['id,x,y,demand,ready,due,service', 'D,0,0,0,07:00,18:00,0', '1,3,4,5,8:30,09:15,15'].join('\n');
    const { instance } = parseCustomerCsv(text, fleet);
    expect(instance.clockTimes).toBe(true);
    expect(instance.depot).toMatchObject({ ready: 420, due: 1080 });
    expect(instance.customers[0]).toMatchObject({ ready: 510, due: 555, service: 15 });
    expect(parseCustomerCsv(BASIC, fleet).instance.clockTimes).toBeUndefined();
  });

  it('refuses a window time written as a plain number in a file of HH:MM times, and hours past 24:00', () => {
    const text = ['id,x,y,demand,ready,due,service', 'D,0,0,0,07:00,18:00,0', '1,3,4,5,7.30,10:00,2', '2,6,8,7,08:00,25:00,3'].join('\n');
    expect(detailsOf(text)).toEqual([
      "row 3, column ready: '7.30' is a plain number, but this file's times are HH:MM: write it as a time of day, e.g. 07:30",
      "row 4, column due: '25:00' is not a number, a time of day HH:MM (00:00 to 24:00, or 9:00 AM) or a date and time (2026-11-27 08:00)",
    ]);
    // A time without its colon is told back with it; a number no time of day is gets a plain example.
    const colonless = ['id,x,y,demand,ready,due,service', 'D,0,0,0,07:00,18:00,0', '1,3,4,5,1430,23:59,2', '2,6,8,7,75,10:00,3'];
    expect(detailsOf(colonless.join('\n'))).toEqual([
      "row 3, column ready: '1430' is a plain number, but this file's times are HH:MM: write it as a time of day, e.g. 14:30",
      "row 4, column ready: '75' is a plain number, but this file's times are HH:MM: write it as a time of day, e.g. 07:30",
    ]);
  });

  it('reads a night shift: the depot closing before it opens by the clock closes the next day, and so do the times after midnight', () => {
    const text = [
      'id,x,y,demand,ready,due,service',
      'D,0,0,0,22:00,06:00,0',
      '1,3,4,5,23:00,01:30,10',
      '2,6,8,7,02:00,04:00,10',
      '3,1,1,1,05:00,07:00,10',
      '4,2,2,1,22:30,02:00+1,10',
    ].join('\n');
    const { instance } = parseCustomerCsv(text, fleet);
    const day = 24 * 60;
    expect([instance.depot.ready, instance.depot.due]).toEqual([22 * 60, day + 6 * 60]);
    expect(instance.customers.map((c) => [c.ready, c.due])).toEqual([
      [23 * 60, day + 90],
      [day + 120, day + 240],
      [day + 300, day + 420],
      [22 * 60 + 30, day + 120],
    ]);
  });

  it('reads times with their date, counting from midnight of the day the depot opens; a later date is a later day', () => {
    const text = [
      'id,x,y,demand,ready,due,service',
      'D,0,0,0,2026-11-27 21:00,2026-11-28T05:00:00,0',
      '1,3,4,5,2026-11-27 22:00,2026-11-28 01:30,10',
      '2,6,8,7,2026-11-28 02:00,2026-11-28 04:00,10',
    ].join('\n');
    const { instance } = parseCustomerCsv(text, fleet);
    const day = 24 * 60;
    expect([instance.depot.ready, instance.depot.due]).toEqual([21 * 60, day + 5 * 60]);
    expect(instance.customers.map((c) => [c.ready, c.due])).toEqual([
      [22 * 60, day + 90],
      [day + 120, day + 240],
    ]);
    expect(instance.clockTimes).toBe(true);
    expect(detailsOf(text.replace('2026-11-28 04:00', '04:00'))).toEqual([
      "5 times carry a date and 1 do not (row 4, column due: '04:00' has none): write every time with its date (2026-11-27 08:00) or none (08:00)",
    ]);
    expect(detailsOf(text.replace('2026-11-28 04:00', '2026-02-30 04:00'))).toEqual([
      "row 4, column due: '2026-02-30 04:00' is not a number, a time of day HH:MM (00:00 to 24:00, or 9:00 AM) or a date and time (2026-11-27 08:00)",
    ]);
  });

  it('reads ISO 8601 times with a UTC offset on the clock of the first offset written, and says when offsets differ', () => {
    const local = [
      'id,x,y,demand,ready,due,service',
      'D,0,0,0,2026-11-27T06:00:00+01:00,2026-11-27T18:00:00+01:00,0',
      '1,3,4,5,2026-11-27T08:00:00+01:00,2026-11-27T10:30:00+0100,10',
      '2,6,8,7,2026-11-27T09:00:00.000+01:00,2026-11-27 12:00,10',
    ].join('\n');
    const same = parseCustomerCsv(local, fleet);
    expect([same.instance.depot.ready, same.instance.depot.due]).toEqual([6 * 60, 18 * 60]);
    expect(same.instance.customers.map((c) => [c.ready, c.due])).toEqual([
      [8 * 60, 10 * 60 + 30],
      [9 * 60, 12 * 60],
    ]);
    // One time without an offset (row 4's close) is read on the file's clock, and the import says so.
    expect(same.warnings.filter((w) => w.includes('UTC'))).toEqual([
      "1 dated time carries no UTC offset where others do: it is read as UTC+01:00, the first offset's clock",
    ]);
    // The same moments, customer 1 exported in UTC: read at 08:00 and 10:30 local, as before.
    const mixed = parseCustomerCsv(
      local.replace('2026-11-27T08:00:00+01:00,2026-11-27T10:30:00+0100', '2026-11-27T07:00:00Z,2026-11-27T09:30Z'),
      fleet,
    );
    expect(mixed.instance.customers.map((c) => [c.ready, c.due])).toEqual(same.instance.customers.map((c) => [c.ready, c.due]));
    expect(mixed.warnings).toContain(
      'the times are written with different UTC offsets (UTC+01:00, UTC): all are read on the clock of the first, UTC+01:00',
    );
    expect(detailsOf(local.replace('+0100', '+15:00'))).toEqual([
      "row 3, column due: '2026-11-27T10:30:00+15:00' is not a number, a time of day HH:MM (00:00 to 24:00, or 9:00 AM) or a date and time (2026-11-27 08:00)",
    ]);
  });

  it('reads a service written as a duration (0:15) in a file of dated windows, and refuses a date as a service', () => {
    const text = [
      'id,x,y,demand,ready,due,service',
      'D,0,0,0,2026-11-27 06:00,2026-11-27 18:00,0',
      '1,3,4,5,2026-11-27 08:00,2026-11-27 10:00,0:15',
    ].join('\n');
    expect(parseCustomerCsv(text, fleet).instance.customers[0].service).toBe(15);
    expect(detailsOf(text.replace(',0:15', ',2026-11-27 00:15'))).toEqual([
      "row 3, column service: '2026-11-27 00:15' is not a number, a duration H:MM (0:15) or a number with its unit (15 min)",
    ]);
  });

  it("gives a customer whose window cells are blank the depot's hours, also on a night shift", () => {
    const rows = (depot: string) => [
      'id,x,y,demand,ready,due,service',
      `D,0,0,0,${depot},0`,
      '1,3,4,5,,,10',
      '2,6,8,7,09:00,,10',
      '3,1,1,1,,23:00,10',
    ];
    const day = parseCustomerCsv(rows('07:00,18:00').join('\n'), fleet).instance;
    expect(day.customers.map((c) => [c.ready, c.due])).toEqual([
      [420, 1080],
      [540, 1080],
      [420, 1380],
    ]);
    // They keep following the shift (src/shared/shift-windows.ts): the blank edges are marked, typed ones are not.
    expect(day.customers.map((c) => [c.opensWithShift, c.closesWithShift])).toEqual([
      [true, true],
      [undefined, true],
      [true, undefined],
    ]);
    const night = parseCustomerCsv(rows('22:00,06:00').slice(0, 3).join('\n'), fleet).instance;
    expect(night.customers.map((c) => [c.ready, c.due])).toEqual([[22 * 60, 24 * 60 + 6 * 60]]);
    expect(detailsOf(rows(',18:00').join('\n'))).toContain(
      "row 2, column ready: the value is missing (the depot's opening time: the shift's start)",
    );
  });

  it('warns about window times that look like dotted times of day in a file without HH:MM, and reads them as written', () => {
    const text = ['id,x,y,demand,ready,due,service', 'D,0,0,0,7,18,0', '1,0.1,0.1,5,7.30,11.00,2', '2,0.2,0.1,7,8.15,12,3'].join('\n');
    const { instance, warnings } = parseCustomerCsv(text, fleet);
    expect(instance.customers[0].ready).toBe(7.3);
    expect(warnings).toEqual([
      "row 3, column ready: '7.30' and 2 more look like times of day written with a dot; they are read as minutes (7.30 = 7.3 minutes). If they are clock times, write them as HH:MM, e.g. 07:30",
    ]);
    expect(parseCustomerCsv(BASIC, fleet).warnings, 'minutes past 24 are plainly minutes').toEqual([]);
    // With a semicolon between cells a decimal comma is read: the warning names the comma.
    const semicolons = parseCustomerCsv(text.replaceAll(',', ';').replaceAll('.', ','), fleet);
    expect(semicolons.warnings[0]).toMatch(/^row 3, column ready: '7,30' and 2 more look like times of day written with a comma;/);
  });
});
