/**
 * The driver sheets' fonts, DejaVu Sans and DejaVu Sans Bold, embedded in the PDF. The PDF's built-in fonts
 * (Helvetica) write WinAnsi only, so customer names and addresses in Greek, Cyrillic, Polish, Turkish, Czech...
 * could not be printed; DejaVu covers Latin, Greek and Cyrillic in full, with the typographic marks and the
 * policy's letters (α, β, λ).
 *
 * The files come from the `dejavu-fonts-ttf` package, found by Node's module resolution as pdfkit finds its own
 * font data: every build leaves the packages as imports (tsx, the CLI bundle, the Electron main bundle), so
 * node_modules is there at run time, in the packaged app too (a runtime dependency).
 */
import { createRequire } from 'node:module';

export const SANS = 'DejaVuSans';
export const SANS_BOLD = 'DejaVuSans-Bold';

const FILES = { [SANS]: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf', [SANS_BOLD]: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf' };

// Resolved on first use, so a missing package fails the export that needs it rather than the app's start.
let paths: Record<string, string> | undefined;

/** Makes SANS and SANS_BOLD usable in `doc.font(...)`; pdfkit embeds only the glyphs the document uses. */
export function registerSheetFonts(doc: PDFKit.PDFDocument): void {
  if (!paths) {
    const require = createRequire(import.meta.url);
    paths = Object.fromEntries(Object.entries(FILES).map(([name, file]) => [name, require.resolve(file)]));
  }
  for (const [name, path] of Object.entries(paths)) doc.registerFont(name, path);
}

/** U+FFFD, in both fonts: the standard mark for "a character was here that cannot be shown". */
const REPLACEMENT = '\uFFFD';

/** The part of pdfkit's current font that answers which characters it can draw (fontkit's font). */
type Coverage = { _font?: { font?: { hasGlyphForCodePoint?: (codePoint: number) => boolean } } };

/**
 * The text as the document's current font can draw it. DejaVu has no CJK ideographs, emoji and some rarer
 * scripts; pdfkit would draw each of them as the font's empty box and write U+0000 into the PDF's text layer, so
 * copying or searching the sheet would lose it silently. Such a character becomes U+FFFD instead, visible on the
 * paper and in the text. Control characters (a tab or line break pasted into a name) become a space, so a cell
 * keeps the layout its height was measured for. Call it once the text's font is chosen: in
 * `doc.font(SANS_BOLD).text(printable(doc, s))` the argument is evaluated after the calls before `.text`.
 */
export function printable(doc: PDFKit.PDFDocument, text: string): string {
  const drawable = drawableIn(doc);
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (isControl(code)) out += ' ';
    else out += drawable(code) ? ch : REPLACEMENT;
  }
  return out;
}

const isControl = (code: number) => code < 0x20 || (code >= 0x7f && code < 0xa0);

/** Whether the document's current font has a glyph for a character: the font's own answer, not a list of scripts. */
function drawableIn(doc: PDFKit.PDFDocument): (codePoint: number) => boolean {
  // pdfkit keeps the fontkit font of the current font on a private field; without it (another pdfkit version) the
  // text passes unchanged, which only costs the box mentioned above (the unit tests notice).
  const font = (doc as unknown as Coverage)._font?.font;
  return (code) => font?.hasGlyphForCodePoint?.(code) ?? true;
}

/**
 * The characters of `text` that the sheets' fonts (regular or bold: a name prints in both) cannot draw, each once,
 * in the order they come: `printable` prints them as U+FFFD. Leaves the document's current font at SANS_BOLD.
 */
export function undrawable(doc: PDFKit.PDFDocument, text: string): string[] {
  const missing = new Set<string>();
  for (const name of [SANS, SANS_BOLD]) {
    const drawable = drawableIn(doc.font(name));
    for (const ch of text) if (!isControl(ch.codePointAt(0)!) && !drawable(ch.codePointAt(0)!)) missing.add(ch);
  }
  return [...missing];
}
