/** How a customer CSV writes its numbers, as far as the import needs to know to say what it read. */

/**
 * How a ';' or tab file writes its numbers: whether any has a decimal comma, and the first number shaped like one
 * with a thousands separator, a point (1.250) or, in a tab file, a comma (1,250). Such a number is ambiguous where
 * the separator does not tell the file's locale (Excel writes ';' files in Germany, where 1.250 is 1250, and tab
 * files anywhere) and no other number does (3.5): read as 1.25, and said so.
 */
export interface NumberStyle {
  commaDecimals: boolean;
  thousandsLike?: string;
  commaThousandsLike?: string;
  /** Some number has a decimal point not shaped like a thousands one (3.5): the file's points are decimal points. */
  pointDecimals?: boolean;
  /** A comma may be either mark: tab files, and ',' files whose quoted numbers have decimal commas (1,250 or 1,25). */
  commaEither: boolean;
}

export function numberStyleWarnings(style: NumberStyle): string[] {
  const fix = 'if a thousands separator was meant, write the number without it (1250)';
  return [
    ...(style.thousandsLike === undefined || style.pointDecimals
      ? []
      : [
          `${style.thousandsLike} was read with a decimal point (1.250 as 1.25)${style.commaDecimals ? ', though the file writes other numbers with decimal commas' : ''}: ${fix}`,
        ]),
    ...(style.commaThousandsLike === undefined
      ? []
      : [`${style.commaThousandsLike} was read with a decimal comma (1,250 as 1.25): ${fix}`]),
  ];
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
