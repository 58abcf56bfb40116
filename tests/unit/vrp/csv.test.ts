import { describe, expect, it } from 'vitest';
import { parseCustomerCsv } from '../../../src/main/vrp/io/csv.js';
import { formatOfPath } from '../../../src/main/vrp/io/index.js';
import { columnPlace } from '../../../src/main/vrp/io/csv-columns.js';
import { writeInstanceCsv, writePlanCsv } from '../../../src/main/vrp/io/csv-write.js';
import { buildProblem } from '../../../src/main/vrp/validate.js';
import { evaluatePlan } from '../../../src/main/vrp/evaluate.js';
import { inputDetails } from './input-details.js';
import { makeVariant } from '../../../src/shared/domain.js';

const fleet = { name: 'shop', capacity: 100 };

const detailsOf = (text: string, options: Parameters<typeof parseCustomerCsv>[1] = fleet): string[] =>
  inputDetails(() => parseCustomerCsv(text, options));

const BASIC = ['id,x,y,demand,ready,due,service', 'D,0,0,0,0,1000,0', '1,3,4,5,10,50,2', '2,6,8,7,0,200,3'].join('\n');

describe('parseCustomerCsv', () => {
  it('reads a plain CSV with the first row as the depot', () => {
    const { instance, rows, columns } = parseCustomerCsv(BASIC, fleet);
    expect(rows).toBe(3);
    expect(columns).toEqual({ id: 'id', x: 'x', y: 'y', demand: 'demand', ready: 'ready', due: 'due', service: 'service' });
    expect(instance).toEqual({
      name: 'shop',
      capacity: 100,
      vehicles: 2,
      depot: { id: 'D', x: 0, y: 0, ready: 0, due: 1000 },
      customers: [
        { id: '1', x: 3, y: 4, demand: 5, ready: 10, due: 50, service: 2 },
        { id: '2', x: 6, y: 8, demand: 7, ready: 0, due: 200, service: 3 },
      ],
    });
  });

  it('accepts header names in any order and case, aliases, and reports unknown columns', () => {
    const text = [
      'Service Time;Due Date;READY_TIME;Qty;YCOORD.;XCOORD.;Cust No.;Notes',
      '0;1000;0;0;0;0;D;',
      '2;50;10;5;4;3;1;ring twice',
    ].join('\n');
    const result = parseCustomerCsv(text, { ...fleet, vehicles: 3 });
    expect(result.instance.customers).toEqual([{ id: '1', x: 3, y: 4, demand: 5, ready: 10, due: 50, service: 2 }]);
    expect(result.instance.vehicles).toBe(3);
    expect(result.columns.id).toBe('Cust No.');
    expect(result.ignoredColumns).toEqual(['Notes']);
    expect(result.warnings).toContain('column not read (no field matches the name): Notes');
  });

  it('names every column it does not read, and reads an unload time as the service time', () => {
    const text = [
      'Customer No.;Company;Zip;City;X;Y;Weight (kg);From;To;Unload time (min)',
      'D;Depot;1;A;0;0;0;0;1000;0',
      '1;Baker;2;B;3;4;5;10;50;12',
    ].join('\n');
    const result = parseCustomerCsv(text, fleet);
    expect(result.instance.customers[0]).toMatchObject({ id: '1', name: 'Baker', service: 12 });
    expect(result.warnings).toEqual(['columns not read (no field matches the name): Zip, City']);
  });

  it('strips a byte-order mark and skips blank lines, keeping spreadsheet row numbers', () => {
    const text = '\uFEFFid,x,y,demand,ready,due,service\r\n\r\nD,0,0,0,0,1000,0\r\n\r\n1,3,4,5,10,50,2\r\n  \r\n2,6,8,x,0,200,3\r\n';
    expect(detailsOf(text)).toEqual(["row 7, column demand: 'x' is not a number"]);
    const ok = parseCustomerCsv(text.replace('8,x,0', '8,7,0'), fleet);
    expect(ok.rows).toBe(3);
    expect(ok.instance.depot.id).toBe('D');
  });

  it('reads rows appended with other line ends than the first rows (a Windows file grown by another tool)', () => {
    const text = 'id,x,y,demand,ready,due,service\r\nD,0,0,0,0,1000,0\r\n1,3,4,5,10,50,2\r\n2,6,8,7,0,200,3\n3,1,1,2,0,300,4\n';
    const day = parseCustomerCsv(text, fleet);
    expect(day.instance.customers.map((c) => [c.id, c.demand, c.service])).toEqual([
      ['1', 5, 2],
      ['2', 7, 3],
      ['3', 2, 4],
    ]);
    expect(day.warnings).toEqual([]);
  });

  it('reads quoted fields that contain commas and quotes', () => {
    const text = ['id,x,y,demand,ready,due,service', '"Depot, main",0,0,0,0,1000,0', '"Smith, ""the"" baker",3,4,5,10,50,2'].join('\n');
    const { instance } = parseCustomerCsv(text, fleet);
    expect(instance.depot.id).toBe('Depot, main');
    expect(instance.customers[0].id).toBe('Smith, "the" baker');
  });

  it('says that a JSON file is JSON, not which CSV columns it lacks', () => {
    const json = JSON.stringify({ name: 'day', depot: { id: 'D' }, customers: [] });
    expect(detailsOf(json)).toEqual([
      'the file holds JSON, not CSV: a CSV has a header row and one row per stop (an instance JSON is read from a .json file by the jampr command line)',
    ]);
  });

  it('says that a workbook saved as .csv is a workbook, and names no columns from its bytes', () => {
    const xlsx = `PK\u0003\u0004\u0014\u0000\u0006\u0000[Content_Types].xml`;
    expect(detailsOf(xlsx)).toEqual([
      "the file is a spreadsheet workbook (.xlsx or .ods), not CSV: in Excel use File → Save As → 'CSV UTF-8 (Comma delimited)', in LibreOffice File → Save As → 'Text CSV', and import that file",
    ]);
    expect(detailsOf('\u00d0\u00cf\u0011\u00e0\u00a1\u00b1\u001a\u00e1')[0]).toMatch(
      /^the file is an Excel 97–2003 workbook \(\.xls\), not CSV/,
    );
    expect(detailsOf(`id,x,y\nD,0,0\u0000\u0001`)).toEqual([
      'the file holds binary data, not text: a CSV is text, a header row and one row per stop',
    ]);
    expect(() => formatOfPath('day.xlsx')).toThrow(/day\.xlsx is a spreadsheet workbook, not a CSV/);
  });

  it('reads semicolon-delimited files with decimal commas', () => {
    const text = ['id;x;y;demand;ready;due;service', 'D;0;0;0;0;1000;0', '1;3,5;4;5;10;50;2,5'].join('\n');
    expect(parseCustomerCsv(text, fleet).instance.customers[0]).toMatchObject({ x: 3.5, service: 2.5 });
  });

  it('reads 1.250 as a thousand and a quarter in a file that writes its decimals with commas, naming every such cell', () => {
    const text = ['id;x;y;demand;ready;due;service', 'D;0;0;0;0;1000;0', '1;3,5;4;1.250;10;50;2', '2;3;4;2.500;10;50;2'].join('\n');
    const result = parseCustomerCsv(text, { ...fleet, capacity: 5000 });
    expect(result.instance.customers.map((c) => c.demand)).toEqual([1250, 2500]);
    expect(result.warnings).toEqual([
      "row 3, column demand: '1.250' and row 4, column demand: '2.500' were read with a thousands separator (1.250 as 1250), as the file writes its other numbers with decimal commas: if a decimal was meant, write it so (1,25)",
    ]);
    // With a decimal point in the file the point is the decimal point, plainly.
    const points = parseCustomerCsv(text.replace('3,5', '3.5'), { ...fleet, capacity: 5000 });
    expect(points.instance.customers.map((c) => c.demand)).toEqual([1.25, 2.5]);
    expect(points.warnings).toEqual([]);
    // With neither, nothing tells: read with the decimal point, and every cell named.
    const untold = parseCustomerCsv(text.replace('3,5', '3'), { ...fleet, capacity: 5000 });
    expect(untold.instance.customers.map((c) => c.demand)).toEqual([1.25, 2.5]);
    expect(untold.warnings).toEqual([
      "row 3, column demand: '1.250' and row 4, column demand: '2.500' were read with a decimal point (1.250 as 1.25): if a thousands separator was meant, write the number without it (1250)",
    ]);
  });

  it('reads 1,250 as a thousand and a quarter in a tab file that writes its decimals with points', () => {
    const text = [
      'id\tlat\tlon\tdemand\tready\tdue\tservice',
      'D\t48.137\t11.575\t0\t0\t1000\t0',
      '1\t48.2\t11.68\t1,250\t10\t500\t2',
    ].join('\n');
    const result = parseCustomerCsv(text, { ...fleet, capacity: 5000, speedKmh: 30 });
    expect(result.instance.customers[0].demand).toBe(1250);
    expect(result.warnings).toContain(
      "row 3, column demand: '1,250' was read with a thousands separator (1,250 as 1250), as the file writes its other numbers with decimal points: if a decimal was meant, write it so (1.25)",
    );
  });

  it('reads HH:MM times as minutes since midnight and marks the instance as clock times', () => {
    const text = ['id,x,y,demand,ready,due,service', 'D,0,0,0,07:00,18:00,0', '1,3,4,5,8:30,09:15,15'].join('\n');
    const { instance } = parseCustomerCsv(text, fleet);
    expect(instance.clockTimes).toBe(true);
    expect(instance.depot).toMatchObject({ ready: 420, due: 1080 });
    expect(instance.customers[0]).toMatchObject({ ready: 510, due: 555, service: 15 });
    expect(parseCustomerCsv(BASIC, fleet).instance.clockTimes).toBeUndefined();
  });

  it('finds the depot by the type column wherever it is', () => {
    const text = ['type,id,x,y,demand,ready,due,service', 'customer,1,3,4,5,10,50,2', 'DEPOT,D,0,0,,0,1000,', ',2,6,8,7,0,200,3'].join(
      '\n',
    );
    const { instance } = parseCustomerCsv(text, fleet);
    expect(instance.depot.id).toBe('D');
    expect(instance.customers.map((c) => c.id)).toEqual(['1', '2']);
  });

  it('rejects a type column without exactly one depot, and unknown types', () => {
    const two = ['type,id,x,y,demand,ready,due,service', 'depot,A,0,0,0,0,1000,0', 'truck,1,3,4,5,10,50,2', 'depot,B,0,0,0,0,1000,0'].join(
      '\n',
    );
    expect(detailsOf(two)).toEqual([
      'more than one depot row (rows 2, 4): keep one, and mark the other rows customer in column type',
      "row 3, column type: 'truck' is neither depot nor customer (accepted: depot, warehouse, hub, base, customer, stop, delivery, client and their German, French, Spanish and Portuguese words)",
    ]);
    const none = ['type,id,x,y,demand,ready,due,service', 'customer,1,3,4,5,10,50,2'].join('\n');
    expect(detailsOf(none)).toEqual([
      "no row has type 'depot' in column type: mark the depot's row with depot in that column (or warehouse, hub, base, lager, entrepot, deposito, almacen, armazem)",
    ]);
  });

  it('reads the words a sheet may use for the depot and the stops', () => {
    const text = [
      'Kind,id,x,y,demand,ready,due,service',
      'Stop,1,3,4,5,10,50,2',
      'Warehouse,W,0,0,0,0,1000,0',
      'delivery,2,6,8,7,0,200,3',
    ].join('\n');
    const { instance } = parseCustomerCsv(text, fleet);
    expect(instance.depot.id).toBe('W');
    expect(instance.customers.map((c) => c.id)).toEqual(['1', '2']);
  });

  it('reads the headers a routing export writes: units in brackets, time window start/end, weight', () => {
    const text = [
      'Customer ID,Name,Latitude,Longitude,Weight (kg),Time window start,Time window end,Service time [min]',
      'D,Depot,52.52,13.41,0,07:00,18:00,0',
      'A,Shop A,52.53,13.40,5,08:00,12:00,10',
    ].join('\n');
    const { instance, columns } = parseCustomerCsv(text, { ...fleet, speedKmh: 30 });
    expect(columns).toMatchObject({
      demand: 'Weight (kg)',
      ready: 'Time window start',
      due: 'Time window end',
      service: 'Service time [min]',
    });
    expect(instance.customers).toMatchObject([{ id: 'A', demand: 5, ready: 480, due: 720, service: 10 }]);
  });

  it('reads the short headers of a hand-made sheet: Long, Start, End, Pallets, Service (min)', () => {
    const text = ['ID,Lat,Long,Pallets,Start,End,Service (min)', 'D,52.52,13.41,0,07:00,18:00,0', 'A,52.53,13.40,2,08:00,12:00,10'].join(
      '\n',
    );
    const { instance, columns } = parseCustomerCsv(text, { ...fleet, speedKmh: 30 });
    expect(columns).toMatchObject({ lon: 'Long', demand: 'Pallets', ready: 'Start', due: 'End', service: 'Service (min)' });
    expect(instance.customers).toMatchObject([{ id: 'A', x: 13.4, y: 52.53, demand: 2, ready: 480, due: 720, service: 10 }]);
  });

  it('reads lat/lon columns as geographic coordinates with the given speed', () => {
    const text = ['id,latitude,lng,demand,ready,due,service', 'D,52.52,13.40,0,0,600,0', '1,52.50,13.45,3,0,300,5'].join('\n');
    const { instance } = parseCustomerCsv(text, { ...fleet, speedKmh: 30 });
    expect(instance.coordinates).toEqual({ kind: 'geo', speedKmh: 30 });
    expect(instance.depot).toMatchObject({ x: 13.4, y: 52.52 });
    expect(detailsOf(text)).toEqual([
      'the travel speed in km/h is required for lat/lon data (the speed field of the import, or --speed for the jampr CLI)',
    ]);
  });

  it('names both the row and the column of a bad cell', () => {
    const text = BASIC.replace('1,3,4,5,10,50,2', '1,3,4,5,10,abc,2');
    expect(detailsOf(text)).toEqual([
      "row 3, column due: 'abc' is not a number, a time of day HH:MM (00:00 to 24:00, or 9:00 AM) or a date and time (2026-11-27 08:00)",
    ]);
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

  it('lists every bad row and column at once and imports nothing', () => {
    const text = ['id,x,y,demand,ready,due,service', 'D,0,0,0,0,1000,0', '1,3,,5,10,50,2', '2,6,8,lots,0,25:99,3', '3,1,1,1,0'].join('\n');
    expect(detailsOf(text)).toEqual([
      'row 3, column y: the value is missing',
      "row 4, column demand: 'lots' is not a number",
      "row 4, column due: '25:99' is not a number, a time of day HH:MM (00:00 to 24:00, or 9:00 AM) or a date and time (2026-11-27 08:00)",
      "row 5 has only 5 of the header's 7 columns: its cell in column service is missing, which every customer needs: fill it in",
    ]);
  });

  it('reports an unterminated quote once and accepts trailing empty cells', () => {
    const text = BASIC.replace('1,3,4,5,10,50,2', '"1,3,4,5,10,50,2');
    // The row the open quote swallowed is not told again as a row that ends early.
    expect(detailsOf(text)).toEqual(['row 3: Quoted field unterminated']);
    expect(parseCustomerCsv(BASIC.replace('10,50,2', '10,50,2,,'), fleet).instance.customers[0].service).toBe(2);
  });

  it('reads tab-delimited files', () => {
    expect(parseCustomerCsv(BASIC.replaceAll(',', '\t'), fleet).instance).toEqual(parseCustomerCsv(BASIC, fleet).instance);
  });

  it("reads '|'-delimited files (as ERP exports write them), with a decimal comma or point", () => {
    expect(parseCustomerCsv(BASIC.replaceAll(',', '|'), fleet).instance).toEqual(parseCustomerCsv(BASIC, fleet).instance);
    const decimals = parseCustomerCsv(BASIC.replaceAll(',', '|').replace('1|3|4|5', '1|3,5|4.5|5'), fleet).instance;
    expect(decimals.customers[0]).toMatchObject({ x: 3.5, y: 4.5 });
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

  it('reports missing and doubled columns by name', () => {
    expect(detailsOf('id,x,y,ready,latest,due,service\nD,0,0,0,1000,1000,0')).toEqual([
      "columns 5 (E) 'latest' and 6 (F) 'due' both give the due; keep one",
      'missing column demand (accepted names, case, spaces and accents aside: demand, quantity, qty, load, weight, amount, units, volume, pallets, parcels, menge, gewicht, anzahl, quantite, demande, colis, poids, cantidad, demanda, quantidade, peso)',
    ]);
    // Numbered and lettered as a spreadsheet shows them.
    expect([0, 25, 26, 27, 701, 702].map(columnPlace)).toEqual(['1 (A)', '26 (Z)', '27 (AA)', '28 (AB)', '702 (ZZ)', '703 (AAA)']);
  });

  it('names the columns not read beside a missing column, with a lead for a window or a lat, lon pair in one column', () => {
    expect(detailsOf('id,x,y,qty (kg),time window,Notes\nD,0,0,0,08:00-18:00,\n1,3,4,5,8:00 – 10:00,ring')).toEqual([
      expect.stringMatching(/^missing column ready /),
      expect.stringMatching(/^missing column due /),
      'columns not read (no field matches the name): time window, Notes',
      "column time window holds both window times ('08:00-18:00'): split it into two columns, ready and due",
    ]);
    expect(detailsOf('id,coordinates,demand,ready,due\nD,"52.52, 13.405",0,08:00,18:00\n1,"52.5, 13.4",5,09:00,10:00')).toEqual([
      expect.stringMatching(/^missing column x /),
      expect.stringMatching(/^missing column y /),
      'column not read (no field matches the name): coordinates',
      "column coordinates holds a lat, lon pair ('52.52, 13.405'): split it into two columns, lat and lon",
    ]);
    // A column of mixed cells is not guessed at: it is only named.
    expect(detailsOf('id,x,y,demand,window\nD,0,0,0,08:00-18:00\n1,3,4,5,morning')).toContain(
      'column not read (no field matches the name): window',
    );
    expect(detailsOf('id,x,y,demand,window\nD,0,0,0,08:00-18:00\n1,3,4,5,morning').join('\n')).not.toMatch(/split it/);
  });

  it('names a lat, lon pair in a column read as the address (location, Adresse) too', () => {
    for (const name of ['location', 'Adresse']) {
      expect(detailsOf(`id,${name},demand,ready,due\nD,"48.1372, 11.5756",0,08:00,18:00\n1,"48.05, 11.48",5,09:00,10:00`)).toEqual([
        expect.stringMatching(/^missing column x /),
        expect.stringMatching(/^missing column y /),
        `column ${name} holds a lat, lon pair ('48.1372, 11.5756'): split it into two columns, lat and lon`,
      ]);
    }
  });

  it("reads 'Location Name' (a route planner's export) as the name, and 'Location' beside it as the address", () => {
    const rows = ['D,Depot Nord,Hafenstr. 1,52.52,13.40,0,07:00,18:00', 'A-17,Café Linde,Torstr. 5,52.53,13.41,5,09:00,10:00'];
    for (const address of ['Address', 'Location']) {
      const read = parseCustomerCsv(
        [`Order No,Location Name,${address},Latitude,Longitude,Load,Time Window Start,Time Window End`, ...rows].join('\n'),
        { ...fleet, speedKmh: 30 },
      );
      expect(read.columns).toMatchObject({ id: 'Order No', name: 'Location Name', address, lat: 'Latitude', lon: 'Longitude' });
      expect(read.instance.customers[0]).toMatchObject({ id: 'A-17', name: 'Café Linde', address: 'Torstr. 5' });
      expect(read.warnings.join('\n')).not.toMatch(/not read/);
    }
  });

  it('reads Order ID, Order number and Order no. as the id, and Customer beside one as the name', () => {
    for (const header of ['Order ID', 'Order number', 'Order no.']) {
      const read = parseCustomerCsv(`${header},Customer,x,y,demand,ready,due\nD,Depot,0,0,0,0,1000\nA-17,Café Linde,3,4,5,10,50`, fleet);
      expect(read.columns).toMatchObject({ id: header, name: 'Customer' });
      expect(read.instance.customers[0]).toMatchObject({ id: 'A-17', name: 'Café Linde' });
    }
  });

  it("reads 'Customer' as the name beside an 'ID' column, in either order, and as the id alone", () => {
    const rows = ['D,Depot,0,0,0,0,1000,0', 'K1,Café Linde,3,4,5,10,50,2'];
    for (const header of ['ID,Customer,x,y,demand,ready,due,service', 'Customer,ID,x,y,demand,ready,due,service']) {
      const swapped = header.startsWith('Customer') ? rows.map((r) => r.replace(/^([^,]*),([^,]*)/, '$2,$1')) : rows;
      const read = parseCustomerCsv([header, ...swapped].join('\n'), fleet);
      expect(read.columns).toMatchObject({ id: 'ID', name: 'Customer' });
      expect(read.instance.customers[0]).toMatchObject({ id: 'K1', name: 'Café Linde' });
    }
    // With a name column of its own, the exact id column wins and 'Customer' is left out.
    const named = parseCustomerCsv(
      ['Customer,Name,ID,x,y,demand,ready,due,service', 'd,Depot,D,0,0,0,0,1000,0', 'c,Shop,K1,3,4,5,10,50,2'].join('\n'),
      fleet,
    );
    expect(named.columns).toMatchObject({ id: 'ID', name: 'Name' });
    expect(named.instance.customers[0]).toMatchObject({ id: 'K1', name: 'Shop' });
    // Alone, 'Customer' is the id, as before.
    expect(
      parseCustomerCsv(['Customer,x,y,demand,ready,due,service', 'D,0,0,0,0,1000,0', 'K1,3,4,5,10,50,2'].join('\n'), fleet).instance
        .customers[0].id,
    ).toBe('K1');
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

describe('CSV writers', () => {
  it('writes an instance that reads back identically, clock times included', () => {
    const text = ['id,x,y,demand,ready,due,service', '"D, hub",0,0,0,07:00,18:00,0', '1,3.25,4,5,08:30:30,09:15,15'].join('\n');
    const { instance } = parseCustomerCsv(text, fleet);
    const again = parseCustomerCsv(writeInstanceCsv(instance), { ...fleet, vehicles: instance.vehicles });
    expect(again.instance).toEqual(instance);
    expect(writeInstanceCsv(instance).split('\n')[1]).toBe('depot,"D, hub",0,0,0,07:00,18:00,0');
  });

  it('writes a clock time ten days or more past the first midnight so that it reads back', () => {
    const day = 24 * 60;
    const { instance } = parseCustomerCsv(
      ['id,x,y,demand,ready,due,service', 'D,0,0,0,07:00,18:00,0', '1,3,4,5,08:00,09:00,15'].join('\n'),
      fleet,
    );
    // A day kept over the API may start days after its first midnight (a day of a long run, counted from its first).
    const later = (m: number) => 10 * day + m;
    const long = {
      ...instance,
      depot: { ...instance.depot, ready: later(7 * 60), due: later(18 * 60) },
      customers: [{ ...instance.customers[0], ready: later(8 * 60), due: later(9 * 60 + 0.5) }],
    };
    const written = writeInstanceCsv(long);
    expect(written.split('\n').slice(1, 3)).toEqual(['depot,D,0,0,0,07:00+10,18:00+10,0', 'customer,1,3,4,5,08:00+10,09:00:30+10,15']);
    expect(parseCustomerCsv(written, { ...fleet, vehicles: long.vehicles }).instance).toEqual(long);
  });

  it('writes a window that follows the shift as the blank cell it was read from, so it still follows after a round trip', () => {
    const text = ['id,x,y,demand,ready,due,service', 'D,0,0,0,07:00,18:00,0', '1,3,4,5,,,15', '2,1,1,1,09:00,,5'].join('\n');
    const { instance } = parseCustomerCsv(text, fleet);
    const written = writeInstanceCsv(instance);
    expect(written.trimEnd().split('\n').slice(2)).toEqual(['customer,1,3,4,5,,,15', 'customer,2,1,1,1,09:00,,5']);
    expect(parseCustomerCsv(written, { ...fleet, vehicles: instance.vehicles }).instance).toEqual(instance);
  });

  it('writes a lat/lon instance with lat and lon columns', () => {
    const text = ['id,lat,lon,demand,ready,due,service', 'D,52.52,13.4,0,0,600,0', '1,52.5,13.45,3,0,300,5'].join('\n');
    const { instance } = parseCustomerCsv(text, { ...fleet, speedKmh: 30 });
    expect(writeInstanceCsv(instance).split('\n')[0]).toBe('type,id,lat,lon,demand,ready,due,service');
    expect(parseCustomerCsv(writeInstanceCsv(instance), { ...fleet, speedKmh: 30 }).instance).toEqual(instance);
  });

  it('writes a plan schedule with one row per stop', () => {
    const { instance } = parseCustomerCsv(BASIC, fleet);
    const evaluation = evaluatePlan(buildProblem(instance), [['1', '2'], []], makeVariant('tw1'));
    // Depot (0,0) -> 1 at distance 5, which opens at 10, leaves 12 -> 2 at distance 5, arrives 17.
    expect(writePlanCsv(instance, evaluation, 'tw1')).toBe(
      [
        'route,stop,kind,id,name,address,x,y,arrival,wait,start,departure,early,late,load,note',
        // The first stop's wait of 5 is spent at the depot, as the driver sheet (leave 5), the Plan view and Compare
        // tell it: the rows are as driven, the wait column still adding up to the plan's wait.
        "1,0,depart,D,,,0,0,,5,,5,,,0,the driver waits at the depot from the shift start 0 and leaves at 5 to start 1 as its window opens (as the driver sheet says); the plan's wait counts this time",
        '1,1,stop,1,,,3,4,10,0,10,12,0,0,5,',
        '1,2,stop,2,,,6,8,17,0,17,20,0,0,12,',
        '1,3,return,D,,,0,0,30,,,,,,12,',
        '',
      ].join('\n'),
    );
  });

  it("tells a stop's time before its window opens once, by the policy, as the views and the plan JSON do", () => {
    const { instance } = parseCustomerCsv(BASIC, fleet);
    // Customer 1 (window from 10) is reached at 5 by a driver leaving at the shift start: 5 before it opens.
    const rows = (name: 'tw1' | 'tw2' | 'tw3') => {
      const lines = writePlanCsv(instance, evaluatePlan(buildProblem(instance), [['1']], makeVariant(name)), name).split('\n');
      const [depart, stop] = [lines[1].split(','), lines[2].split(',')];
      return { atDepot: depart[9], leaves: depart[11], arrival: stop[8], wait: stop[9], early: stop[12] };
    };
    // Where the policy waits, the driver waits at the depot and leaves later (the first stop's wait, as driven).
    expect(rows('tw1')).toEqual({ atDepot: '5', leaves: '5', arrival: '10', wait: '0', early: '0' });
    expect(rows('tw2')).toEqual({ atDepot: '5', leaves: '5', arrival: '10', wait: '0', early: '0' });
    // Soft windows serve at once: the driver leaves at the shift start and serves early.
    expect(rows('tw3')).toEqual({ atDepot: '', leaves: '0', arrival: '5', wait: '0', early: '5' });
  });

  it('lists the customers a plan leaves out after its routes, each with the reason', () => {
    const { instance } = parseCustomerCsv(BASIC, fleet);
    const evaluation = evaluatePlan(buildProblem(instance), [['1']], makeVariant('tw1'));
    const lines = writePlanCsv(instance, evaluation, 'tw1').trim().split('\n');
    expect(lines.at(-1)).toMatch(/^,,not served,2,,,6,8,,,,,,,,\S/);
    expect(lines.at(-1)!.split(',').at(-1)).toBe(evaluation.violations[0].message.replace('customer 2 is not served: ', ''));
  });

  it('keeps name and address columns on import and writes them back out, in the plan schedule too', () => {
    const text = [
      'type,id,name,address,lat,lon,demand,ready,due,service',
      'depot,D,Depot,"Main St 1, Town",52.52,13.4,0,07:00,17:00,0',
      'customer,1,"Shop ""A""","Side St 2, Town",52.5,13.45,3,08:00,12:00,5',
      'customer,2,,,52.51,13.42,2,08:00,12:00,5',
    ].join('\n');
    const { instance } = parseCustomerCsv(text, { ...fleet, speedKmh: 30 });
    expect(instance.depot).toMatchObject({ name: 'Depot', address: 'Main St 1, Town' });
    expect(instance.customers[0]).toMatchObject({ name: 'Shop "A"', address: 'Side St 2, Town' });
    expect(instance.customers[1]).not.toHaveProperty('name');
    expect(parseCustomerCsv(writeInstanceCsv(instance), { ...fleet, speedKmh: 30 }).instance).toEqual(instance);
    const plan = writePlanCsv(instance, evaluatePlan(buildProblem(instance), [['1', '2']], makeVariant('tw1')), 'tw1').split('\n');
    expect(plan[0]).toBe('route,stop,kind,id,name,address,lat,lon,arrival,wait (min),start,departure,early (min),late (min),load,note');
    expect(plan[1]).toBe(
      `1,0,depart,D,Depot,"Main St 1, Town",52.52,13.4,,51.9,,07:51,,,0,the driver waits at the depot from the shift start 07:00 and leaves at 07:51 to start 1 as its window opens (as the driver sheet says); the plan's wait counts this time`,
    );
    expect(plan[2]).toMatch(/^1,1,stop,1,"Shop ""A""","Side St 2, Town",52.5,13.45,/);
    expect(plan[4]).toMatch(/^1,3,return,D,Depot,/);
  });
});

describe('customer CSV export of a clock-time day', () => {
  it('writes times off the second as HH:MM:SS, which the import reads back to the second', () => {
    // A day read from hours columns (8.333 h is 499.98 minutes, 08:19:58.8), then shown in clock times.
    const text = ['id,x,y,demand,ready (h),due (h),service', 'D,0,0,0,7,18,0', '1,3,4,2,8.333,10.1,5'].join('\n');
    const read = parseCustomerCsv(text, fleet).instance;
    const instance = { ...read, clockTimes: true };
    const written = writeInstanceCsv(instance);
    expect(written.trimEnd().split('\n').slice(1)).toEqual(['depot,D,0,0,0,07:00,18:00,0', 'customer,1,3,4,2,08:19:59,10:06,5']);
    const again = parseCustomerCsv(written, { ...fleet, vehicles: instance.vehicles }).instance;
    expect(again.clockTimes).toBe(true);
    expect(Math.abs(again.customers[0].ready - instance.customers[0].ready)).toBeLessThanOrEqual(0.5 / 60);
    expect(again.customers[0].due).toBeCloseTo(instance.customers[0].due, 9);
  });
});
