/**
 * The shape of a customer CSV before its cells are read: the lines spreadsheets put around the table, columns
 * without a header, a plan export given where customers are expected, and a depot row out of place. Each check
 * names the row and what to change, where reading on would misread the file or report only its symptoms.
 */
import { DEPOT_TYPES, typeWord } from './csv-aliases.js';
import { mapColumns, type ColumnMapping } from './csv-columns.js';
import type { Row } from './csv-rows.js';

/** How to get a CSV out of a spreadsheet program, for a workbook given where a CSV is read. */
export const SAVE_AS_CSV =
  "in Excel use File → Save As → 'CSV UTF-8 (Comma delimited)', in LibreOffice File → Save As → 'Text CSV', and import that file";

/**
 * Why a file that is not text cannot be a CSV: a workbook saved (or renamed) as .csv, or other binary data. Text never
 * holds control characters besides tabs and line breaks; a zip archive (.xlsx, .ods) and an Excel 97–2003 workbook
 * (.xls) are told by their first bytes. Null for text.
 */
export function binaryFileProblem(text: string): string | null {
  if (text.startsWith('PK\u0003\u0004')) return `the file is a spreadsheet workbook (.xlsx or .ods), not CSV: ${SAVE_AS_CSV}`;
  if (text.startsWith('\u00d0\u00cf\u0011\u00e0')) return `the file is an Excel 97–2003 workbook (.xls), not CSV: ${SAVE_AS_CSV}`;
  for (let i = 0; i < Math.min(text.length, 4096); i++) {
    const code = text.charCodeAt(i);
    if (code < 9 || (code > 13 && code < 32))
      return 'the file holds binary data, not text: a CSV is text, a header row and one row per stop';
  }
  return null;
}

/** Excel's "sep=;" first line, which names the separator: the separator, and the text without that line. */
export function separatorLine(text: string): { body: string; delimiter?: string } {
  const m = /^"?sep=(.)"?\r?\n/i.exec(text);
  return m ? { body: text.slice(m[0].length), delimiter: m[1] } : { body: text };
}

/**
 * Why a header that misses columns may not be the header at all: a plan's CSV export (given where customers are
 * read), or a title line above the real header (a later line that reads as one). Empty when neither.
 */
export function headerHints(header: Row, rows: readonly Row[]): string[] {
  const names = new Set(header.cells.map((c) => c.trim().toLowerCase()));
  if (['route', 'stop', 'arrival', 'departure'].every((n) => names.has(n))) {
    return [
      `row ${header.number} is the header of a plan's schedule (route, stop, arrival, …), not of a customer list: import the instance's customer CSV (one row per stop with its window), or read the plan's JSON with jampr eval`,
    ];
  }
  const real = rows.slice(0, 5).find((row) => mapColumns(row.cells).problems.length === 0);
  if (real === undefined) return [];
  const above = real.number - header.number;
  return [
    `row ${real.number} reads as the header: delete the ${above === 1 ? 'line' : `${above} lines`} above it (a title or notes) and import again`,
  ];
}

/**
 * The header without the separators after its last name that no row fills: some exports end the header line with
 * one while the rows have none, and every row would be refused as a field short. An empty header cell that some row
 * fills is a column of its own (see unnamedColumnProblems).
 */
export function withoutTrailingSeparators(header: Row, rows: readonly Row[]): Row {
  let width = header.cells.length;
  const filled = (at: number) => rows.some((row) => (row.cells[at] ?? '').trim() !== '');
  while (width > 1 && header.cells[width - 1].trim() === '' && !filled(width - 1)) width--;
  return width === header.cells.length ? header : { ...header, cells: header.cells.slice(0, width) };
}

/**
 * Cells with a value under a column whose header is empty, in some rows but not all: a row shifted by a stray
 * separator. A column without a header that is filled in every row is a column of its own (the row numbers pandas
 * writes first), read as nothing, like any column no field matches.
 */
export function unnamedColumnProblems(header: Row, rows: readonly Row[]): string[] {
  const filled = (row: Row, i: number) => (row.cells[i] ?? '').trim() !== '';
  const unnamed = header.cells.flatMap((cell, i) => (cell.trim() === '' && !rows.every((row) => filled(row, i)) ? [i] : []));
  const problems: string[] = [];
  for (const row of rows) {
    const at = unnamed.find((i) => filled(row, i));
    if (at === undefined) continue;
    problems.push(
      `row ${row.number}: '${row.cells[at].trim()}' is in column ${at + 1}, which has no header (a separator too many in this row, such as a decimal comma in a comma-separated file, shifts its cells)`,
    );
  }
  return problems;
}

/**
 * Without a type column the first row is the depot. A later row whose id or name says "depot" may have been meant
 * as it: read as a customer (and the first customer as the depot), the day would be planned from the wrong place.
 * A warning, not a refusal: a shop may be called "Depot".
 */
export function depotOutOfPlace(rows: readonly Row[], mapping: ColumnMapping): string[] {
  if (mapping.index.type !== undefined || rows.length < 2) return [];
  const said = (row: Row) =>
    (['id', 'name'] as const).some((field) => {
      const at = mapping.index[field];
      return at !== undefined && DEPOT_TYPES.includes(typeWord(row.cells[at] ?? ''));
    });
  if (said(rows[0])) return [];
  const depot = rows.find(said);
  if (depot === undefined) return [];
  return [
    `row ${depot.number} looks like the depot, but without a type column the first row (row ${rows[0].number}) is the depot and row ${depot.number} a customer: if row ${depot.number} is the depot, move it to the top or add a type column (depot / customer)`,
  ];
}
