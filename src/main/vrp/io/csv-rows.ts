/** The rows of a customer CSV as a spreadsheet numbers them, and the import's messages put in their order. */

import { CONTROL_CHARACTER_PREDICATE } from '../../../shared/control-characters.js';
import type { Instance } from '../../../shared/domain.js';
import { caseTwinIds } from '../ids.js';
import { checkInstance, type FileCells, type NodeCells } from '../validate.js';
import type { ColumnMapping } from './csv-columns.js';

export interface Row {
  /** Spreadsheet row number. */
  number: number;
  cells: string[];
}

/**
 * A message on the rows it is about: "row 7: …", "rows 3, 9: …", and "row 3, column Breite: …" ("row 4, columns Von,
 * Bis: …") where the message names the cells' columns first, as a cell that does not read is told.
 */
export const onRows = (rows: readonly number[], problem: string): string =>
  `${rows.length > 1 ? 'rows' : 'row'} ${rows.join(', ')}${/^columns? /.test(problem) ? ', ' : ': '}${problem}`;

/**
 * An instance rule's message with the spreadsheet row it is about in front ("row 7: ready time … for customer
 * 12"; "rows 3, 9:" for an id used twice): the rules name customers by id; the row is found by the id after
 * "customer ", the longest one that is a known id (ids may contain spaces); ids that differ only by letter case on the
 * rows of all of them ("rows 6, 7: customer ids 'K004' and 'k004' …").
 */
export function withRow(problem: string, rowsOfCustomer: Map<string, number[]>, depotRow: number | undefined): string {
  // Ids that differ only by letter case: on the rows of all of them.
  const twins = caseTwinIds(problem, rowsOfCustomer.keys());
  if (twins?.length)
    return onRows(
      twins.flatMap((id) => rowsOfCustomer.get(id) ?? []).sort((a, b) => a - b),
      problem,
    );
  for (let at = problem.indexOf('customer '); at >= 0; at = problem.indexOf('customer ', at + 1)) {
    const rest = problem.slice(at + 'customer '.length);
    let rows: number[] | undefined;
    for (let end = 0; end <= rest.length; end++) {
      if (end < rest.length && !/[\s:,]/.test(rest[end])) continue;
      rows = rowsOfCustomer.get(rest.slice(0, end)) ?? rows;
    }
    if (rows) return onRows(rows, problem);
  }
  return depotRow !== undefined && /\bdepot\b/.test(problem) ? onRows([depotRow], problem) : problem;
}

/**
 * A problem of a customer the rules name by its place in the list ("customer #2": its id names no one, being too long)
 * with that customer's row in front; null for any other problem.
 */
function atPosition(problem: string, customerRows: number[]): string | null {
  const place = / for customer #(\d+)\b/.exec(problem);
  const row = place ? customerRows[Number(place[1]) - 1] : undefined;
  return row === undefined ? null : onRows([row], problem);
}

/**
 * A text cell's control character, which the schema words by the field's path as the API names it
 * ("customers[1].name (customer b): holds the invisible control character U+202E: …"), put on its row and column as
 * a cell that does not read is ("row 4, column Name: the text holds …"): the path is no place in a file, and the id
 * it quotes may hold a line break. `customerRows[i]` is the row of `customers[i]`; null for any other problem.
 */
const CONTROL_AT_PATH = new RegExp(
  `^(?:customers\\[(\\d+)\\]|depot)\\.(id|name|address) \\([^]*\\): (${CONTROL_CHARACTER_PREDICATE} [^]*)$`,
);
export function atCell(
  problem: string,
  customerRows: number[],
  depotRow: number | undefined,
  columns: ColumnMapping['names'],
): string | null {
  const found = CONTROL_AT_PATH.exec(problem);
  if (!found) return null;
  const [, index, field, what] = found;
  const row = index === undefined ? depotRow : customerRows[Number(index)];
  const column = columns[field as 'id' | 'name' | 'address'];
  return row === undefined || column === undefined ? null : `row ${row}, column ${column}: the text ${what}`;
}

/**
 * The cells behind the fields of a row, by the row's number, as the rules quote them (validate.ts NodeCells): trimmed,
 * under the header the file gives the column ("Breite" for a latitude). Undefined for a row or a cell not there.
 */
export function rowCells(
  rows: readonly Row[],
  mapping: Pick<ColumnMapping, 'index' | 'names' | 'geo'>,
): (row: number | undefined) => NodeCells | undefined {
  const byNumber = new Map(rows.map((r) => [r.number, r]));
  return (number) => {
    const row = number === undefined ? undefined : byNumber.get(number);
    if (!row) return undefined;
    return (field) => {
      const read = field === 'x' ? (mapping.geo ? 'lon' : 'x') : field === 'y' ? (mapping.geo ? 'lat' : 'y') : field;
      const at = mapping.index[read];
      const column = mapping.names[read];
      const text = at === undefined ? '' : (row.cells[at] ?? '').trim();
      return column === undefined || text === '' ? undefined : { column, text };
    };
  };
}

/** Problems of the whole file first, then row by row (stable), so each row's problems read together. */
export function byRow(problems: string[]): string[] {
  const rowOf = (p: string) => Number(/^rows? (\d+)/.exec(p)?.[1] ?? 0);
  return problems
    .map((p, i) => ({ p, i, row: rowOf(p) }))
    .sort((a, b) => a.row - b.row || a.i - b.i)
    .map((e) => e.p);
}

/**
 * The instance rules' problems, each on the row it is about. The rules name customers by id, so rows that share one
 * cannot be told apart by the message: those customers are checked once more one at a time, and each of their
 * problems is put on its own row; only the duplicate id itself names all of them. `cells`: the file's cells, which the
 * problems quote (validate.ts FileCells).
 */
export function rulesOnRows(
  instance: Instance,
  problems: string[],
  rowsOfCustomer: Map<string, number[]>,
  customerRows: number[],
  depotRow: number | undefined,
  columns: ColumnMapping['names'],
  cells?: FileCells,
): string[] {
  const shared = new Set([...rowsOfCustomer].filter(([, rows]) => rows.length > 1).map(([id]) => id));
  const placed = problems.map(
    (p) => atCell(p, customerRows, depotRow, columns) ?? atPosition(p, customerRows) ?? withRow(p, rowsOfCustomer, depotRow),
  );
  if (shared.size === 0) return placed;
  const own = instance.customers.flatMap((c, i) => {
    if (!shared.has(c.id)) return [];
    const row = new Map([[c.id, [customerRows[i]]]]);
    // Alone, the customer meets the depot's and the fleet's problems again: only those that name it are kept.
    // Alone, the customer is the first of the list: its cells are those of its place in the whole one.
    const ownCells: FileCells | undefined = cells && ((node, field) => cells(node === 0 ? i : node, field));
    return checkInstance({ ...instance, customers: [c] }, { sent: true, cells: ownCells })
      .problems.map((p) => atCell(p, [customerRows[i]], undefined, columns) ?? withRow(p, row, undefined))
      .filter((p) => p.startsWith('row '));
  });
  // A cell's problem is on its own row already, and found again alone.
  return [...new Set([...placed.filter((p, i) => !/^rows /.test(p) || problems[i].startsWith('duplicate id')), ...own])];
}
