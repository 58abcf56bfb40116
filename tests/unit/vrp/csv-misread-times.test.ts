/**
 * Files as other programs write them, that an import used to read without a word into something else than was
 * meant: each is now read as meant, or read as written and said so, or refused with the row and the fix.
 *
 * This file: times of day, durations and dates; csv-misread-columns.test.ts has the columns, separators and numbers.
 */
import { describe, expect, it } from 'vitest';
import { parseCustomerCsv } from '../../../src/main/vrp/io/csv.js';
import { writeInstanceCsv } from '../../../src/main/vrp/io/csv-write.js';
import { fleet, HEADER, read, refusal, windows } from './misread-csv.js';

describe('customer CSVs that were misread', () => {
  it('closes a shift or a window written to end at 00:00 (12:00 AM) at midnight, not before it opens', () => {
    const day = read([HEADER, 'D,0,0,0,06:00,00:00,0', 'C1,1,1,1,22:00,00:00,5', 'C2,1,2,1,10:00 PM,12:00 AM,5', 'C3,2,2,1,,,5']);
    expect(day.instance.depot).toMatchObject({ ready: 360, due: 1440 });
    expect(day.instance.customers.map((c) => [c.ready, c.due])).toEqual([
      [1320, 1440],
      [1320, 1440],
      [360, 1440],
    ]);
  });

  it('reads a service written as 0:15 beside windows in minutes without calling the windows clock times', () => {
    const day = read([HEADER, 'D,0,0,0,360,1080,0', 'C1,1,1,1,480,600,0:15']);
    expect(windows([HEADER, 'D,0,0,0,360,1080,0', 'C1,1,1,1,480,600,0:15'])).toEqual([[480, 600, 15]]);
    expect(day.instance.clockTimes).toBeUndefined();
  });

  it('converts a time column whose header names hours or seconds, and says so', () => {
    const rows = ['id,x,y,demand,Ready (h),Due (h),Service [s]', 'D,0,0,0,6,18,0', 'C1,1,1,10,8.5,12,900'];
    expect(windows(rows)).toEqual([[510, 720, 15]]);
    expect(read(rows).warnings).toEqual([
      'column Ready (h) is in hours: its numbers are read as hours (0.5 = 30 minutes)',
      'column Due (h) is in hours: its numbers are read as hours (0.5 = 30 minutes)',
      'column Service [s] is in seconds: its numbers are read as seconds (900 = 15 minutes)',
    ]);
    // Beside HH:MM windows, "Service (h)" is hours too, not minutes.
    expect(windows(['id,x,y,demand,ready,due,Service (h)', 'D,0,0,0,06:00,18:00,0', 'C1,1,1,10,08:00,12:00,0.5'])).toEqual([
      [480, 720, 30],
    ]);
  });

  it('says nothing of hours under a header in hours whose cells are clock times, read as the times they are', () => {
    const rows = ['id,x,y,demand,ready (h),due (h),service (h)', 'D,0,0,0,06:00,18:00,0', 'C1,1,1,10,08:00,12:00,0.25'];
    expect(windows(rows)).toEqual([[480, 720, 15]]);
    expect(read(rows).warnings).toEqual(['column service (h) is in hours: its numbers are read as hours (0.5 = 30 minutes)']);
  });

  it('warns about window times shaped like clock times without a colon, or hours', () => {
    const warning = (rows: string[]) => read(rows).warnings;
    expect(warning([HEADER, 'D,0,0,0,0600,1800,0', 'C1,1,1,10,0800,1200,10'])).toEqual([
      "row 2, column ready: '0600' and 3 more look like times of day written without a colon; they are read as minutes (0600 = 600 minutes). If they are clock times, write them as HH:MM, e.g. 06:00",
    ]);
    expect(warning([HEADER, 'D,0,0,0,6,18,0', 'C1,1,1,10,8.5,12,0'])).toEqual([
      "row 3, column ready: '8.5' and every other window time lie between 0 and 24: they are read as minutes. If they are hours, write them as HH:MM (e.g. 08:30 for 8.5), or name the unit in the column's header, e.g. ready (h)",
    ]);
    // Minutes as the paper writes them are read without a word.
    expect(warning([HEADER, 'D,0,0,0,0,1000,0', 'C1,1,1,10,100,500,10'])).toEqual([]);
  });

  it('refuses window times saved as fractions of a day, naming the columns and what the first one is', () => {
    expect(refusal([HEADER, 'D,0,0,0,0.25,0.75,0', 'C1,0,0,10,0.333333,0.5,10'])).toEqual([
      "columns ready and due hold times saved as fractions of a day, as a spreadsheet stores them (row 2, column ready: '0.25' is 06:00), not minutes: format the columns as time (hh:mm) in the spreadsheet and save the CSV again",
    ]);
    // A shift of midnight to midnight (0 and 1) beside 0.333333, which is 08:00.
    expect(refusal([HEADER, 'D,0,0,0,0,1,0', 'C1,0,0,10,0.333333,1,10'])[0]).toMatch(
      /^columns ready and due hold times saved as fractions of a day, .*'0\.333333' is 08:00\), not minutes: format the columns as time/,
    );
    // A service column of fractions is named with them; minutes there are not.
    expect(refusal([HEADER, 'D,0,0,0,0.25,0.75,0', 'C1,0,0,10,0.3,0.5,0.0104166666666667'])[0]).toMatch(
      /^columns ready, due and service hold/,
    );
    // Windows of 0 and 1 alone are not fractions of a day: read as minutes, as written.
    expect(windows([HEADER, 'D,0,0,0,0,1,0', 'C1,0,0,10,0,1,0'])).toEqual([[0, 1, 0]]);
  });

  it("reads the times of Spanish Excel ('8:30 a. m.', with a no-break space) and English '2.30pm' as the times they are", () => {
    const spanish = [
      'id;lat;lon;demand;ready;due;service',
      'D;-34,6;-58,4;0;6:00 a.\u00A0m.;6:00 p.\u00A0m.;0',
      'A;-34,61;-58,41;2;8:30 a. m.;2:00 p. m.;5',
    ];
    expect(windows(spanish)).toEqual([[510, 840, 5]]);
    const english = ['id,lat,lon,demand,ready,due,service', 'D,-33.87,151.21,0,6.00am,6.00pm,0', 'A,-33.88,151.22,2,11.30am,2.30pm,5'];
    expect(windows(english)).toEqual([[690, 870, 5]]);
  });

  it('names a time without AM or PM in a file that writes them, where the morning reading falls before the shift', () => {
    const header = 'id,x,y,demand,ready,due,service';
    const day = read([header, 'D,0,0,0,6:00 AM,6:00 PM,0', 'A,1,1,1,12:30,2:00 PM,5', 'B,2,2,1,1:00,3:00 PM,5', 'C,3,3,1,09:00,11:00,5']);
    expect(day.instance.customers[1].ready).toBe(60);
    expect(day.warnings).toEqual([
      "row 4, column ready: '1:00' is written without AM or PM where the file's other times have them: read as 01:00, before the shift opens at '6:00 AM'. If the afternoon is meant, write 1:00 PM",
    ]);
    // Within the shift read as written (09:00), or a file of 24-hour times alone: nothing to say.
    expect(read([header, 'D,0,0,0,6:00 AM,6:00 PM,0', 'C,3,3,1,9:00,2:00 PM,5']).warnings).toEqual([]);
    expect(read([header, 'D,0,0,0,00:00,18:00,0', 'B,2,2,1,1:00,15:00,5']).warnings).toEqual([]);
  });

  it("refuses dated windows wholly outside the shift's day, and keeps one that opened the evening before", () => {
    const day = (c1: string) => [
      HEADER,
      'D,0,0,0,2026-11-28 06:00,2026-11-28 18:00,0',
      `C1,1,1,1,${c1},10`,
      'C2,1,1,1,2026-11-28 08:00,2026-11-28 09:00,10',
    ];
    expect(refusal(day('2025-11-28 08:00,2025-11-28 10:00'))).toEqual([
      "row 3: the window 2025-11-28 08:00 – 2025-11-28 10:00 is not on the shift's day (2026-11-28) for customer C1: is the row from another day's file?",
    ]);
    expect(windows(day('2026-11-27 23:00,2026-11-28 09:00'))[0]).toEqual([-60, 540, 10]);
    // Its export writes the opening as the evening before, which reads back as it was.
    const { instance } = read(day('2026-11-27 23:00,2026-11-28 09:00'));
    expect(writeInstanceCsv(instance).split('\n')[2]).toBe('customer,C1,1,1,1,23:00-1,09:00,10');
    expect(parseCustomerCsv(writeInstanceCsv(instance), { ...fleet, vehicles: instance.vehicles }).instance).toEqual(instance);
  });

  it('keeps the evening before on a night shift, and reads 00:00–00:00 as the whole day', () => {
    const night = read(['id,lat,lon,demand,ready,due,service', 'D,52.52,13.40,0,22:00,06:00,0', 'F,52.54,13.39,5,23:00-1,01:00,10']);
    expect(night.instance.customers[0]).toMatchObject({ ready: -60, due: 1500 });
    const day = read(['id,lat,lon,demand,ready,due,service', 'D,52.52,13.40,0,00:00,00:00,0', 'A,52.53,13.41,5,,00:00,10']);
    expect(day.instance.depot).toMatchObject({ ready: 0, due: 1440 });
    expect(day.instance.customers[0]).toMatchObject({ ready: 0, due: 1440 });
  });

  it('reads times of day as France and Germany write them (14h30, 7:00 Uhr) and durations with their unit (10 min, 1,5 h)', () => {
    const day = read(
      [
        'id;lat;lon;demand;ready;due;service',
        'D;48,85;2,35;0;6h;18 Uhr;0',
        'C1;48,86;2,36;10;14h30;17:00 Uhr;10 min',
        'C2;48,87;2,37;5;7.30 Uhr;16h;1,5 h',
      ],
      '\n',
    );
    expect(day.instance.depot).toMatchObject({ ready: 360, due: 1080 });
    expect(day.instance.customers.map((c) => [c.ready, c.service])).toEqual([
      [870, 10],
      [450, 90],
    ]);
    expect(day.instance.customers.map((c) => c.due)).toEqual([1020, 960]);
    expect(day.instance.clockTimes).toBe(true);
  });

  it('reads dates as spreadsheets write them by locale: day first with dots, slash order from the dates that tell it', () => {
    const rows = (cells: string[][]) => [
      HEADER,
      ...cells.map(([id, ready, due]) => `${id},0,0,${id === 'D' ? '0' : '1'},${ready},${due},${id === 'D' ? '0' : '5'}`),
    ];
    const german = read(
      rows([
        ['D', '27.11.2026 06:00', '27.11.2026 18:00'],
        ['C1', '27.11.2026 08:00', '27.11.2026 17:30 Uhr'],
      ]),
    );
    expect(german.instance.customers.map((c) => [c.ready, c.due])).toEqual([[480, 1050]]);
    const us = read(
      rows([
        ['D', '11/27/2026 6:00 AM', '11/27/2026 6:00 PM'],
        ['C1', '11/27/2026 8:00 AM', '11/28/2026 1:00 AM'],
      ]),
    );
    expect(us.instance.customers.map((c) => [c.ready, c.due])).toEqual([[480, 1500]]);
    expect(us.warnings.join(' ')).not.toMatch(/month first/);
    const british = read(
      rows([
        ['D', '27/11/2026 06:00', '27/11/2026 18:00'],
        ['C1', '27/11/2026 08:00', '28/11/2026 01:00'],
      ]),
    );
    expect(british.instance.customers.map((c) => [c.ready, c.due])).toEqual([[480, 1500]]);
    // Two dates, none with a part above 12: read month first, and said so.
    const unclear = read(
      rows([
        ['D', '11/12/2026 06:00', '11/12/2026 18:00'],
        ['C1', '11/12/2026 08:00', '11/13/2026 01:00'],
      ]),
    );
    expect(unclear.warnings.join(' ')).not.toMatch(/month first/);
    const unsaid = read(
      rows([
        ['D', '11/12/2026 06:00', '11/12/2026 18:00'],
        ['C1', '11/12/2026 08:00', '12/11/2026 10:00'],
      ]),
    );
    // Day first and month first in one file: the dates that cannot be read month first say why.
    expect(
      refusal(
        rows([
          ['D', '27/11/2026 06:00', '27/11/2026 18:00'],
          ['C1', '11/27/2026 08:00', '11/27/2026 12:00'],
        ]),
      ),
    ).toEqual([
      "row 2, column ready: '27/11/2026 06:00' is not a number, a time of day HH:MM (00:00 to 24:00, or 9:00 AM) or a date and time (2026-11-27 08:00: the file writes dates both day first and month first)",
      "row 2, column due: '27/11/2026 18:00' is not a number, a time of day HH:MM (00:00 to 24:00, or 9:00 AM) or a date and time (2026-11-27 08:00: the file writes dates both day first and month first)",
    ]);
    expect(unsaid.warnings).toContain(
      "dates such as 11/12/2026 were read month first (2026-11-12), as that puts the file's times closest together (within 29 days 4 hours; read day first they would span 29 days 8 hours): if the day comes first, write the dates as YYYY-MM-DD",
    );
  });

  it('asks for a four-digit year where a date writes two', () => {
    expect(refusal([HEADER, 'D,0,0,0,03/12/26 22:00,04/12/26 06:00,0', 'C1,1,1,1,03/12/26 23:00,04/12/26 01:00,5'])).toContainEqual(
      "row 2, column ready: '03/12/26 22:00' is not a number, a time of day HH:MM (00:00 to 24:00, or 9:00 AM) or a date and time (2026-11-27 08:00: write the year with four digits)",
    );
  });
});
