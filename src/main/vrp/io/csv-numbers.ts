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
