/**
 * The stops of a driver-sheet document whose name or address the PDF cannot print in full: the embedded DejaVu has no
 * CJK ideographs (sheet-fonts.ts), so a Chinese or Japanese name comes out as U+FFFD marks. The export names them,
 * so the dispatcher hears it before a driver does; the browser's Print sets the sheets in the computer's own fonts.
 * The rule is the font's: a character is unprintable where the embedded font has no glyph for it.
 */
import type { SheetsDocument } from '../../shared/driver-sheet.js';
import { undrawable } from './sheet-fonts.js';

export interface UnprintableStop {
  id: string;
  name: string;
}

/**
 * Each stop (the depot and customers left out included) once, in the order the document prints them, as the PDF `doc`
 * that prints them can draw them (its sheet fonts registered: the export's own document). Leaves `doc`'s current font
 * at SANS_BOLD (undrawable): ask once its text is set.
 */
export function unprintableStops(doc: PDFKit.PDFDocument, document: SheetsDocument): UnprintableStop[] {
  const found = new Map<string, UnprintableStop>();
  const places = [
    ...document.sheets.flatMap((sheet) => sheet.rows.map((row) => ({ id: row.id, name: row.name, texts: [row.id, row.name, row.place] }))),
    ...(document.notServed ?? []).map((c) => ({ id: c.id, name: c.name, texts: [c.id, c.name] })),
  ];
  for (const { id, name, texts } of places) {
    if (!found.has(id) && texts.some((t) => undrawable(doc, t).length > 0)) found.set(id, { id, name });
  }
  return [...found.values()];
}
