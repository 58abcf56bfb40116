/**
 * Customer files as spreadsheet programs save them, read from their bytes on disk as the app's import and jampr
 * read them (readInstanceFile): the mistakes a sheet carries into the file are refused with what to change there.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readInstanceFile } from '../../../src/main/vrp/io/index.js';
import { inputDetails } from './input-details.js';

/** A file of these bytes, named `name`, in a folder of its own. */
function fileOf(name: string, bytes: Uint8Array): string {
  const path = join(mkdtempSync(join(tmpdir(), 'jampr-sheet-')), name);
  writeFileSync(path, bytes);
  return path;
}

/** Windows-1252, one byte a character, as German Excel's "CSV (Trennzeichen-getrennt)" writes: ü FC, ß DF. */
const cp1252 = (lines: string[]) => Uint8Array.from(`${lines.join('\r\n')}\r\n`, (ch) => ch.charCodeAt(0));

const fleet = { capacity: 50, speedKmh: 30 };

describe('a sheet saved by German Excel', () => {
  it('whose time columns are formatted as numbers is refused, naming the columns and the time of the first', () => {
    const path = fileOf(
      'montag.csv',
      cp1252([
        'Kunden-Nr;Name;Breite;Länge;Menge;von;bis;Standzeit',
        'Lager;Lager Süd;48,137;11,575;0;0,25;0,75;0',
        'K1;Müller;48,15;11,58;3;0,333333333333333;0,5;0,0104166666666667',
        'K2;Kühne;48,12;11,6;2;0,375;0,708333333333333;0,0104166666666667',
      ]),
    );
    const warnings: string[] = [];
    expect(inputDetails(() => readInstanceFile(path, { ...fleet, onWarning: (w) => warnings.push(w) }))).toEqual([
      "columns von, bis and Standzeit hold times saved as fractions of a day, as a spreadsheet stores them (row 2, column von: '0,25' is 06:00), not minutes: format the columns as time (hh:mm) in the spreadsheet and save the CSV again",
    ]);
    // The file is still named for its code page, and nothing else is said: no warning per customer.
    expect(warnings).toEqual([expect.stringContaining("read in the code page Windows-1252 (Western European), as in 'Länge'")]);
  });
});

describe('a sheet saved by German Excel with only some time cells formatted as time', () => {
  it('whose depot hours are HH:MM and customer windows fractions of a day is refused once, for the fractions', () => {
    const path = fileOf(
      'montag.csv',
      cp1252([
        'Kunden-Nr;Name;Breite;Länge;Menge;von;bis;Standzeit',
        'Lager;Lager Süd;48,137;11,575;0;06:00;18:00;0',
        'K1;Müller;48,15;11,58;3;0,333333333333333;0,5;10',
        'K2;Kühne;48,12;11,6;2;0,375;0,708333333333333;10',
      ]),
    );
    expect(inputDetails(() => readInstanceFile(path, fleet))).toEqual([
      "columns von and bis hold times saved as fractions of a day, as a spreadsheet stores them (row 3, column von: '0,333333333333333' is 08:00), not minutes: format the columns as time (hh:mm) in the spreadsheet and save the CSV again",
    ]);
    // One number alone among clock times is that cell's slip, told by itself.
    const one = fileOf(
      'montag.csv',
      cp1252(['id;lat;lon;demand;von;bis;service', 'D;48,1;11,5;0;06:00;18:00;0', 'K1;48,2;11,6;3;0,5;12:00;10']),
    );
    expect(inputDetails(() => readInstanceFile(one, fleet))).toEqual([
      "row 3, column von: '0,5' is a plain number, but this file's times are HH:MM: write it as a time of day, e.g. 07:30",
    ]);
  });
});

