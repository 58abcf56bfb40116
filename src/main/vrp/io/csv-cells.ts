import Papa from 'papaparse';

/**
 * Text a spreadsheet would run as a formula when the file is opened (=, +, -, @, tab, carriage return), and
 * our own escape mark so that escaping stays reversible. Such a cell is exported with a leading apostrophe,
 * which spreadsheets show as plain text; the importer removes it again (readCell), so ids round-trip exactly.
 */
const FORMULA_START = /^[=+\-@\t\r']/;

/**
 * How a CSV file separates its columns and writes its decimals. `standard`: `,` and `12.5`, as every program reads.
 * `decimal-comma`: for Excel where the computer's language writes decimals with a comma (German, French, …), which
 * opens a file by its list separator, `;`, and reads `12,5` as a number: there a standard file lands in one column.
 */
export type CsvDialect = 'standard' | 'decimal-comma';

/** The dialect an export format asks for (the API's `csv-decimal-comma`, for a plan's CSV and a day's alike). */
export const dialectOfFormat = (format: string): CsvDialect => (format === 'csv-decimal-comma' ? 'decimal-comma' : 'standard');

/** A text cell neutralised: what would run as a formula gets the apostrophe readCell takes off again. */
const escapeText = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/**
 * Every CSV export writes through here: numbers as they are (with a decimal comma in that dialect), text cells
 * neutralised. The escape is done here, not by the CSV writer: a number written with a comma is text to it, and a
 * negative one ("-1,5") would be escaped as a formula and no longer read as a number.
 */
export function writeCsv(fields: string[], data: (string | number)[][], dialect: CsvDialect = 'standard'): string {
  const comma = dialect === 'decimal-comma';
  const cell = (value: string | number) =>
    typeof value === 'number' ? (comma ? String(value).replace('.', ',') : value) : escapeText(value);
  const text = Papa.unparse(
    { fields: fields.map(escapeText), data: data.map((row) => row.map(cell)) },
    // An escaped cell is quoted, so that the apostrophe stays inside it in any program.
    { newline: '\n', delimiter: comma ? ';' : ',', quotes: (value: unknown) => typeof value === 'string' && value.startsWith("'") },
  );
  return `${text}\n`;
}

/**
 * A number in running text, not part of a word, a longer number or a date: as every message writes it ("1234.5",
 * "-3.25": messageNumber, number-text.ts) or with its thousands grouped ("1,234.5"); its whole part and its fraction.
 */
const NUMBER_IN_TEXT = /(?<![\p{L}\p{N}_.])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(?![\p{L}\p{N}_]|[.,]\d)/gu;

/**
 * A sentence of the file's own (a plan's note: "late by 12.5 min") with its numbers written as the dialect writes a
 * number cell: with a decimal comma in `decimal-comma`, so that the note and the cells beside it agree. The names it
 * quotes (`keep`: the ids of the day's stops) are the user's text and stay as written, an id "10.3" too.
 */
export function numbersInText(text: string, dialect: CsvDialect, keep: readonly string[] = []): string {
  if (dialect !== 'decimal-comma' || !/\d[.,]\d/.test(text)) return text;
  // Where a kept name stands as a word of its own: from the text's start or after a space or quote, to its end or a
  // space, quote or mark (a name inside a longer number, "2.3" in "512.35", is not it).
  const kept: [number, number][] = [];
  for (const name of keep) {
    if (name === '' || !/[.,]/.test(name)) continue;
    for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
      const end = at + name.length;
      if (/^$|[\s'"(]$/.test(text.slice(Math.max(0, at - 1), at)) && /^$|^[\s'":,;)]/.test(text.slice(end, end + 1))) kept.push([at, end]);
    }
  }
  // As a number cell of the dialect: a decimal comma and no grouping ("1,234.5" is 1234,5; "1,200" is 1200).
  return text.replace(NUMBER_IN_TEXT, (number, whole: string, fraction: string | undefined, at: number) =>
    kept.some(([from, to]) => at < to && at + number.length > from)
      ? number
      : `${whole.replaceAll(',', '')}${fraction === undefined ? '' : `,${fraction}`}`,
  );
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
