import { cyrillicWithoutAOrO } from './greek-as-cyrillic.js';
import { fitsOneAlphabet } from './latin-alphabets.js';

/**
 * How garbled a text read in some code page looks. The same bytes read in the wrong code page still give
 * characters, but not ones that names and addresses are made of: a currency sign or a macron at the start of a
 * word ("£ódŸ", "¯eromskiego" for Polish read as Windows-1252), a capital inside a word ("SŸd" for Mac "Süd"), a
 * word of accented letters only ("Ðîìàøêà" for Russian), Latin and Cyrillic letters in one word ("Sьd" for German
 * read as Cyrillic), control characters; and, where every letter exists in Windows-1252, a word whose accents no
 * one language writes together ("Dvoøák" for Czech: latin-alphabets.ts) or Cyrillic without А or О (Greek capitals
 * read as 1251: greek-as-cyrillic.ts). Only characters beyond ASCII are judged: ASCII reads the same in every code
 * page a spreadsheet writes, so "GmbH" or "iPhone" count against none of them.
 */

export interface Oddities {
  /** Signs that the code page is wrong: control characters, symbols and capitals inside words, scripts mixed. */
  strong: number;
  /** Signs that many a right reading has too: accented Latin letters side by side (Portuguese "ção"), "A座". */
  weak: number;
  /** The text around the first sign, to show in a warning. */
  example?: string;
}

/** What one strong sign weighs (a weak one weighs 1): a misread text shows many, a text read right almost none. */
export const STRONG_WEIGHT = 2;

const LETTER = /\p{L}/u;
const UPPER = /\p{Lu}/u;
const LATIN = /\p{Script=Latin}/u;
const CYRILLIC = /\p{Script=Cyrillic}/u;
const GREEK = /\p{Script=Greek}/u;
const EAST_ASIAN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/** A letter of a script of its own, other than those above (not µ, which is of none). */
const OTHER_SCRIPT_LETTER =
  /(?![\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Common}\p{Script=Inherited}])\p{L}/u;
const OTHER_SCRIPT_BESIDE_LATIN = new RegExp(
  `\\p{Script=Latin}${OTHER_SCRIPT_LETTER.source}|${OTHER_SCRIPT_LETTER.source}\\p{Script=Latin}`,
  'u',
);

/**
 * Whether a letter of a script of its own stands against a Latin one ("Weiߒsche"): one quick look at a whole text
 * that is valid UTF-8, before judging it letter by letter.
 */
export const otherScriptBesideLatin = (text: string): boolean => OTHER_SCRIPT_BESIDE_LATIN.test(text);
const HALF_WIDTH_KANA = /[\uff61-\uff9f]/;
/** Symbols, and the punctuation that only a misread byte puts next to a letter; ° ® © ™ do stand next to letters (N°, °C, Brand®). */
const ODD_SIGN = /[\p{S}§¶†‡…•‰]/u;
/** Windows-1250's ą and ł read as 1252 (not ², nor ½: those bytes are no letters there, and "m²", "½kg" are usual). */
const SUPERSCRIPT = /[¹³]/;
/** Windows-1250's Ľ and ľ read as 1252. */
const FRACTION = /[¼¾]/;
const INVERTED = /[¿¡]/;
const USUAL_BESIDE_LETTERS = new Set(['°', '®', '©', '™', 'º', 'ª']);

type Script = 'latin' | 'cyrillic' | 'greek' | 'east-asian' | 'other';

function scriptOf(ch: string): Script {
  if (LATIN.test(ch)) return 'latin';
  if (CYRILLIC.test(ch)) return 'cyrillic';
  if (GREEK.test(ch)) return 'greek';
  if (EAST_ASIAN.test(ch)) return 'east-asian';
  return 'other';
}

/** Two letters side by side that no word holds: Latin, Cyrillic and Greek mixed, or Chinese or Japanese beside Cyrillic or Greek. */
function scriptsClash(a: Script, b: Script): boolean {
  if (a === b || a === 'other' || b === 'other') return false;
  // Latin beside Chinese or Japanese is usual ("A座", "ABCビル").
  return !(a === 'latin' && b === 'east-asian') && !(a === 'east-asian' && b === 'latin');
}

const isLetter = (ch: string | undefined) => ch !== undefined && LETTER.test(ch);
const beyondAscii = (ch: string | undefined) => ch !== undefined && ch.charCodeAt(0) >= 0x80;

/** The word (run of letters, marks and signs) around position i. */
function wordAt(chars: string[], i: number): string {
  let start = i;
  let end = i + 1;
  while (start > 0 && /[\p{L}\p{M}\p{S}§¶†‡…•‰]/u.test(chars[start - 1])) start--;
  while (end < chars.length && /[\p{L}\p{M}\p{S}§¶†‡…•‰]/u.test(chars[end])) end++;
  return chars.slice(start, end).join('');
}

