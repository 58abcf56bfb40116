/** How a customer CSV writes its numbers, as far as the import needs to know to say what it read. */

/**
 * How a ';' or tab file writes its numbers, as far as a demand shaped like one with a thousands separator, a point
 * (1.250) or, in a tab file, a comma (1,250), needs it. The file's other numbers settle what the mark is: where they
 * write their decimals with the other mark and none with this one (48,137 beside 1.250, as German Excel writes a
 * thousand and a quarter), it is a thousands separator and the cell is 1250; where they show it as a decimal mark
 * (3.5 beside 1.250), it is one; where nothing tells (Excel writes ';' files in Germany and tab files anywhere), the
 * cell is read with the decimal mark, 1.25, and said so. Every such cell is named.
 */
export interface NumberStyle {
  /** The decimal marks that settle a demand cell: the demand column's where it shows any, else the file's (decimalMarks). */
  marks: DecimalMarks;
  /** A comma may be either mark: tab and '|' files, and ',' files whose quoted numbers have decimal commas (1,250 or 1,25). */
  commaEither: boolean;
  /** The mark the file shows to be a thousands separator, where it does: demand cells grouped by it read as thousands. */
  thousands?: '.' | ',';
  /** Demand cells read with the thousands separator the file shows ("row 5, column demand: '1.250'"). */
  readAsThousands: string[];
  /** Demand cells shaped like thousands read with a decimal point (1.250 as 1.25) where nothing told which it is. */
  pointUntold: string[];
  /** The same with a decimal comma (1,250 as 1.25). */
  commaUntold: string[];
}

export interface DecimalMarks {
  point: boolean;
  comma: boolean;
}

/** A number grouped in thousands by `mark` and nothing else: 1.250, 12.500.000 (point) or 1,250 (comma). */
export const groupedBy = (text: string, mark: '.' | ','): boolean =>
  (mark === '.' ? /^[+-]?\d{1,3}(\.\d{3})+$/ : /^[+-]?\d{1,3}(,\d{3})+$/).test(text);

/**
 * The decimal marks a file's numbers show (coordinates, demands, service; not window times, where 7.30 may be a
 * time of day): a number with one point or one comma, leaving out demands grouped like thousands, which show
 * nothing by themselves (coordinates never carry a thousands separator: 13.405 is degrees).
 */
export function decimalMarks(cells: readonly { text: string; amount: boolean }[]): DecimalMarks {
  const marks = { point: false, comma: false };
  for (const { text, amount } of cells) {
    const number = plainNumber(text.trim());
    if (!/^[+-]?\d*[.,]\d+$/.test(number)) continue;
    const mark = number.includes('.') ? '.' : ',';
    if (amount && groupedBy(number, mark)) continue;
    if (mark === '.') marks.point = true;
    else marks.comma = true;
  }
  return marks;
}

/**
 * The style a file read with decimal commas (`decimalComma`) has, from its marks: which mark, if any, groups
 * thousands. The demand column's own decimals decide where it shows any (2,5 and 12,5 beside 1.250 make it 1250 even
 * where the coordinates, pasted from a map, write points); else the file's other numbers do.
 */
export function numberStyle(file: DecimalMarks, demand: DecimalMarks, decimalComma: boolean, commaEither: boolean): NumberStyle {
  const marks = demand.point || demand.comma ? demand : file;
  const thousands = decimalComma && marks.comma && !marks.point ? '.' : commaEither && marks.point && !marks.comma ? ',' : undefined;
  return { marks, commaEither, thousands, readAsThousands: [], pointUntold: [], commaUntold: [] };
}

/** "row 5, column demand: '1.250' was" or "row 5, column demand: '1.250' and row 9, column demand: '2.400' were". */
function cellsWere(cells: readonly string[]): string {
  if (cells.length === 1) return `${cells[0]} was`;
  const shown = cells.length <= 4 ? cells : [...cells.slice(0, 3), `${cells.length - 3} more`];
  return `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]} were`;
}

