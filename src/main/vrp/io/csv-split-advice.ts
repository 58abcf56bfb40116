/**
 * What split a row of a customer CSV, in one wording for every message that tells it: a row with more fields than the
 * header (csv-long-rows.ts) and a value under a column without a header (csv-shape.ts). What is likely depends on the
 * file's separator: in a ',' file a decimal comma splits a number in two; in a file with ';', tab or '|' between
 * columns a decimal comma splits nothing, so a separator was written inside a cell.
 */

/** Why a row of a ',' file has a field too many, most often. */
export const DECIMAL_COMMA_SPLIT =
  "a decimal comma in a file with ',' between columns splits a number in two: write 2.5, or save the file with ';' between columns";

/** The separator as a message names it: 'tab', or the character in quotes. */
export const separatorName = (delimiter: string): string => (delimiter === '\t' ? 'tab' : `'${delimiter}'`);

/** That the file's separator was written inside a cell. */
export const separatorInsideCell = (delimiter: string): string =>
  `the separator ${delimiter === '\t' ? '(a tab)' : separatorName(delimiter)} appears inside a cell`;

/** What to do with a cell that holds the file's separator. */
export const separatorInCellFix = (delimiter: string): string =>
  `put that cell in double quotes, or remove the ${separatorName(delimiter)} from it`;

/** What most likely split a row of a file with this separator, and what to do, where the cell is not known. */
export const splitRowAdvice = (delimiter: string): string =>
  delimiter === ',' ? DECIMAL_COMMA_SPLIT : `${separatorInsideCell(delimiter)}: ${separatorInCellFix(delimiter)}`;
