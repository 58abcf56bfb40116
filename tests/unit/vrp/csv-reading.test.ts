import { describe, expect, it } from 'vitest';
import { parseCustomerCsv } from '../../../src/main/vrp/io/csv.js';
import { formatOfPath } from '../../../src/main/vrp/io/index.js';
import { BASIC, detailsOf, fleet } from './customer-csv.js';

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
});
