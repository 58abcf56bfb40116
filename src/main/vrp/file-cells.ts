/**
 * The cells of the user's file an instance was read from (the CSV import), for the validator's messages to quote the
 * file as written, under the column's own header: "row 3, column Breite: latitude '4818,3963' is outside …", "column
 * Menge: demand '-2,5' is negative …", not the number read back in another notation. Without a file (a saved day, the
 * API, the add dialog) a message writes the figure instead (messageNumber, or the time as the day writes its times).
 */
import type { QuotedCell } from '../../shared/issues.js';
import { messageNumber } from '../../shared/number-text.js';

/** The fields whose cells the rules quote: the numbers of a row, its window times included. */
export const QUOTED_FIELDS = ['x', 'y', 'demand', 'ready', 'due', 'service'] as const;
export type QuotedField = (typeof QUOTED_FIELDS)[number];

/** `node`: the customer's place in the instance's list, or the depot. */
export type FileCells = (node: number | 'depot', field: QuotedField) => QuotedCell | undefined;

/** One node's cells (FileCells for that node). */
export type NodeCells = (field: QuotedField) => QuotedCell | undefined;

/** A node's figure in a message: its cell quoted, with the column named in front (`lead`), or `written` alone. */
export function figure(
  cells: NodeCells | undefined,
  field: QuotedField,
  value: number,
  written: (v: number) => string = messageNumber,
): { lead: string; text: string; comma: boolean } {
  const cell = cells?.(field);
  if (!cell) return { lead: '', text: written(value), comma: false };
  return { lead: `column ${cell.column}: `, text: `'${cell.text}'`, comma: /\d,\d/.test(cell.text) && !cell.text.includes('.') };
}

/**
 * Another row's figure in a message, a customer's quoting the depot's hours: its cell quoted where the file is known
 * ("the shift starts at '7:30'"), else `written`, the figure as the message writes it. No column is named in front: the
 * message's lead names its own row's cells.
 */
export function cellOr(cells: NodeCells | undefined, field: QuotedField, written: string): string {
  const cell = cells?.(field);
  return cell ? `'${cell.text}'` : written;
}

/** The lead of a message quoting several cells of a row: "column Von: ", "columns Von, Bis: ", '' where none is quoted. */
export function leadOf(...figures: { lead: string }[]): string {
  const columns = figures.filter((f) => f.lead !== '').map((f) => f.lead.slice('column '.length, -': '.length));
  return columns.length === 0 ? '' : `${columns.length > 1 ? 'columns' : 'column'} ${columns.join(', ')}: `;
}

const quoted = (field: unknown): field is QuotedField => (QUOTED_FIELDS as readonly unknown[]).includes(field);

/**
 * The cell behind a schema finding's path in an instance ("customers", 2, "demand"; "depot", "x"), for describeIssues
 * to quote; undefined for any other field, or where the file has no such cell.
 */
export const cellAtPath =
  (cells: FileCells) =>
  (path: readonly PropertyKey[]): QuotedCell | undefined => {
    if (path[0] === 'depot' && path.length === 2 && quoted(path[1])) return cells('depot', path[1]);
    if (path[0] === 'customers' && typeof path[1] === 'number' && path.length === 3 && quoted(path[2])) return cells(path[1], path[2]);
    return undefined;
  };
