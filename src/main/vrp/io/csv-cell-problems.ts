import { someOf } from '../../../shared/some-of.js';
/**
 * Problems of single cells, told once per column where many cells of it fail alike: a column of "9.5 kg" or of
 * empty cells is one line naming its rows and an example, not sixty lines that hide the other problems of the file.
 */

export interface CellProblem {
  row: number;
  column: string;
  /** Cells of one column with the same kind fail for the same reason and are told together. */
  kind: string;
  /** The problem of this cell alone: "'9.5 kg' is not a number". */
  alone: string;
  /** The problem of many cells like it, with this one as the example: "are not numbers, such as '9.5 kg'". */
  many: string;
}

/** From this many cells of a column failing alike, they are told in one line. */
const TOLD_TOGETHER = 3;

/** "row 7", "rows 2 to 62", "rows 3, 8, 12", "rows 3, 8, 12, 15, 21 and 40 more" (rows in order). */
export function rowsText(rows: readonly number[]): string {
  if (rows.length === 1) return `row ${rows[0]}`;
  if (rows[rows.length - 1] - rows[0] === rows.length - 1) return `rows ${rows[0]} to ${rows[rows.length - 1]}`;
  return `rows ${someOf(rows, 5, 6)}`;
}

/** The cells' problems in the order they were found, those of a column that fail alike in one line where they began. */
export function cellProblemLines(problems: readonly CellProblem[]): string[] {
  const groups = new Map<string, CellProblem[]>();
  for (const p of problems) {
    const key = `${p.column}\u0000${p.kind}`;
    const group = groups.get(key);
    if (group) group.push(p);
    else groups.set(key, [p]);
  }
  return [...groups.values()].flatMap((group) => {
    if (group.length < TOLD_TOGETHER) return group.map((p) => `row ${p.row}, column ${p.column}: ${p.alone}`);
    const [first] = group;
    return [`column ${first.column}, ${rowsText(group.map((p) => p.row))}: ${group.length} cells ${first.many}`];
  });
}
