/**
 * The editable cells of a table as a grid, the way a spreadsheet user moves through them: the cell so many rows down
 * (or up) and columns across from another, and how much room a pasted block has. Read from the page, so it holds for
 * any table of EditableCells (the customers', the fleet's), in the order its rows are shown (sorted as on screen).
 * Rows without an editable cell (a customer's messages under it), and rows a filter hides, are not rows of the grid:
 * a move or a pasted block goes to the rows the dispatcher sees.
 *
 * A table that draws only the rows in view (the customer table on a long day: use-row-window.ts) registers a
 * TableWindow: the grid asks it to draw the rows a move or a pasted block reaches before it looks for them, and asks
 * it how many rows lie below, drawn or not.
 */

/** Enters text into a cell as if typed and committed; `step` names the undo step it joins. Kept per input element. */
export type CellEntry = (text: string, step: string) => void;
const entries = new WeakMap<HTMLInputElement, CellEntry>();

export function registerCellEntry(input: HTMLInputElement, entry: CellEntry): void {
  entries.set(input, entry);
}

export function cellEntry(input: HTMLInputElement): CellEntry | undefined {
  return entries.get(input);
}

/** The rows of a table that draws only some of them: what the grid needs of it. */
export interface TableWindow {
  /** Draws (synchronously) the grid rows from `row` to `down` rows below it (above, when negative) that exist. */
  reveal(row: HTMLTableRowElement, down: number): void;
  /** How many grid rows lie below `row`, drawn or not. */
  rowsBelow(row: HTMLTableRowElement): number;
}
const windows = new WeakMap<HTMLTableElement, TableWindow>();

export function registerTableWindow(table: HTMLTableElement, window: TableWindow): void {
  windows.set(table, window);
}

const windowOf = (row: HTMLTableRowElement) => {
  const table = row.closest('table');
  return table ? windows.get(table) : undefined;
};

const editableCells = (row: HTMLTableRowElement) => [...row.cells].filter((cell) => cell.classList.contains('cell-edit'));

const isGridRow = (r: Element | null): r is HTMLTableRowElement =>
  r instanceof HTMLTableRowElement && !r.hidden && editableCells(r).length > 0;

/**
 * The table's row after (before, when `step` is negative) `row`, across row groups: a windowed table draws each
 * customer's rows as a body of their own.
 */
function nextRow(row: Element, step: number): Element | null {
  const sibling = step > 0 ? row.nextElementSibling : row.previousElementSibling;
  if (sibling || !(row.parentElement instanceof HTMLTableSectionElement)) return sibling;
  for (let group = row.parentElement; ; ) {
    const next: Element | null = step > 0 ? group.nextElementSibling : group.previousElementSibling;
    if (!(next instanceof HTMLTableSectionElement)) return null;
    const rows = next.rows;
    if (rows.length > 0) return step > 0 ? rows[0] : rows[rows.length - 1];
    group = next;
  }
}

/**
 * The grid's row `down` rows below (above, when negative) `row`, or null past the grid. Walked from `row`, not found
 * among all the table's rows: an arrow key on a day of 1,000 stops looks at the next row, not at 1,000. A windowed
 * table draws the rows it passes first.
 */
export function gridRow(row: HTMLTableRowElement, down: number): HTMLTableRowElement | null {
  windowOf(row)?.reveal(row, down);
  let at: Element | null = row;
  for (let left = Math.abs(down); at && left > 0; ) {
    at = nextRow(at, down);
    if (isGridRow(at)) left--;
  }
  return at instanceof HTMLTableRowElement ? at : null;
}

/** The column of the table a cell starts in: the cells before it in its row, each as many columns as it spans. */
function startColumn(cell: HTMLTableCellElement): number {
  let column = 0;
  for (let i = 0; i < cell.cellIndex; i++) column += (cell.parentElement as HTMLTableRowElement).cells[i].colSpan;
  return column;
}

/** The cell and row of `from`'s field, its column's place among the row's editable cells, and its table column. */
function place(from: HTMLInputElement) {
  const cell = from.closest('td');
  const row = cell?.parentElement;
  if (!cell || !(row instanceof HTMLTableRowElement)) return null;
  const cells = editableCells(row);
  return { row, column: cells.indexOf(cell), columns: cells.length, start: startColumn(cell) };
}

/**
 * The field of the cell `down` rows below (above, when negative) and `across` columns right of `from`'s; null past the
 * grid. Down is the column as it is drawn: the editable cell of that row under the first column of `from`'s, whichever
 * cell spans it. In the fleet's grid the depot's latitude and longitude each span the row under the shift's two cells:
 * Enter in either goes down to the latitude, and from there to the longitude, not off the grid.
 */
export function cellInput(from: HTMLInputElement, down: number, across: number): HTMLInputElement | null {
  const at = place(from);
  const row = at && gridRow(at.row, down);
  if (!at || !row) return null;
  const cells = editableCells(row);
  const under = down === 0 ? at.column : cells.findIndex((c) => startColumn(c) <= at.start && at.start < startColumn(c) + c.colSpan);
  return under < 0 ? null : (cells[under + across]?.querySelector('input') ?? null);
}

/** How many rows and columns a block pasted at `from` can fill: from its cell to the grid's last row and column. */
export function roomFrom(from: HTMLInputElement): { rows: number; columns: number } {
  const at = place(from);
  if (!at) return { rows: 1, columns: 1 };
  const window = windowOf(at.row);
  let rows = 1;
  if (window) rows += window.rowsBelow(at.row);
  else for (let r = nextRow(at.row, 1); r; r = nextRow(r, 1)) if (isGridRow(r)) rows++;
  return { rows, columns: at.columns - at.column };
}

/** Draws the rows a block of `rows` rows pasted at `from` fills, at once: not one by one between the cells it enters. */
export function revealRows(from: HTMLInputElement, rows: number): void {
  const at = place(from);
  if (at) windowOf(at.row)?.reveal(at.row, rows - 1);
}

/**
 * The values of a block copied from a spreadsheet (one line a row, tab-separated columns; the last line break a
 * spreadsheet adds dropped), or null when the text is one value, which pastes into the cell as typed text does.
 */
export function pastedBlock(text: string): string[][] | null {
  const rows = text
    .replace(/(\r\n|\r|\n)+$/, '')
    .split(/\r\n|\r|\n/)
    .map((line) => line.split('\t'));
  return rows.length === 1 && rows[0].length === 1 ? null : rows;
}

/** Why a block does not fit the room from the cell pasted into, in the dispatcher's words; null when it fits. */
export function blockMisfit(block: string[][], room: { rows: number; columns: number }): string | null {
  const columns = Math.max(...block.map((row) => row.length));
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  if (block.length > room.rows)
    return `the pasted block has ${count(block.length, 'row')}, which runs past the table's last row (${count(room.rows, 'row')} from here): nothing was pasted`;
  if (columns > room.columns)
    return `the pasted block has ${count(columns, 'column')}, which runs past the table's last column you can type in (${count(room.columns, 'column')} from here): nothing was pasted`;
  return null;
}
