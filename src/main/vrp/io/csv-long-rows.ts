/**
 * Rows with more fields than the header: a separator inside a cell splits it in two, and every cell after it moves one
 * column on. Such a row is told once, not cell by cell (its cells are not read); trailing empty cells are fine, unless
 * they hide the field too many (hiddenSplit).
 *
 * What split the row is said where the file tells it. In a file with ';', tab or '|' between columns a decimal comma
 * cannot split a number, so a separator was written inside a cell (a TMS writes "Blumen Schäfer; Filiale 2" without
 * quotes). The cell is found by joining cells back together: where one join, and only one, makes every typed cell of
 * the row read again (numbers, times, the type), that is the cell; a separator followed by a space, where the file's
 * own separators never are, settles a tie between neighbouring text columns (id and name both read any text).
 */
import { CUSTOMER_TYPES, DEPOT_TYPES, typeWord } from './csv-aliases.js';
import type { CellProblem } from './csv-cell-problems.js';
import { cellReader } from './csv-cell-reader.js';
import { newClockUse } from './csv-clock.js';
import type { ColumnMapping, CsvField } from './csv-columns.js';
import type { NumberStyle } from './csv-numbers.js';
import type { Row } from './csv-rows.js';
import { DECIMAL_COMMA_SPLIT, separatorInCellFix, separatorInsideCell } from './csv-split-advice.js';

/** The cells read as numbers or times (as readNode reads them: `time` says whether a clock time or duration may be written). */
const TYPED: readonly [CsvField, boolean][] = [
  ['x', false],
  ['y', false],
  ['lat', false],
  ['lon', false],
  ['demand', false],
  ['ready', true],
  ['due', true],
  ['service', true],
];

/** Separators more than this many inside one row are not looked for (the ways to join them grow fast); told without a column. */
const MOST_EXTRA = 2;

/** Columns named as where the separator may be, at most: more say nothing a dispatcher can act on. */
const MOST_NAMED = 3;

export interface LongRows {
  /** The rows that have a filled cell beyond the header's last column: not read, and told in `problems`. */
  rows: Row[];
  problems: string[];
}

/** How the file's cells are read, for trying a row's cells joined back together. */
export interface CellReading {
  delimiter: string;
  decimalComma: boolean;
  style: NumberStyle;
}

/** The row with cell `at[i]` joined to the one after it, for each join (columns of the joined row, in order). */
function joined(cells: readonly string[], at: readonly number[], delimiter: string): string[] {
  const out: string[] = [];
  let next = 0;
  for (let column = 0; next < cells.length; column++) {
    const take = 1 + at.filter((a) => a === column).length;
    out.push(cells.slice(next, next + take).join(delimiter));
    next += take;
  }
  return out;
}

/** Every way to make `extra` joins among `width` columns (a cell may hold more than one separator): ascending lists. */
function joinings(width: number, extra: number, from = 0): number[][] {
  if (extra === 0) return [[]];
  const all: number[][] = [];
  for (let column = from; column < width; column++) for (const rest of joinings(width, extra - 1, column)) all.push([column, ...rest]);
  return all;
}

/** Whether every typed cell of these cells reads: numbers, times and durations as the import reads them, and the type. */
function reads(cells: string[], mapping: ColumnMapping, reading: CellReading): boolean {
  const bad: CellProblem[] = [];
  // A scratch clock and style: trying a row must not count its times or numbers towards the file's.
  const style = { ...reading.style, readAsThousands: [], pointUntold: [], commaUntold: [] };
  const { read } = cellReader({ number: 0, cells }, mapping, reading.decimalComma, bad, newClockUse(), style);
  for (const [field, time] of TYPED) if (mapping.index[field] !== undefined) read(field, time, true);
  const type = mapping.index.type === undefined ? '' : typeWord(cells[mapping.index.type] ?? '');
  return bad.length === 0 && (type === '' || DEPOT_TYPES.includes(type) || CUSTOMER_TYPES.includes(type));
}

