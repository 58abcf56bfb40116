/**
 * Rows as spreadsheet programs save them: Excel leaves out the separators of empty cells at a row's end (on the rows
 * after the 16th of a file whose last column is mostly empty), and a sheet may end in a totals row; ids that differ only
 * by letter case are one order to a spreadsheet's lookup.
 */
import { describe, expect, it } from 'vitest';
import { parseCustomerCsv } from '../../../src/main/vrp/io/csv.js';
import { inputDetails } from './input-details.js';

const fleet = { name: 'day', capacity: 100, speedKmh: 30 };
const read = (lines: string[]) => parseCustomerCsv(lines.join('\n'), fleet);
const refusal = (lines: string[]): string[] => inputDetails(() => read(lines));

/** A customer row of the tests' day, numbered n. */
const stop = (n: number, rest = '') => `K${n},Shop ${n},48.1${n},11.5${n},2,09:00,12:00,10${rest}`;

describe('rows that end before the header does', () => {
  it('reads a row without the empty cells of the columns not read (a notes column) or left empty by choice', () => {
    const day = read([
      'id,name,lat,lon,demand,ready,due,service,Notes',
      'D,Depot,48.13,11.57,0,07:00,19:00,0,',
      stop(1, ',ring twice'),
      stop(2),
      'K3,Kiosk,48.13,11.57,1,08:00,11:00,5',
    ]);
    expect(day.instance.customers.map((c) => c.id)).toEqual(['K1', 'K2', 'K3']);
    expect(day.instance.customers[1]).toMatchObject({ demand: 2, ready: 540, due: 720, service: 10 });
    // A customer's window cells may be empty: a row that ends before them keeps the shift's hours there.
    const open = read(['id,lat,lon,demand,service,ready,due', 'D,48.13,11.57,0,0,07:00,19:00', 'K1,48.11,11.51,2,10']);
    expect(open.instance.customers[0]).toMatchObject({ ready: 420, due: 1140 });
    // The depot's service cell may be left empty too.
    const noService = read(['id,lat,lon,demand,ready,due,service', 'D,48.13,11.57,0,07:00,19:00', stop(1).replace(',Shop 1', '')]);
    expect(noService.instance.depot).toMatchObject({ id: 'D', ready: 420, due: 1140 });
  });

  it('tells rows that lack a cell the import needs once, naming the rows, the column and what to do', () => {
    const rows = [1, 2, 3, 4].map((n) => stop(n).replace(/,10$/, ''));
    expect(refusal(['id,name,lat,lon,demand,ready,due,service,Notes', 'D,Depot,48.13,11.57,0,07:00,19:00,0,', ...rows])).toEqual([
      "rows 3 to 6 have only 7 of the header's 9 columns: their cells in column service are missing, which every customer needs: fill them in",
    ]);
    expect(refusal(['id,lat,lon,demand,ready,due', 'D,48.13,11.57,0,07:00', 'K1,48.11,11.51,2'])).toEqual([
      "row 2 has only 5 of the header's 6 columns: its cell in column due is missing, which the depot needs: fill it in",
    ]);
  });
});

describe('a totals row at the bottom of the sheet', () => {
  const header = 'Kunden-Nr;Name;Breite;Länge;Menge;Zeitfenster von;Zeitfenster bis;Servicezeit';
  const rows = [header, 'Lager;Zentrale;48,1372;11,5756;0;07:00;18:00;0', 'K1;Bäckerei;48,11;11,51;2,5;09:00;12:00;10'];

  it('is refused as a totals row, labelled or not, not as a stop whose cells were forgotten', () => {
    expect(refusal([...rows, 'Summe;;;;2,50;;;'])).toEqual([
      "row 4 looks like a totals row ('Summe', '2,50'), not a stop: delete it and import again",
    ]);
    expect(refusal([...rows, ';Gesamt;;;2,50;;;'])).toEqual([
      "row 4 looks like a totals row ('Gesamt', '2,50'), not a stop: delete it and import again",
    ]);
    expect(refusal([...rows, ';;;;2,50;;;'])).toEqual(["row 4 looks like a totals row ('2,50'), not a stop: delete it and import again"]);
    // With a type column too, whose cell the label may fill.
    const typed = [
      'type,id,lat,lon,demand,ready,due',
      'depot,D,48.1,11.5,0,07:00,18:00',
      'customer,K1,48.2,11.6,3,09:00,10:00',
      'Total,,,,3,,',
    ];
    expect(refusal(typed)).toEqual(["row 4 looks like a totals row ('Total', '3'), not a stop: delete it and import again"]);
  });

  it('is not a row of a stop that has an id, or a position, or words besides the totals', () => {
    expect(refusal([...rows, 'K2;;;;2,50;;;'])).toEqual([
      'row 4, column Länge: the value is missing',
      'row 4, column Breite: the value is missing',
      'row 4, column Servicezeit: the value is missing',
    ]);
    expect(refusal([...rows, ';;48,12;11,52;2,50;;;10'])).toEqual(['row 4, column Kunden-Nr: the id is missing']);
    expect(refusal([...rows, ';Summe der Lieferungen am Montag;;;2,50;;;'])).toContain('row 4, column Kunden-Nr: the id is missing');
  });
});

describe('ids that differ only by letter case', () => {
  /** A spreadsheet's day where two rows read "K004" and "k004": one order to a lookup or a driver. */
  const day = [
    'type,id,name,lat,lon,demand,ready,due,service',
    'depot,DEP,Lager Berlin,52.52,13.405,0,07:00,18:00,0',
    'customer,K001,Kunde 1,52.62945,13.58413,2,08:00,09:00,10',
    'customer,K004,Kunde 4,52.49445,13.4942,10,12:00,14:00,15',
    'customer,K002,Kunde 2,52.60052,13.49939,5,13:00,15:00,15',
    'customer,k004,Kunde 5,52.46438,13.21937,10,08:00,10:00,10',
  ];

  it('imports both stops, with a warning that names both ids and their rows', () => {
    const { instance, warnings } = read(day);
    expect(instance.customers.map((c) => c.id)).toEqual(['K001', 'K004', 'K002', 'k004']);
    expect(warnings).toEqual([
      "rows 4, 6: customer ids 'K004' and 'k004' differ only by letter case, which a spreadsheet or a driver takes for one order: if they are different stops, rename one; if one order entered twice, remove one",
    ]);
  });

  it("puts the warning of a customer id that differs from the depot's only by letter case on the customer's row", () => {
    const { warnings } = read([...day.slice(0, 4), 'customer,dep,Kunde 6,52.46438,13.21937,1,08:00,10:00,10']);
    expect(warnings).toEqual([
      "row 5: customer id 'dep' and the depot's id 'DEP' differ only by letter case, which a spreadsheet or a driver takes for the depot: give the customer an id of its own",
    ]);
  });
});