describe('a sheet saved by German Excel whose service column alone is formatted as a number', () => {
  const header = 'Kunden-Nr;Name;Breite;Länge;Menge;von;bis;Standzeit';
  const depot = 'Lager;Lager Süd;48,137;11,575;0;06:00;18:00;0';

  it('is read as written beside HH:MM windows, and told what its first value is as a fraction of a day', () => {
    const warnings: string[] = [];
    const rows = ['K1;Müller;48,15;11,58;3;08:00;12:00;0,0104166666666667', 'K2;Kühne;48,12;11,6;2;09:00;17:00;0,0208333333333333'];
    const day = readInstanceFile(fileOf('montag.csv', cp1252([header, depot, ...rows])), { ...fleet, onWarning: (w) => warnings.push(w) });
    expect(day.customers.map((c) => c.service)).toEqual([0.0104166666666667, 0.0208333333333333]);
    expect(warnings).toContain(
      "row 3, column Standzeit: '0,0104166666666667' and every other service time lie between 0 and 1: they are read as minutes, as written. If they are fractions of a day, as a spreadsheet stores times ('0,0104166666666667' is 15 minutes), format the column as time (hh:mm) in the spreadsheet and save the CSV again",
    );
  });

  it('says nothing where the service times are minutes, or 0 and 1 only, or another cell writes its duration', () => {
    for (const services of [
      ['10', '15'],
      ['0', '1'],
      // Not every service time lies between 0 and 1: the second is 15 minutes, in a form the import reads too.
      ['0,0104166666666667', '0:15'],
      ['0,5', '15 min'],
      // Durations with their unit are minutes as written, not fractions of a day.
      ['0,5 min', '0,75 min'],
    ]) {
      const warnings: string[] = [];
      const rows = [`K1;Müller;48,15;11,58;3;08:00;12:00;${services[0]}`, `K2;Kühne;48,12;11,6;2;09:00;17:00;${services[1]}`];
      readInstanceFile(fileOf('montag.csv', cp1252([header, depot, ...rows])), { ...fleet, onWarning: (w) => warnings.push(w) });
      expect(warnings.filter((w) => w.includes('Standzeit'))).toEqual([]);
    }
  });
});

describe('a sheet saved as text (.txt)', () => {
  it('with a title line above the table is refused for that line alone, not also said to be read as a table', () => {
    // Excel's "Text (Tab delimited)": Windows-1252, tabs, CRLF, the sheet's title in A1.
    const lines = [
      'Tour Montag 27.11.',
      'id\tname\tlat\tlon\tdemand\tready\tdue\tservice',
      'D\tLager Süd\t48.137\t11.575\t0\t06:00\t18:00\t0',
      'K1\tMüller\t48.15\t11.58\t3\t08:00\t12:00\t10',
    ];
    const path = fileOf('montag.txt', cp1252(lines));
    const warnings: string[] = [];
    expect(inputDetails(() => readInstanceFile(path, { ...fleet, onWarning: (w) => warnings.push(w) }))).toEqual([
      "row 1 ('Tour Montag 27.11.') looks like a title, not a header: delete it and import again (row 2 reads as the header)",
    ]);
    expect(warnings.join('\n')).not.toContain('customer table');
    // Without the title, it is read, and said so.
    const read: string[] = [];
    const day = readInstanceFile(fileOf('montag.txt', cp1252(lines.slice(1))), { ...fleet, onWarning: (w) => read.push(w) });
    expect(day.depot.name).toBe('Lager Süd');
    expect(read).toContain('montag.txt is read as a customer table (a spreadsheet saved as text)');
  });
});