/** "column Name", "column id or Name", "column a, b or c". */
function columnsText(names: readonly string[]): string {
  return `column ${names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`}`;
}

/**
 * Where in a row the separator inside a cell is: the joins of `extra` cells that make the row read, narrowed by the
 * space after the separator where `spaced` (the file's own separators are never followed by one). Empty where none reads.
 */
function joinsThatRead(
  cells: string[],
  extra: number,
  width: number,
  mapping: ColumnMapping,
  reading: CellReading,
  spaced: boolean,
): number[][] {
  if (extra > MOST_EXTRA) return [];
  const typed = new Set(TYPED.flatMap(([field]) => mapping.index[field] ?? []));
  // In a ',' file a number split by a decimal comma joins back with a comma, read as the decimal mark.
  const decimalJoin = reading.delimiter === ',';
  const found = joinings(width, extra).filter((at) => {
    if (!decimalJoin && at.some((column) => typed.has(column))) return false;
    return reads(joined(cells, at, reading.delimiter), mapping, decimalJoin ? { ...reading, decimalComma: true } : reading);
  });
  if (found.length < 2 || !spaced) return found;
  // The cell after a join, as written: it starts with a space where the separator was a writer's, inside text.
  const afterSpace = found.filter((at) => at.every((column, i) => /^\s/.test(cells[column + i + 1] ?? '')));
  return afterSpace.length === 1 ? afterSpace : found;
}

/** The row's cells without the empty ones at its end, down to `least` cells. */
function withoutEmptyEnd(cells: readonly string[], least: number): string[] {
  let last = cells.length;
  while (last > least && cells[last - 1].trim() === '') last--;
  return cells.slice(0, last);
}

/** The number of fields most rows have (the fewer of two as common): a row with more has a field too many. */
function usualFields(rows: readonly Row[]): number {
  const counts = new Map<number, number>();
  for (const row of rows) counts.set(row.cells.length, (counts.get(row.cells.length) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? 0;
}

/**
 * A row split by a separator inside a cell whose field too many is hidden: it ends in an empty cell (the row's last
 * cell was empty, or every row ends with a separator), so it has no filled cell beyond the header's. Its cells after
 * the split are read one column on and fail. Found where the row, which does not read as written, has more fields than
 * most rows or fills a column without a header that other rows leave empty, and reads once cells are joined back:
 * the joins, and what tells the field too many. Undefined for any other row.
 */
function hiddenSplit(
  row: Row,
  rows: readonly Row[],
  usual: number,
  header: Row,
  mapping: ColumnMapping,
  reading: CellReading,
  spaced: boolean,
) {
  const filled = (r: Row, at: number) => (r.cells[at] ?? '').trim() !== '';
  const headerless = header.cells.findIndex((cell, at) => cell.trim() === '' && filled(row, at) && !rows.every((r) => filled(r, at)));
  const cells = withoutEmptyEnd(row.cells, 0);
  // The fields too many: beyond the header's last name, or beyond what most rows have.
  const named = withoutEmptyEnd(header.cells, 0).length;
  const more = row.cells.at(-1)!.trim() === '' ? row.cells.length - usual : 0;
  const extra = headerless >= 0 ? cells.length - named : more;
  if (extra <= 0) return undefined;
  const found = joinsThatRead(cells, extra, header.cells.length, mapping, reading, spaced);
  if (found.length === 0) return undefined;
  const said =
    headerless >= 0
      ? `'${row.cells[headerless].trim()}' is in column ${headerless + 1}, which has no header`
      : `has ${row.cells.length} fields where the other rows have ${usual}, the last one empty`;
  return { found, said };
}

export function longRows(rows: readonly Row[], header: Row, mapping: ColumnMapping, reading: CellReading): LongRows {
  const width = header.cells.length;
  const long = rows.filter((r) => r.cells.slice(width).some((c) => c.trim() !== ''));
  const others = rows.filter((r) => !long.includes(r));
  // Rows that do not read as written may be split too: their cells are not the file's own separators' witness.
  const readable = new Set(others.filter((r) => reads(r.cells, mapping, reading)));
  const spaced = ![...readable].some((r) => r.cells.some((c) => /^\s/.test(c)));
  const usual = usualFields(rows);
  const hidden = others.flatMap((row) => {
    if (readable.has(row)) return [];
    const split = hiddenSplit(row, rows, usual, header, mapping, reading, spaced);
    return split ? [{ row, ...split }] : [];
  });
  const { delimiter } = reading;
  const typed = new Set(TYPED.flatMap(([field]) => mapping.index[field] ?? []).concat(mapping.index.type ?? []));
  const name = (column: number) => header.cells[column].trim() || `${column + 1}`;
  const problem = (row: Row, said: string, found: number[][]) => {
    const fields = `row ${row.number}: ${said}`;
    const columns = [...new Set(found.flat())].sort((a, b) => a - b);
    const inText = found.length > 0 && columns.every((column) => !typed.has(column));
    // A ',' file may have split a number at its decimal comma: told so unless only a text cell can hold the comma.
    if (delimiter === ',' && !inText) return `${fields} (${DECIMAL_COMMA_SPLIT})`;
    const fix = separatorInCellFix(delimiter);
    const inside = separatorInsideCell(delimiter);
    if (!inText || columns.length > MOST_NAMED) return `${fields}: ${inside}: ${fix}`;
    // The cell as it was meant where one join in one column is found; else the cells the joins found span, as written.
    if (found.length === 1 && columns.length === 1) {
      const cell = joined(row.cells, found[0], delimiter)[columns[0]].trim();
      return `${fields}: ${inside}, most likely column ${name(columns[0])} ('${cell}'): ${fix}`;
    }
    const span = row.cells.slice(columns[0], columns.at(-1)! + found[0].length + 1).join(delimiter);
    return `${fields}: ${inside} of ${columnsText(columns.map(name))} ('${span.trim()}'): ${fix}`;
  };
  const problems = long.map((row) => {
    const cells = withoutEmptyEnd(row.cells, width);
    const found = joinsThatRead(cells, cells.length - width, width, mapping, reading, spaced);
    return problem(row, `has ${row.cells.length} fields, the header has ${width}`, found);
  });
  problems.push(...hidden.map(({ row, said, found }) => problem(row, said, found)));
  return { rows: [...long, ...hidden.map(({ row }) => row)], problems };
}
