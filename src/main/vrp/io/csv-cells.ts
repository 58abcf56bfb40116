import Papa from 'papaparse';

/**
 * Text a spreadsheet would run as a formula when the file is opened (=, +, -, @, tab, carriage return), and
 * our own escape mark so that escaping stays reversible. Such a cell is exported with a leading apostrophe,
 * which spreadsheets show as plain text; the importer removes it again (readCell), so ids round-trip exactly.
 */
const FORMULA_START = /^[=+\-@\t\r']/;

/** Every CSV export writes through here: numbers as they are, text cells neutralised. */
export function writeCsv(fields: string[], data: (string | number)[][]): string {
  return `${Papa.unparse({ fields, data }, { newline: '\n', escapeFormulae: FORMULA_START })}\n`;
}

/** A text cell as it was before writeCsv escaped it. */
export const readCell = (cell: string): string => (cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell);
