/**
 * Rows that end before the header does. Excel leaves out the separators of empty cells at a row's end (on the rows
 * after the 16th of a sheet whose last columns are mostly empty), and so do hand edits: such a row is read with those
 * cells empty where the import may leave them so (a column it does not read, a note, a customer's window). Where a
 * missing cell is one the row needs, the rows are told once per column they lack, not one line per row.
 */
import { cellMayBeEmpty } from './csv-cell-reader.js';
import { rowsText } from './csv-cell-problems.js';
import type { ColumnMapping, CsvField } from './csv-columns.js';
import type { Row } from './csv-rows.js';

export interface ShortRows {
  /** The rows, a short one that can be read so padded with empty cells to the header's width. */
  rows: Row[];
  /** Short rows that lack a cell they need: not read, and told in `problems`. */
  refused: Set<Row>;
  problems: string[];
}

/** "service", "x, y and demand". */
const listed = (names: readonly string[]) => (names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/** `garbled`: rows whose shape a parse error explains (a quote left open swallows the rest): refused, not told again. */
export function shortRows(
  rows: readonly Row[],
  width: number,
  mapping: ColumnMapping,
  depot: Row | undefined,
  garbled: ReadonlySet<number>,
): ShortRows {
  const read = (Object.entries(mapping.index) as [CsvField, number][]).sort((a, b) => a[1] - b[1]);
  const refused = new Set<Row>();
  const groups = new Map<string, { rows: Row[]; names: string[]; depot: boolean }>();
  const padded = rows.map((row) => {
    if (row.cells.length >= width) return row;
    const isDepot = row === depot;
    const needed = read.filter(([field, at]) => at >= row.cells.length && !cellMayBeEmpty(field, isDepot)).map(([f]) => mapping.names[f]!);
    if (needed.length === 0) return { ...row, cells: [...row.cells, ...new Array<string>(width - row.cells.length).fill('')] };
    refused.add(row);
    if (garbled.has(row.number)) return row;
    const key = `${isDepot}\u0000${needed.join('\u0000')}`;
    const group = groups.get(key) ?? { rows: [], names: needed, depot: isDepot };
    group.rows.push(row);
    groups.set(key, group);
    return row;
  });
  const problems = [...groups.values()].map((group) => {
    const counts = group.rows.map((r) => r.cells.length);
    const [least, most] = [Math.min(...counts), Math.max(...counts)];
    const many = group.rows.length > 1;
    const cells = many || group.names.length > 1;
    return `${rowsText(group.rows.map((r) => r.number))} ${many ? 'have' : 'has'} only ${least === most ? least : `${least} to ${most}`} of the header's ${width} columns: ${many ? 'their' : 'its'} ${cells ? 'cells' : 'cell'} in column${group.names.length > 1 ? 's' : ''} ${listed(group.names)} ${cells ? 'are' : 'is'} missing, which ${group.depot ? 'the depot needs' : 'every customer needs'}: fill ${cells ? 'them' : 'it'} in`;
  });
  return { rows: padded, refused, problems };
}
