/**
 * The text of a file as a spreadsheet saved it. Excel writes CSV as UTF-8 (with a byte-order mark), as UTF-16
 * ("Unicode text", with one) or in the system's code page, Windows-1252 in Western Europe and the Americas, where
 * "Straße" or "Café" are not valid UTF-8 and would come out as "Stra�e". So: a byte-order mark decides; otherwise
 * UTF-8 when the bytes are valid UTF-8 (plain ASCII is), else Windows-1252.
 */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}

/**
 * Windows-1252 is Latin-1 but for 0x80–0x9F, where it has €, ‚, „, …, the typographic quotes, Š, Œ, Ž and a few
 * more. Written out because Node's TextDecoder reads the label as Latin-1 (so "€" would become U+0080).
 */
const CP1252_80_9F = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function decodeWindows1252(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b >= 0x80 && b <= 0x9f ? CP1252_80_9F[b - 0x80] : String.fromCharCode(b);
  return out;
}
