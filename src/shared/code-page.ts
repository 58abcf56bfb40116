import { implausibility, oddities, STRONG_WEIGHT } from './text-plausibility.js';

/**
 * Which legacy code page a text that is not UTF-8 was saved in. Excel saves "CSV" in the system's code page:
 * Windows-1252 in Western Europe and the Americas, Windows-1250 in Central Europe, 1251 where Cyrillic is written,
 * 1253 in Greece, GB18030 in China, Shift JIS in Japan, Mac OS Roman in Excel for Mac's "CSV (Macintosh)". A file
 * does not say which. Each is tried, and the one whose letters look like names wins (text-plausibility.ts), with
 * Windows-1252 kept unless another reads clearly better: a German or French file reads the same in 1250 as in
 * 1252 for most of its letters, and must keep reading as it always has. Statistical detectors (chardet, jschardet)
 * were tried: on a CSV's few hundred letters among digits they take Polish for Western European, miss Shift JIS,
 * and know no Mac OS Roman.
 */

export interface CodePage {
  decode: (bytes: Uint8Array) => string;
  /** Which code page the text was read in, as one of its words reads there; absent where no line needed one. */
  warning?: string;
}

interface Candidate {
  label: string;
  name: string;
  /** Signs of a misreading that only the bytes show. */
  byteOddities?: (bytes: Uint8Array) => number;
  /** Whether the bytes are in this code page only if it reads them without a single sign of a misreading. */
  onlyIfClean?: (bytes: Uint8Array) => boolean;
}

/**
 * Excel for Mac's "CSV (Macintosh)" ends its lines with CR alone, as the classic Mac OS did. A file with LF line ends
 * (converted, or from another Mac program) is taken for Mac OS Roman only where that reads it without a flaw: else a
 * Western file with one stray byte could read better as Mac OS Roman, whose ß is the ligature ﬂ; and a Mac "Müller"
 * with LF ends would read as Windows-1250 "Mźller", as close as that comes.
 */
const macLineEnds = (bytes: Uint8Array) => bytes.includes(0x0d) && !bytes.includes(0x0a);

/**
 * Chinese text in GB18030 is nearly all in its GB2312 part (both bytes from 0xA1); Japanese Shift JIS bytes, which
 * read as GB18030 too, mostly are not (kanji start at 0x88, their second byte from 0x40). Each character outside
 * counts, so that a Shift JIS file is not taken for Chinese.
 */
function outsideGb2312(bytes: Uint8Array): number {
  let count = 0;
  for (let i = 0; i < bytes.length; i++) {
    const lead = bytes[i];
    if (lead < 0x80) continue;
    const trail = bytes[i + 1] ?? 0;
    // Four bytes (a digit second): characters beyond GBK, rare in names.
    if (trail >= 0x30 && trail <= 0x39) {
      count++;
      i += 3;
      continue;
    }
    if (lead < 0xa1 || lead > 0xf7 || trail < 0xa1) count++;
    i++;
  }
  return count;
}

/** In order of preference where two read equally well. */
const CANDIDATES: Candidate[] = [
  { label: 'windows-1250', name: 'windows-1250 (Central European)' },
  { label: 'windows-1251', name: 'windows-1251 (Cyrillic)' },
  { label: 'windows-1253', name: 'windows-1253 (Greek)' },
  { label: 'macintosh', name: 'Mac OS Roman (Excel for Mac)', onlyIfClean: (bytes) => !macLineEnds(bytes) },
  { label: 'gb18030', name: 'GB18030 (Chinese)', byteOddities: outsideGb2312 },
  { label: 'shift_jis', name: 'Shift JIS (Japanese)' },
];

/**
 * Windows-1252 is Latin-1 but for 0x80–0x9F, where it has €, ‚, „, …, the typographic quotes, Š, Œ, Ž and a few
 * more. Written out because Node's TextDecoder reads the label as Latin-1 (so "€" would become U+0080).
 */
const CP1252_80_9F = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

export function decodeWindows1252(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b >= 0x80 && b <= 0x9f ? CP1252_80_9F[b - 0x80] : String.fromCharCode(b);
  return out;
}

