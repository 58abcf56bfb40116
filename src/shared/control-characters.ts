/**
 * Characters an instance's texts (ids, names, addresses) may not hold when they are sent to be kept: control characters
 * (NUL, tabs, line breaks; the day's CSV export would write them and its import refuses such a file as binary), and the
 * bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069) that make a text print in another order than it
 * is stored ("Trojan source"). The marks a right-to-left script needs (U+200E, U+200F) and joiners stay allowed.
 */
const CONTROL = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

/** The first such character as U+XXXX, or null when the text has none. */
export function controlCharacterIn(text: string): string | null {
  const found = CONTROL.exec(text);
  return found ? `U+${found[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}` : null;
}

/** The predicate a schema's message completes ("name … for customer C001"). */
export const controlCharacterMessage = (text: string): string =>
  `holds the invisible control character ${controlCharacterIn(text)}: remove it (retype the text where it was pasted)`;
