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
  /** Tab-separated: a comma may be either mark. */
  tab: boolean;
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

/** What a number a reader cannot take was probably meant as, with how to write it; '' when nothing fits. */
export function numberHint(text: string, decimalComma: boolean): string {
  // "53,55" quoted in a comma-separated file: a decimal comma, which only ';' and tab files may use.
  if (!decimalComma && /^[+-]?\d+,\d+$/.test(text)) {
    return ` (a decimal comma: write ${text.replace(',', '.')}, or save the file with ';' between columns)`;
  }
  // "1.250,5" or "1,250.5": a thousands separator beside the decimal mark.
  const grouped = /^[+-]?\d{1,3}(([.,])\d{3})+([.,])\d+$/.exec(text);
  if (grouped && grouped[2] !== grouped[3]) {
    const mark = grouped[3];
    const plain = text.split(grouped[2]).join('');
    const written = decimalComma || mark === '.' ? plain : plain.replace(',', '.');
    return ` (a thousands separator: write ${written}, without it)`;
  }
  return '';
}
