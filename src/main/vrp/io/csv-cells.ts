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

/**
 * A text cell as it was before writeCsv escaped it, its outer spaces trimmed as every cell's are (an escaped leading
 * tab is inside the mark, so kept). A text of only white space that writeCsv escaped (a tab: `'<tab>`) trims to the
 * bare mark, which would come back as `'`, a character no one typed: it reads as the empty text a blank cell is.
 */
export const readCell = (cell: string): string => {
  const text = cell.trim();
  if (text.startsWith("'") && FORMULA_START.test(text.slice(1))) return text.slice(1);
  return text === "'" && /^'\s/.test(cell.trimStart()) ? '' : text;
};
