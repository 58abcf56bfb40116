/**
 * The first items of a long list and a count of the rest ("3, 8, 12, 15, 21 and 40 more"), so that a message about
 * thousands of rows stays one line. Lists of up to `whole` items (by default `shown`) are given in full.
 */
export function someOf(items: readonly (string | number)[], shown: number, whole = shown): string {
  return items.length <= whole ? items.join(', ') : `${items.slice(0, shown).join(', ')} and ${items.length - shown} more`;
}
