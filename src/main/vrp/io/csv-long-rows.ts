/**
 * Rows with more fields than the header: a separator inside a cell splits it in two, and every cell after it moves one
 * column on. Such a row is told once, not cell by cell (its cells are not read); trailing empty cells are fine.
 */
import type { Row } from './csv-rows.js';

/** Why a row has more fields than the header, most often. */
const TOO_MANY_FIELDS = ` (a decimal comma in a file with ',' between columns splits a number in two: write 2.5, or save the file with ';' between columns)`;

export interface LongRows {
  /** The rows that have a filled cell beyond the header's last column: not read, and told in `problems`. */
  rows: Row[];
  problems: string[];
}

export function longRows(rows: readonly Row[], width: number): LongRows {
  const long = rows.filter((r) => r.cells.slice(width).some((c) => c.trim() !== ''));
  return {
    rows: long,
    problems: long.map((row) => `row ${row.number}: has ${row.cells.length} fields, the header has ${width}${TOO_MANY_FIELDS}`),
  };
}
