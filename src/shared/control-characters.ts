/**
 * Characters an instance's texts may not hold when they are sent to be kept: control characters (NUL and the like; the
 * day's CSV export would write them and its import refuses such a file as binary), and the bidirectional overrides and
 * isolates (U+202A–U+202E, U+2066–U+2069) that make a text print in another order than it is stored ("Trojan source").
 * A name or an address may break its line (an address cell of a spreadsheet, "Hauptstr. 1⏎10115 Berlin": the CSV
 * export quotes it and reads it back) and hold a tab; an id, which is matched, may hold neither. The marks a
 * right-to-left script needs (U+200E, U+200F) and joiners stay allowed.
 */
const IN_ID = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;
const IN_TEXT = /(?![\t\n\r])[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

/** The first such character as U+XXXX, or null when the text has none (`kind`: an id, or a name or an address). */
export function controlCharacterIn(text: string, kind: 'id' | 'text' = 'id'): string | null {
  const found = (kind === 'id' ? IN_ID : IN_TEXT).exec(text);
  return found ? `U+${found[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}` : null;
}

/** How the message starts: a reader that words it for its own file (a CSV cell) finds it by this. */
export const CONTROL_CHARACTER_PREDICATE = 'holds the invisible control character';

/** The predicate a schema's message completes ("name … for customer C001"). */
export const controlCharacterMessage = (text: string, kind: 'id' | 'text' = 'id'): string =>
  `${CONTROL_CHARACTER_PREDICATE} ${controlCharacterIn(text, kind)}: remove it (retype the text where it was pasted)`;