/** The cell text around position i (up to a space or separator), control characters written as U+0081. */
function exampleAt(chars: string[], i: number): string {
  const inCell = (ch: string) => !/[\s,;|"]/u.test(ch);
  let start = i;
  let end = i + 1;
  while (start > 0 && inCell(chars[start - 1])) start--;
  while (end < chars.length && inCell(chars[end])) end++;
  return chars
    .slice(start, end)
    .map((ch) => (/\p{Cc}/u.test(ch) ? `U+${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}` : ch))
    .join('');
}

/** Whether the letters of the word around i, beyond ASCII included, are all capitals ("MÜLLER", "ООО"). */
function allCapitals(chars: string[], i: number): boolean {
  return [...wordAt(chars, i)].every((ch) => !isLetter(ch) || UPPER.test(ch));
}

/** One sign's weight at position i (0 when none), judging the character there and the one before it. */
function strongAt(chars: string[], i: number): number {
  const ch = chars[i];
  const prev = chars[i - 1];
  const next = chars[i + 1];
  const code = ch.charCodeAt(0);
  // C1 controls (bytes a code page leaves undefined) and private-use characters are in no name.
  if ((code >= 0x80 && code <= 0x9f) || /\p{Co}/u.test(ch)) return 2 * STRONG_WEIGHT;
  if (!beyondAscii(ch)) return 0;
  // A sign that starts a word or stands inside one ("£ódŸ", "Stra§e"); after a word's last letter it may be a unit.
  if (ODD_SIGN.test(ch) && !USUAL_BESIDE_LETTERS.has(ch) && isLetter(next)) return STRONG_WEIGHT;
  // A superscript before a letter, a fraction beside one ("Wroc³aw", "¼udia", "Ïate¾": Polish ł, Slovak Ľ ľ read
  // as 1252); after a word a superscript is a unit ("m²").
  if ((SUPERSCRIPT.test(ch) && isLetter(next)) || (FRACTION.test(ch) && (isLetter(prev) || isLetter(next)))) return STRONG_WEIGHT;
  // Spanish ¿ ¡ open a sentence, never follow a letter ("Rze¿": Polish ż read as 1252).
  if (INVERTED.test(ch) && isLetter(prev)) return STRONG_WEIGHT;
  if (!isLetter(ch)) return 0;
  // A capital after a letter, in a word not written in capitals ("SŸd", "CafŽ").
  if (UPPER.test(ch) && isLetter(prev) && !allCapitals(chars, i)) return STRONG_WEIGHT;
  // Letters of scripts that no word mixes ("Sьd").
  if (isLetter(prev) && scriptsClash(scriptOf(prev), scriptOf(ch))) return STRONG_WEIGHT;
  // A letter of another script (N'Ko, Hebrew, Arabic, …) against a Latin one: "Weiߒsche" is Windows-1252 "Weiß’sche"
  // whose bytes happen to be valid UTF-8.
  if (OTHER_SCRIPT_LETTER.test(ch) && (LATIN.test(prev ?? '') || LATIN.test(next ?? ''))) return STRONG_WEIGHT;
  // A Chinese or Japanese character between Latin letters ("M黡ler": German bytes read as Chinese or Japanese).
  if (EAST_ASIAN.test(ch) && LATIN.test(prev ?? '') && LATIN.test(next ?? '')) return STRONG_WEIGHT;
  // Half-width katakana (legacy Japanese systems write whole names in them) beside other East Asian letters: bytes
  // of Chinese text read as Shift JIS.
  if (HALF_WIDTH_KANA.test(ch) !== HALF_WIDTH_KANA.test(prev ?? '') && EAST_ASIAN.test(prev ?? '') && EAST_ASIAN.test(ch))
    return STRONG_WEIGHT;
  return 0;
}

/**
 * Accented Latin letters side by side ("Ðîìàøêà"), and a Chinese or Japanese character beside a Latin letter (usual
 * once in a name, "A座", but not in every word).
 */
function weakAt(chars: string[], i: number): number {
  const [ch, prev] = [chars[i], chars[i - 1] ?? ''];
  if (beyondAscii(ch) && beyondAscii(prev) && LATIN.test(ch) && LATIN.test(prev)) return 1;
  return (EAST_ASIAN.test(ch) && LATIN.test(prev)) || (LATIN.test(ch) && EAST_ASIAN.test(prev)) ? 1 : 0;
}

/**
 * Latin words whose accented letters no one alphabet holds ("Dvoøák": Czech read as 1252), one strong sign each;
 * see latin-alphabets.ts.
 */
function mixedAlphabets(text: string, found: Oddities): void {
  for (const [word] of text.matchAll(/\p{L}+/gu)) {
    if (fitsOneAlphabet(word)) continue;
    found.strong += STRONG_WEIGHT;
    found.example ??= word;
  }
}

/** The signs of a misread code page in a text (see the top of this file). */
export function oddities(text: string): Oddities {
  const chars = [...text];
  const found: Oddities = { strong: 0, weak: 0 };
  mixedAlphabets(text, found);
  for (const word of cyrillicWithoutAOrO(text)) {
    found.strong += STRONG_WEIGHT;
    found.example ??= word;
  }
  for (let i = 0; i < chars.length; i++) {
    const strong = strongAt(chars, i);
    const weak = weakAt(chars, i);
    if (strong === 0 && weak === 0) continue;
    found.strong += strong;
    found.weak += weak;
    found.example ??= exampleAt(chars, i);
  }
  return found;
}

/** One number to compare code pages by: the lower, the more the text looks like names and addresses. */
export function implausibility(found: Oddities): number {
  return found.strong + found.weak;
}
