/** The rows of a customer CSV as a spreadsheet numbers them, and the import's messages put in their order. */

export interface Row {
  /** Spreadsheet row number. */
  number: number;
  cells: string[];
}

/**
 * An instance rule's message with the spreadsheet row it is about in front ("row 7: ready time … for customer
 * 12"; "rows 3, 9:" for an id used twice): the rules name customers by id; the row is found by the id after
 * "customer ", the longest one that is a known id (ids may contain spaces).
 */
export function withRow(problem: string, rowsOfCustomer: Map<string, number[]>, depotRow: number | undefined): string {
  for (let at = problem.indexOf('customer '); at >= 0; at = problem.indexOf('customer ', at + 1)) {
    const rest = problem.slice(at + 'customer '.length);
    let rows: number[] | undefined;
    for (let end = 0; end <= rest.length; end++) {
      if (end < rest.length && !/[\s:,]/.test(rest[end])) continue;
      rows = rowsOfCustomer.get(rest.slice(0, end)) ?? rows;
    }
    if (rows) return `${rows.length > 1 ? 'rows' : 'row'} ${rows.join(', ')}: ${problem}`;
  }
  return depotRow !== undefined && /\bdepot\b/.test(problem) ? `row ${depotRow}: ${problem}` : problem;
}

/** Problems of the whole file first, then row by row (stable), so each row's problems read together. */
export function byRow(problems: string[]): string[] {
  const rowOf = (p: string) => Number(/^rows? (\d+)/.exec(p)?.[1] ?? 0);
  return problems
    .map((p, i) => ({ p, i, row: rowOf(p) }))
    .sort((a, b) => a.row - b.row || a.i - b.i)
    .map((e) => e.p);
}