export function numberStyleWarnings(style: NumberStyle): string[] {
  const fix = 'if a thousands separator was meant, write the number without it (1250)';
  const out: string[] = [];
  if (style.readAsThousands.length) {
    const [decimals, written] = style.thousands === '.' ? ['commas', '1,25'] : ['points', '1.25'];
    out.push(
      `${cellsWere(style.readAsThousands)} read with a thousands separator (${style.thousands === '.' ? '1.250' : '1,250'} as 1250), as the file writes its other numbers with decimal ${decimals}: if a decimal was meant, write it so (${written})`,
    );
  }
  if (style.pointUntold.length) out.push(`${cellsWere(style.pointUntold)} read with a decimal point (1.250 as 1.25): ${fix}`);
  if (style.commaUntold.length) out.push(`${cellsWere(style.commaUntold)} read with a decimal comma (1,250 as 1.25): ${fix}`);
  return out;
}

/** Why a number could not be read, when something says what was meant: its kind (cells alike are told once) and words. */
export interface NumberHint {
  kind: 'decimal comma' | 'comma before three digits' | 'thousands' | 'unit' | 'degrees';
  text: string;
}

/** What a number a reader cannot take was probably meant as, with how to write it; undefined when nothing fits. */
export function numberHint(text: string, decimalComma: boolean, amount: boolean): NumberHint | undefined {
  // "53,55" quoted in a ',' file that is not read with decimal commas: either its other numbers have decimal points,
  // or every comma stands before three digits, where a thousands separator is as likely (commaFileDecimals).
  if (!decimalComma && /^[+-]?\d+,\d+$/.test(text)) {
    const point = text.replace(',', '.');
    if (/,\d{3}$/.test(text))
      return {
        kind: 'comma before three digits',
        text: ` (a comma before three digits: write ${point} for a decimal comma, ${text.replace(',', '')} for a thousands separator)`,
      };
    return {
      kind: 'decimal comma',
      text: ` (a decimal comma beside numbers written with decimal points: write ${point}, or every number with a decimal comma)`,
    };
  }
  // "1.250,5" or "1,250.5": a thousands separator beside the decimal mark.
  const grouped = /^[+-]?\d{1,3}(([.,])\d{3})+([.,])\d+$/.exec(text);
  if (grouped && grouped[2] !== grouped[3]) {
    const mark = grouped[3];
    const plain = text.split(grouped[2]).join('');
    const written = decimalComma || mark === '.' ? plain : plain.replace(',', '.');
    return { kind: 'thousands', text: ` (a thousands separator: write ${written}, without it)` };
  }
  // "9.5 kg": an amount with its unit, which only a duration may carry (the capacity's unit is the user's to keep).
  const unit = /^([+-]?\d+(?:[.,]\d+)?)\s*[a-zA-Zµ%]+\.?$/.exec(text);
  if (amount && unit) return { kind: 'unit', text: ` (a unit in the cell: write the number alone, ${unit[1]}, in the capacity's unit)` };
  return undefined;
}

/** Group separators a number may carry that cannot be a decimal mark: a space, a no-break space, a narrow one. */
const SPACE_GROUPED = /^[+-]?\d{1,3}([ \u00a0\u202f]\d{3})+([.,]\d+)?$/;

/**
 * A number cell as the reader parses it: a Unicode minus (−87.6, as word processors and some exports write it) is a
 * minus, and spaces between groups of thousands (1 250,5, as French Excel writes it) go. Neither can mean anything
 * else.
 */
export function plainNumber(text: string): string {
  const signed = text.replace(/^\u2212/, '-');
  return SPACE_GROUPED.test(signed) ? signed.replace(/[ \u00a0\u202f]/g, '') : signed;
}

/**
 * Whether a ',' file writes its numbers with decimal commas, in quoted cells: Google Sheets does in a German or
 * French locale, and cannot save with ';'. Read so where some number shows it (a comma not followed by exactly three
 * digits, so not a thousands separator: 52,52, 9,5) and no number has a decimal point.
 */
export function commaFileDecimals(cells: readonly string[]): boolean {
  const numbers = cells.map((c) => plainNumber(c.trim())).filter((c) => /^[+-]?\d*[.,]\d+$/.test(c));
  return numbers.some((c) => /,(\d{1,2}|\d{4,})$/.test(c)) && !numbers.some((c) => c.includes('.'));
}
