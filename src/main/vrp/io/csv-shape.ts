/**
 * The shape of a customer CSV before its cells are read: the lines spreadsheets put around the table, columns
 * without a header, a plan export given where customers are expected, and a depot row out of place. Each check
 * names the row and what to change, where reading on would misread the file or report only its symptoms.
 */
import Papa from 'papaparse';
import { clipped } from '../../../shared/issues.js';
import { holdsBinary } from '../../../shared/text-decoding.js';
import { DEPOT_TYPES, typeWord } from './csv-aliases.js';
import { mapColumns, normaliseHeader, type ColumnMapping } from './csv-columns.js';
import type { Row } from './csv-rows.js';
import { splitRowAdvice } from './csv-split-advice.js';

/** How to get a CSV out of a spreadsheet program, for a workbook given where a CSV is read. */
export const SAVE_AS_CSV =
  "in Excel use File → Save As → 'CSV UTF-8 (Comma delimited)', in LibreOffice File → Save As → 'Text CSV', and import that file";

/**
 * Why a file that is not text cannot be a CSV: a workbook saved (or renamed) as .csv, or other binary data (holdsBinary,
 * which also keeps decodeText from telling how such bytes were read); a zip archive (.xlsx, .ods) and an Excel 97–2003 workbook
 * (.xls) are told by their first bytes. Null for text.
 */
export function binaryFileProblem(text: string): string | null {
  if (text.startsWith('PK\u0003\u0004')) return `the file is a spreadsheet workbook (.xlsx or .ods), not CSV: ${SAVE_AS_CSV}`;
  if (text.startsWith('\u00d0\u00cf\u0011\u00e0')) return `the file is an Excel 97–2003 workbook (.xls), not CSV: ${SAVE_AS_CSV}`;
  return holdsBinary(text) ? 'the file holds binary data, not text: a CSV is text, a header row and one row per stop' : null;
}

/** '|' is what some ERP and database exports write; like a tab, it is neither decimal mark. */
const DELIMITERS = [',', ';', '\t', '|'] as const;

/**
 * The delimiter that occurs most often in one of the first lines, outside quotes: the header's, or the table's below
 * a title line that has none.
 */
export function detectDelimiter(text: string): string {
  const lines = text
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .slice(0, 5);
  const counts = DELIMITERS.map((d) => Math.max(0, ...lines.map((l) => l.replace(/"[^"]*"/g, '').split(d).length - 1)));
  return DELIMITERS[counts.indexOf(Math.max(...counts))];
}

/** Excel's "sep=;" first line, which names the separator: the separator, and the text without that line. */
export function separatorLine(text: string): { body: string; delimiter?: string } {
  const m = /^"?sep=(.)"?\r?\n/i.exec(text);
  return m ? { body: text.slice(m[0].length), delimiter: m[1] } : { body: text };
}

/**
 * Whether text is a customer table: one of its first lines is a table's header, delimited and naming a column the
 * import reads (in any of its languages), below a `sep=` line or a title too. A spreadsheet saved as "Text (Tab
 * delimited)" or "Unicode Text" gets .txt, as a Solomon file does; the CSV import then says what the table lacks.
 */
export function hasTableHeader(text: string): boolean {
  const { body, delimiter } = separatorLine(text.replace(/^\uFEFF/, ''));
  const by = delimiter ?? detectDelimiter(body);
  const lines = body
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .slice(0, 5);
  return lines.some((line) => {
    const cells = Papa.parse<string[]>(line, { delimiter: by }).data[0] ?? [];
    return cells.length > 1 && Object.keys(mapColumns(cells).index).length > 0;
  });
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
  // The lines above the real header are the problem: named by their rows and what they say, not the columns the first
  // of them lacks.
  const above = [header, ...rows.slice(0, rows.indexOf(real))];
  const said = above
    .map(
      (row) =>
        `'${clipped(
          row.cells
            .map((c) => c.trim())
            .filter((c) => c !== '')
            .join(' '),
        )}'`,
    )
    .join(', ');
  const which = above.length === 1 ? `row ${header.number}` : `rows ${header.number}–${above.at(-1)!.number}`;
  const [look, it] = above.length === 1 ? ['looks like a title', 'it'] : ['look like a title or notes', 'them'];
  return [`${which} (${said}) ${look}, not a header: delete ${it} and import again (row ${real.number} reads as the header)`];
}

/**
 * What a sheet's totals row is labelled, normalised as headers are ("Summe:", "Grand Total"): English, German,
 * French, Spanish, Portuguese, Italian and Dutch.
 */
const TOTAL_WORDS = new Set([
  'total',
  'totals',
  'grandtotal',
  'subtotal',
  'sum',
  'summe',
  'gesamt',
  'insgesamt',
  'gesamtsumme',
  'endsumme',
  'zwischensumme',
  'somme',
  'soustotal',
  'totalgeneral',
  'suma',
  'sumatotal',
  'soma',
  'totalgeral',
  'totale',
  'totaal',
]);

/** A sum as a sheet writes it: digits, with decimal marks, thousands separators or a sign ("232,00", "1 250.5"). */
const SUM = /^[+-]?\d[\d.,\s\u00a0\u202f]*$/;

/**
 * A totals row at the foot of the sheet (`Summe;;;;;232,00`, `;Gesamt;;;148,50`): the last row, without a position
 * and without an id other than a totals word, whose filled cells are sums or a totals word. Read as a stop, it would
 * be refused for its empty cells, as if they had been forgotten. Undefined where the last row is not one.
 */
export function totalsRow(rows: readonly Row[], mapping: ColumnMapping): Row | undefined {
  const last = rows.at(-1);
  if (last === undefined || rows.length < 2) return undefined;
  const cell = (at: number | undefined) => (at === undefined ? '' : (last.cells[at] ?? '').trim());
  const word = (text: string) => TOTAL_WORDS.has(normaliseHeader(text));
  if ((['x', 'y', 'lat', 'lon'] as const).some((f) => cell(mapping.index[f]) !== '')) return undefined;
  const id = cell(mapping.index.id);
  if (id !== '' && !word(id)) return undefined;
  const filled = last.cells.map((c) => c.trim()).filter((c) => c !== '');
  return filled.length > 0 && filled.every((c) => word(c) || SUM.test(c)) ? last : undefined;
}

/** What to do with a totals row (totalsRow), shown with its first cells. */
export function totalsRowProblem(row: Row): string {
  const cells = row.cells.filter((c) => c.trim() !== '').slice(0, 3);
  return `row ${row.number} looks like a totals row (${cells.map((c) => `'${c.trim()}'`).join(', ')}), not a stop: delete it and import again`;
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
 * writes first), read as nothing, like any column no field matches. What shifted the row is said as for a row with
 * a field too many, by the file's separator (`delimiter`).
 */
export function unnamedColumnProblems(header: Row, rows: readonly Row[], delimiter: string): string[] {
  const filled = (row: Row, i: number) => (row.cells[i] ?? '').trim() !== '';
  const unnamed = header.cells.flatMap((cell, i) => (cell.trim() === '' && !rows.every((row) => filled(row, i)) ? [i] : []));
  const problems: string[] = [];
  for (const row of rows) {
    const at = unnamed.find((i) => filled(row, i));
    if (at === undefined) continue;
    problems.push(
      `row ${row.number}: '${row.cells[at].trim()}' is in column ${at + 1}, which has no header, so a separator too many shifted this row's cells (${splitRowAdvice(delimiter)})`,
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