describe('a lat/lon sheet whose two columns hold each other’s values', () => {
  /** Excel's "CSV UTF-8": a byte-order mark, then UTF-8. */
  const utf8 = (lines: string[]) => new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(`${lines.join('\r\n')}\r\n`)]);
  const header = 'id,name,Latitude,Longitude,demand,ready,due,service';
  // Sydney: latitude −33.9, longitude 151.2, written the other way round.
  const sydney = [
    header,
    'D,Depot Alexandria,151.1950,-33.9100,0,06:00,18:00,0',
    'C1,Bondi,151.2743,-33.8915,3,08:00,12:00,10',
    'C2,Parramatta,151.0036,-33.8150,2,09:00,13:00,10',
  ];

  it('is refused with the swap named once, above the rows it puts beyond ±90°', () => {
    const details = inputDetails(() => readInstanceFile(fileOf('sydney.csv', utf8(sydney)), fleet));
    expect(details[0]).toBe(
      'columns Latitude and Longitude look swapped: 3 of 3 values under Latitude lie beyond ±90°, where no latitude does (151.195 for depot D), while every value under Latitude would be a valid longitude and every one under Longitude a valid latitude: swap the two names in the header and import again',
    );
    expect(details.slice(1)).toEqual([
      "row 2, column Latitude: latitude '151.1950' is outside [-90, 90] for depot D",
      "row 3, column Latitude: latitude '151.2743' is outside [-90, 90] for customer C1",
      "row 4, column Latitude: latitude '151.0036' is outside [-90, 90] for customer C2",
    ]);
  });

  it('is not called swapped for one latitude typed wrong among right ones, nor where both columns stay within ±90°', () => {
    const typo = [
      header,
      'D,Depot,48.137,11.575,0,06:00,18:00,0',
      'C1,A,148.15,11.58,3,08:00,12:00,10',
      'C2,B,48.12,11.6,2,08:00,12:00,10',
    ];
    expect(inputDetails(() => readInstanceFile(fileOf('typo.csv', utf8(typo)), fleet))).toEqual([
      "row 3, column Latitude: latitude '148.15' is outside [-90, 90] for customer C1",
    ]);
    // Munich read as 11.6°N 48.1°E (off Somalia) is a place too: nothing in the file tells, so it is read as written.
    const munich = [header, 'D,Depot,11.575,48.137,0,06:00,18:00,0', 'C1,A,11.58,48.15,3,08:00,12:00,10'];
    expect(readInstanceFile(fileOf('munich.csv', utf8(munich)), fleet).depot).toMatchObject({ x: 48.137, y: 11.575 });
  });
});

/** The lines with line `at` replaced. */
const withRow = (lines: string[], at: number, line: string) => lines.map((l, i) => (i === at ? line : l));

