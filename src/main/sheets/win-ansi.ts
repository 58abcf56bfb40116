/**
 * The PDF's built-in fonts (Helvetica) write WinAnsi, Latin-1 plus a few typographic marks; any other character
 * would come out as garbage. Names and addresses in Latin scripts pass through; a minus sign becomes a hyphen,
 * the policy's Greek letters are spelled out, and anything else the fonts cannot show becomes "?" so the reader
 * sees that something was there.
 */
const EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
// The policy's prices (α, β, λ) appear in the plan's label.
const SUBSTITUTES: Record<string, string> = { '\u2212': '-', '\u2610': '[ ]', α: 'alpha', β: 'beta', λ: 'lambda' };

export function winAnsi(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || EXTRA.has(ch)) out += ch;
    else out += SUBSTITUTES[ch] ?? (code < 0x20 ? ' ' : '?');
  }
  return out;
}