/** The text in that code page, or undefined where its bytes are not valid there (or the runtime lacks it). */
function decodeStrictly(label: string, bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder(label, { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** Enough text to judge by: about 64 KiB. */
const SAMPLE_BYTES = 64 * 1024;

/**
 * The lines up to SAMPLE_BYTES, joined. A longer line (a file with CR line ends is one line here) is cut after a
 * byte below 0x30, a separator, quote, space or line end, which is never part of a Chinese or Japanese character,
 * so that no character is cut in two.
 */
function sampleOf(lines: readonly Uint8Array[]): Uint8Array {
  const taken: Uint8Array[] = [];
  let size = 0;
  for (const line of lines) {
    if (size + line.length > SAMPLE_BYTES) {
      let end = SAMPLE_BYTES - size;
      while (end > 0 && line[end - 1] >= 0x30) end--;
      if (end > 0) taken.push(line.subarray(0, end));
      break;
    }
    taken.push(line);
    size += line.length + 1;
  }
  const sample = new Uint8Array(
    Math.max(
      0,
      taken.reduce((sum, line) => sum + line.length + 1, -1),
    ),
  );
  let at = 0;
  taken.forEach((line, i) => {
    if (i > 0) sample[at++] = 0x0a;
    sample.set(line, at);
    at += line.length;
  });
  return sample;
}

/**
 * The first word with a letter beyond ASCII (else with any character beyond it, as a header's "N°"): shown in the
 * warning, so that the reader sees what was made of a name.
 */
function firstWordBeyondAscii(text: string): string {
  const word = (beyond: string) => new RegExp(`[^\\s,;|"]*${beyond}[^\\s,;|"]*`, 'u').exec(text)?.[0];
  return word('(?!\\p{ASCII})\\p{L}') ?? word('[^\\p{ASCII}]') ?? '';
}

const WESTERN = 'Windows-1252 (Western European)';

const SAVE_AS_UTF8 = "if names look wrong, save the file as 'CSV UTF-8' (Excel: File → Save As) and import that";

/**
 * How to read the lines of a file that are not UTF-8 (all of them, or those a second program appended): the
 * code page that reads them best, with a warning naming it; Windows-1252 when none reads clearly better, named
 * too, and said to look garbled where it does.
 */
export function chooseCodePage(lines: readonly Uint8Array[]): CodePage {
  const sample = sampleOf(lines);
  if (sample.every((b) => b < 0x80)) return { decode: decodeWindows1252 };
  const westernText = decodeWindows1252(sample);
  const western = oddities(westernText);
  const westernScore = implausibility(western);
  // Windows-1252 is a guess too (the file does not say its code page): said with a name as read, so that a misread
  // one ("Dvoøák") shows at a glance, beside the preview's names. German Excel's "CSV (Trennzeichen-getrennt)" lands here.
  const westernNotice = {
    decode: decodeWindows1252,
    warning: `the file is not UTF-8: read in the code page ${WESTERN}, as in '${firstWordBeyondAscii(westernText)}'; ${SAVE_AS_UTF8}`,
  };
  // Too few signs to judge by: a stray "£" beside a letter does not make a file Polish.
  if (westernScore < 2 * STRONG_WEIGHT) return westernNotice;
  let best: { candidate: Candidate; score: number; text: string } | undefined;
  for (const candidate of CANDIDATES) {
    const text = decodeStrictly(candidate.label, sample);
    if (text === undefined) continue;
    const score = implausibility(oddities(text)) + (candidate.byteOddities?.(sample) ?? 0);
    if (score > 0 && candidate.onlyIfClean?.(sample)) continue;
    if (!best || score < best.score) best = { candidate, score, text };
  }
  // Clearly better: half the signs or fewer. Otherwise Windows-1252, as read before, with what looks wrong named.
  if (best && best.score * 2 <= westernScore) {
    const { label, name } = best.candidate;
    const decoder = new TextDecoder(label);
    return {
      decode: (bytes) => decoder.decode(bytes),
      warning: `the file is not UTF-8: read in the code page ${name}, as in '${firstWordBeyondAscii(best.text)}'; ${SAVE_AS_UTF8}`,
    };
  }
  return western.strong >= 2 * STRONG_WEIGHT
    ? {
        decode: decodeWindows1252,
        warning: `the file is not UTF-8: read in the code page ${WESTERN}, but some characters look garbled, as in '${western.example}'; ${SAVE_AS_UTF8}`,
      }
    : westernNotice;
}