describe('a row with a separator inside a cell, written unquoted by another program', () => {
  /** UTF-8 without a mark, as a TMS export writes it. */
  const utf8 = (lines: string[]) => new TextEncoder().encode(`${lines.join('\r\n')}\r\n`);
  const tour = [
    'Kunden-Nr;Name;Breite;Länge;Menge;von;bis;Standzeit',
    'Lager;Lager Süd;48,137;11,575;0;06:00;18:00;0',
    'K1;Müller;48,15;11,58;3;08:00;12:00;10',
    'K2;Blumen Schäfer; Filiale 2;48,12;11,6;2;09:00;13:00;10',
  ];

  it("in a ';' file is told as that separator inside a cell, naming the column and the cell to quote", () => {
    expect(inputDetails(() => readInstanceFile(fileOf('tour.csv', utf8(tour)), fleet))).toEqual([
      "row 4: has 9 fields, the header has 8: the separator ';' appears inside a cell, most likely column Name ('Blumen Schäfer; Filiale 2'): put that cell in double quotes, or remove the ';' from it",
    ]);
    // Quoted, the same row is read.
    const quoted = withRow(tour, 3, 'K2;"Blumen Schäfer; Filiale 2";48,12;11,6;2;09:00;13:00;10');
    expect(readInstanceFile(fileOf('tour.csv', utf8(quoted)), fleet).customers[1].name).toBe('Blumen Schäfer; Filiale 2');
  });

  it('in a tab file names the columns it may be in where nothing tells which, and no column where no joining reads', () => {
    const tab = (lines: string[]) => utf8(lines.map((line) => line.replaceAll(';', '\t')));
    // Id and name both read any text, and no space tells which cell the tab is in.
    const either = withRow(tour, 3, 'K2;Blumen Schäfer;Filiale 2;48,12;11,6;2;09:00;13:00;10');
    expect(inputDetails(() => readInstanceFile(fileOf('tour.txt', tab(either)), fleet))).toEqual([
      "row 4: has 9 fields, the header has 8: the separator (a tab) appears inside a cell of column Kunden-Nr or Name ('K2\tBlumen Schäfer\tFiliale 2'): put that cell in double quotes, or remove the tab from it",
    ]);
    // Joined anywhere, a cell still fails its column ('x' is no weight): the separator is told without a column.
    const nowhere = withRow(tour, 3, 'K2;Blumen;48,12;11,6;x;2;09:00;13:00;10');
    expect(inputDetails(() => readInstanceFile(fileOf('tour.tsv', tab(nowhere)), fleet))).toEqual([
      'row 4: has 9 fields, the header has 8: the separator (a tab) appears inside a cell: put that cell in double quotes, or remove the tab from it',
    ]);
  });

  it("in a ',' file names the text cell a comma is in, and keeps the decimal comma's advice where a number may be split", () => {
    const comma = [
      'id,name,lat,lon,demand,ready,due,service',
      'D,Depot,48.137,11.575,0,06:00,18:00,0',
      'C1,Müller, Hans,48.15,11.58,3,08:00,12:00,10',
    ];
    expect(inputDetails(() => readInstanceFile(fileOf('day.csv', utf8(comma)), fleet))).toEqual([
      "row 3: has 9 fields, the header has 8: the separator ',' appears inside a cell, most likely column name ('Müller, Hans'): put that cell in double quotes, or remove the ',' from it",
    ]);
    const decimal = withRow(comma, 2, 'C1,Müller,48.15,11.58,2,5,08:00,12:00,10');
    expect(inputDetails(() => readInstanceFile(fileOf('day.csv', utf8(decimal)), fleet))).toEqual([
      "row 3: has 9 fields, the header has 8 (a decimal comma in a file with ',' between columns splits a number in two: write 2.5, or save the file with ';' between columns)",
    ]);
  });

  it('whose field too many an empty last cell hides is told the same way, not as the cells it moved', () => {
    // Every line ends with a separator, the header's too: the split row's field too many lands under no header.
    const trailing = [...tour.slice(0, 3), 'K2;Blumen Schäfer; Filiale 2;48,12;11,6;2;09:00;13:00;10'].map((line) => `${line};`);
    const advice =
      "the separator ';' appears inside a cell, most likely column Name ('Blumen Schäfer; Filiale 2'): put that cell in double quotes, or remove the ';' from it";
    expect(inputDetails(() => readInstanceFile(fileOf('tour.csv', utf8(trailing)), fleet))).toEqual([
      `row 4: '10' is in column 9, which has no header: ${advice}`,
    ]);
    // The row's last cell (its closing time) was empty: the row has as many filled fields as the header has columns.
    const openEnd = [
      'Kunden-Nr;Name;Breite;Länge;Menge;Standzeit;von;bis',
      'Lager;Lager Süd;48,137;11,575;0;0;06:00;18:00',
      'K1;Müller;48,15;11,58;3;10;08:00;12:00',
      'K2;Blumen Schäfer; Filiale 2;48,12;11,6;2;10;09:00;',
    ];
    expect(inputDetails(() => readInstanceFile(fileOf('tour.csv', utf8(openEnd)), fleet))).toEqual([
      `row 4: has 9 fields where the other rows have 8, the last one empty: ${advice}`,
    ]);
  });
});

describe('a file that is not text, given as a CSV', () => {
  /** Bytes as `head -c 2000 /dev/urandom` writes them, from a fixed seed (xorshift) so that every run reads the same. */
  function noise(length: number): Uint8Array {
    let state = 0x2545f491;
    return Uint8Array.from({ length }, () => {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      return state & 0xff;
    });
  }

  it('is refused as binary, with no word on the code page its bytes were read in first', () => {
    const warnings: string[] = [];
    const path = fileOf('rnd.csv', noise(2000));
    expect(inputDetails(() => readInstanceFile(path, { ...fleet, onWarning: (w) => warnings.push(w) }))).toEqual([
      'the file holds binary data, not text: a CSV is text, a header row and one row per stop',
    ]);
    expect(warnings).toEqual([]);
  });
});
