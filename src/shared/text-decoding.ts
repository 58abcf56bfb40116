import { chooseCodePage, decodeWindows1252 } from './code-page.js';
import { implausibility, oddities, otherScriptBesideLatin } from './text-plausibility.js';

/**
 * The text of a file as a spreadsheet saved it. Excel writes CSV as UTF-8 (with a byte-order mark), as UTF-16
 * ("Unicode text", with one) or in the system's code page (Windows-1252 in Western Europe and the Americas, where
 * "Straße" or "Café" are not valid UTF-8 and would come out as "Stra�e"; code-page.ts). So: a byte-order mark
 * decides; otherwise UTF-16 without one when its zero bytes show it, UTF-8 when the bytes are valid UTF-8 (plain
 * ASCII is) and read as words (utf8Line), else the code page that reads the lines best (line by line: see byLine). Both the app's import and
 * the command line read files here.
 */
export interface DecodedText {
  text: string;
  /** How the file was read when that may not be what it holds: a code page named, or characters that look garbled. */
  warning?: string;
}

export function decodeText(bytes: Uint8Array): DecodedText {
  const decoded = decodeBytes(bytes);
  // A binary file is refused as such (holdsBinary): how its bytes were read, garbled or not, is beside the point.
  return decoded.warning && holdsBinary(decoded.text) ? { text: decoded.text } : decoded;
}

/**
 * Whether a file's text is binary data rather than text (a workbook saved or renamed as .csv, random bytes): text
 * never holds control characters besides tabs and line breaks. Its first 4096 characters tell.
 */
export function holdsBinary(text: string): boolean {
  for (let i = 0; i < Math.min(text.length, 4096); i++) {
    const code = text.charCodeAt(i);
    if (code < 9 || (code > 13 && code < 32)) return true;
  }
  return false;
}

function decodeBytes(bytes: Uint8Array): DecodedText {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes) };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes) };
  const unmarked = unmarkedUtf16(bytes);
  if (unmarked !== undefined) return { text: unmarked };
  const whole = utf8(bytes);
  return whole !== undefined && !otherScriptBesideLatin(whole) ? { text: whole } : byLine(bytes);
}

/**
 * A line as UTF-8 where its bytes are valid UTF-8 and read no worse so than in Windows-1252. A 1252 line can be
 * valid UTF-8 by chance: "Weiß’sche" (DF 92) is UTF-8 for "Weiߒsche", an N'Ko letter inside a German word.
 */
function utf8Line(line: Uint8Array): string | undefined {
  const text = utf8(line);
  if (text === undefined || !otherScriptBesideLatin(text)) return text;
  const signs = oddities(text);
  if (signs.strong === 0) return text;
  return implausibility(oddities(decodeWindows1252(line))) < implausibility(signs) ? undefined : text;
}

function utf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Not UTF-8 as a whole, or not plausibly: each line as UTF-8 where it is valid (utf8Line), else in the code page. A file that rows were added to
 * from another program mixes the two ("Lager Süd" in UTF-8, "Bäcker Weiß" in Windows-1252); read as one code page,
 * every UTF-8 umlaut would come out as "Ã¼". Every code page read here keeps a line break as the one byte 0x0A (no
 * second byte of a Chinese or Japanese character is below 0x30), so lines split alike.
 */
function byLine(bytes: Uint8Array): DecodedText {
  const lines: Uint8Array[] = [];
  let start = 0;
  for (let i = 0; i <= bytes.length; i++) {
    if (i < bytes.length && bytes[i] !== 0x0a) continue;
    lines.push(bytes.subarray(start, i));
    start = i + 1;
  }
  const texts = lines.map(utf8Line);
  const codePage = chooseCodePage(lines.filter((_, i) => texts[i] === undefined));
  const text = lines.map((line, i) => texts[i] ?? codePage.decode(line)).join('\n');
  return codePage.warning ? { text, warning: codePage.warning } : { text };
}

/**
 * UTF-16 without a byte-order mark, by where its zero bytes are. Every CSV has ASCII in it (separators, digits, line
 * breaks), which UTF-16 writes with a zero high byte: at odd positions in little-endian, at even ones in big-endian.
 * Greek, Cyrillic or Chinese letters have no zero byte, so the share of zeros says little; that they fall on one
 * side only says it all (no text of one byte per character has zero bytes, and a binary file has them on both
 * sides). A stray last byte (an odd length: a line break appended by another program) is left out. Read, the text
 * must have a line break or a separator and no control characters, or it is not taken for UTF-16.
 */
function unmarkedUtf16(bytes: Uint8Array): string | undefined {
  const even = bytes.subarray(0, bytes.length - (bytes.length % 2));
  if (even.length < 4) return undefined;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < even.length; i += 2) {
    if (even[i] === 0) evenZeros++;
    if (even[i + 1] === 0) oddZeros++;
  }
  // One side: at least one zero in 20 characters there, and at most one zero on the other side for every ten
  // (U+0100, U+0400 or 一 U+4E00 have a zero low byte).
  const pairs = even.length / 2;
  const oneSided = (zeros: number, others: number) => zeros >= Math.max(2, 0.05 * pairs) && others * 10 <= zeros;
  const label = oneSided(oddZeros, evenZeros) ? 'utf-16le' : oneSided(evenZeros, oddZeros) ? 'utf-16be' : undefined;
  if (!label) return undefined;
  let text: string;
  try {
    text = new TextDecoder(label, { fatal: true }).decode(even);
  } catch {
    return undefined;
  }
  const textLike = /[\n\r,;\t|]/.test(text) && !/(?![\t\n\v\f\r])\p{Cc}/u.test(text);
  return textLike ? text : undefined;
}

/** What starts every CSV file the app or jampr writes: without it, Excel reads UTF-8 in the system's code page. */
export const CSV_BOM = '\uFEFF';
