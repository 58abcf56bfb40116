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
