/**
 * Driver sheets as a PDF: each route starts on a new A4 page with its title, summary, plan and a drawing of the
 * route, then the stops in order (departure and return included) with a tick box per row. A long route continues
 * on further pages under a repeated table header. Built with pdfkit in the main process, so the desktop app and
 * the web mode hand the dispatcher the same file; the rows are the on-screen sheet's (src/shared/driver-sheet.ts).
 * All text is set in the embedded DejaVu fonts, so names print in any Latin, Greek or Cyrillic script (sheet-fonts.ts).
 */
import PDFDocument from 'pdfkit';
import type { Sheet, SheetRow, SheetsDocument } from '../../shared/driver-sheet.js';
import { groupByReason, reasonHeading } from '../../shared/not-served.js';
import { sketchPoints } from '../../shared/route-sketch-layout.js';
import { columnShare, SHEET_COLUMNS } from '../../shared/sheet-columns.js';
import { pdfColour } from './pdf-colour.js';
import { printable, registerSheetFonts, SANS, SANS_BOLD } from './sheet-fonts.js';
import { type UnprintableStop, unprintableStops } from './unprintable-stops.js';

const MARGIN = 40;
const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const CONTENT = PAGE.width - 2 * MARGIN;
const SKETCH = { width: 210, height: 140, padding: 12, marker: 6.5 };
const INK = '#0f1b2d';
const MUTED = '#475569';
const LATE = '#d62728';
const RULE = '#d8dee6';
const DEPOT_FILL = '#f1f5f9';
// Sizes for DejaVu Sans, which is wider than Helvetica and has taller lower case: 8.5 pt reads as Helvetica's 9.
const FONT_SIZE = 8.5;
const HEADER_SIZE = 7;
const CELL_PAD = 4;

/** The table's columns (src/shared/sheet-columns.ts), each with its width in points: the shares of CONTENT. */
const COLUMNS = SHEET_COLUMNS.map((column) => ({ ...column, width: CONTENT * columnShare(column) }));

type Doc = PDFKit.PDFDocument;

export interface SheetsPdf {
  /** The PDF file's bytes. */
  pdf: Buffer;
  /** The stops whose name or address this PDF's fonts cannot print, for the dispatcher to be told. */
  unprintable: UnprintableStop[];
}

/** Renders every sheet of the document; resolves with the PDF's bytes and the stops it cannot print in full. */
export async function renderSheetsPdf(document: SheetsDocument): Promise<SheetsPdf> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    autoFirstPage: false,
    // The info dictionary is written as UTF-16 and shown in the viewer's own font: any name fits.
    info: { Title: `Driver sheets · ${document.instanceName}`, Creator: 'JAMPR Dispatch' },
  });
  registerSheetFonts(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const sheet of document.sheets) renderSheet(doc, document, sheet);
  if (document.notServed?.length) renderNotServed(doc, document, document.notServed);
  // Asked of this document's own fonts once every text is set (the question changes its current font).
  const unprintable = unprintableStops(doc, document);
  doc.end();
  return { pdf: await done, unprintable };
}

function renderSheet(doc: Doc, document: SheetsDocument, sheet: Sheet): void {
  doc.addPage();
  const colour = pdfColour(sheet.colour);
  const textWidth = CONTENT - SKETCH.width - 16;
  doc.rect(MARGIN, MARGIN + 3, 12, 12).fill(colour);
  doc
    .fillColor(INK)
    .font(SANS_BOLD)
    .fontSize(15)
    .text(printable(doc, `${sheet.title} · ${document.instanceName}`), MARGIN + 18, MARGIN, { width: textWidth - 18 });
  doc.moveDown(0.3).font(SANS).fontSize(9.5).fillColor(INK).text(printable(doc, sheet.summary), MARGIN, doc.y, { width: textWidth });
  drawWarnings(doc, document, textWidth);
  doc.moveDown(0.3).font(SANS).fontSize(8).fillColor(MUTED).text(printable(doc, document.planLabel), { width: textWidth });
  const textBottom = doc.y;
  drawSketch(doc, sheet, colour, document.geo, PAGE.width - MARGIN - SKETCH.width, MARGIN);
  let y = Math.max(textBottom, MARGIN + SKETCH.height) + 14;
  y = drawHeader(doc, y);
  for (const [i, row] of sheet.rows.entries()) {
    const height = rowHeight(doc, row);
    // The last stop goes over with the return row: a page of nothing but the header and the return told the driver
    // no stop (as the printed sheet keeps them together: .sheet-return's break-before).
    const next = sheet.rows[i + 1];
    const kept = row.kind === 'stop' && next?.kind === 'return' ? rowHeight(doc, next) : 0;
    if (y + height + kept > PAGE.height - MARGIN) {
      doc.addPage();
      doc
        .font(SANS_BOLD)
        .fontSize(9.5)
        .fillColor(INK)
        .text(printable(doc, `${sheet.title} (continued) · ${document.instanceName}`), MARGIN, MARGIN);
      y = drawHeader(doc, doc.y + 6);
    }
    y = drawRow(doc, row, y, height);
  }
}

/**
 * The customers no route serves, so the dispatcher holding the sheets knows who is left: each reason once, then the
 * customers it leaves out, as the plan panel lists them (a day short of capacity leaves dozens out for one long reason).
 */
function renderNotServed(doc: Doc, document: SheetsDocument, left: NonNullable<SheetsDocument['notServed']>): void {
  doc.addPage();
  doc
    .fillColor(LATE)
    .font(SANS_BOLD)
    .fontSize(15)
    .text(printable(doc, `Not served (${left.length}) · ${document.instanceName}`), MARGIN, MARGIN, { width: CONTENT });
  drawWarnings(doc, document, CONTENT);
  doc.moveDown(0.3).font(SANS).fontSize(8).fillColor(MUTED).text(printable(doc, document.planLabel), { width: CONTENT });
  for (const group of groupByReason(left)) {
    // pdfkit starts a new page by itself where the list runs past the bottom margin; a reason is not left alone at a
    // page's foot, apart from its customers.
    if (doc.y > PAGE.height - MARGIN - 48) doc.addPage();
    doc
      .moveDown(0.8)
      .font(SANS_BOLD)
      .fontSize(9.5)
      .fillColor(LATE)
      .text(printable(doc, reasonHeading(group)), { width: CONTENT });
    doc.moveDown(0.2);
    for (const customer of group.customers) {
      // The customer's own numbers (its demand) after its name: the reason above is the one its group shares.
      const rest = [customer.name, customer.figures ? `· ${customer.figures}` : ''].filter(Boolean).join('  ');
      doc
        .font(SANS_BOLD)
        .fontSize(FONT_SIZE)
        .fillColor(INK)
        .text(printable(doc, customer.id), { width: CONTENT, continued: rest !== '' });
      if (rest) doc.font(SANS).text(printable(doc, `  ${rest}`));
    }
  }
}

/** The plan's warnings (out of date, beyond the fleet), in bold red under the summary as on the screen's sheet. */
function drawWarnings(doc: Doc, document: SheetsDocument, width: number): void {
  for (const warning of document.warnings ?? []) {
    doc.moveDown(0.3).font(SANS_BOLD).fontSize(9.5).fillColor(LATE).text(printable(doc, warning), MARGIN, doc.y, { width });
  }
}

/** The route in a framed box: legs in the route's colour, the depot a square, the stops numbered in order. */
function drawSketch(doc: Doc, sheet: Sheet, colour: string, geo: boolean, left: number, top: number): void {
  doc.rect(left, top, SKETCH.width, SKETCH.height).lineWidth(0.5).strokeColor(RULE).stroke();
  const points = sketchPoints(sheet.path, geo, SKETCH).map((p) => ({ x: left + p.x, y: top + p.y }));
  const closed = [...points, points[0]];
  doc.moveTo(closed[0].x, closed[0].y);
  for (const p of closed.slice(1)) doc.lineTo(p.x, p.y);
  doc.lineWidth(1.5).lineJoin('round').strokeColor(colour).stroke();
  points.forEach((p, i) => {
    if (i === 0) {
      doc.rect(p.x - 4.5, p.y - 4.5, 9, 9).fill(INK);
      return;
    }
    doc.circle(p.x, p.y, SKETCH.marker).lineWidth(1.2).fillAndStroke('#ffffff', colour);
    doc
      .fillColor(INK)
      .font(SANS_BOLD)
      .fontSize(6)
      // 3.3 pt up puts the middle of DejaVu's digits on the point (its line box starts at the font's ascender).
      .text(String(i), p.x - 8, p.y - 3.3, { width: 16, align: 'center', lineBreak: false });
  });
}

function drawHeader(doc: Doc, y: number): number {
  let x = MARGIN;
  doc.font(SANS_BOLD).fontSize(HEADER_SIZE).fillColor(MUTED);
  for (const column of COLUMNS) {
    doc.text(column.label.toUpperCase(), x + CELL_PAD, y + CELL_PAD, { width: column.width - 2 * CELL_PAD, lineBreak: false });
    x += column.width;
  }
  const bottom = y + doc.currentLineHeight() + 2 * CELL_PAD;
  doc
    .moveTo(MARGIN, bottom)
    .lineTo(MARGIN + CONTENT, bottom)
    .lineWidth(0.8)
    .strokeColor(MUTED)
    .stroke();
  return bottom;
}

/**
 * The text of one cell, as the cell's font (already set) draws it; the stop cell is the id and the name. A name or an
 * address with a word wider than the cell is hyphenated where its lines will break (an id is never: a hyphen would
 * read as part of it).
 */
function cellText(doc: Doc, row: SheetRow, column: (typeof COLUMNS)[number]): string {
  const { key } = column;
  const width = column.width - 2 * CELL_PAD;
  if (key === 'stop') {
    const name = hyphenated(doc, printable(doc, row.name), width);
    return row.name ? `${printable(doc, row.id)}  ${name}` : printable(doc, row.id);
  }
  if (key === 'place') return hyphenated(doc, printable(doc, row.place), width);
  if (key === 'done') return '';
  if (key === 'eta' && row.late) return printable(doc, `${row.eta} (late)`);
  if (key === 'eta' && row.early) return printable(doc, `${row.eta} (early)`);
  return printable(doc, String(row[key]));
}

/** U+2010 HYPHEN: a line may break after it before any character (after '-' not before a digit, by Unicode's rules). */
const HYPHEN = '\u2010';

/**
 * Each word wider than `width` cut into pieces that fit it with a hyphen after each but the last: pdfkit breaks such a
 * word where it runs out of room, without a hyphen ("Brzęc" over "zyszczykiewicza"), so the driver cannot tell a
 * broken word from two. The pieces start on a line of their own, so each fits the whole width.
 */
function hyphenated(doc: Doc, text: string, width: number): string {
  return text
    .split(/(\s+)/)
    .map((word) => {
      // A number (a position, a phone) keeps pdfkit's break: a hyphen in it would read as a minus or a digit's part.
      if (!/\p{L}/u.test(word) || doc.widthOfString(word) <= width) return word;
      const pieces: string[] = [];
      let rest = [...word];
      while (rest.length > 0 && doc.widthOfString(rest.join('')) > width) {
        let take = 1;
        while (take < rest.length && doc.widthOfString(rest.slice(0, take + 1).join('') + HYPHEN) <= width) take++;
        pieces.push(rest.slice(0, take).join(''));
        rest = rest.slice(take);
      }
      return [...pieces, rest.join('')].filter((p) => p !== '').join(HYPHEN);
    })
    .join('');
}

function rowHeight(doc: Doc, row: SheetRow): number {
  doc.fontSize(FONT_SIZE);
  let tallest = 0;
  for (const column of COLUMNS) {
    doc.font(column.key === 'stop' || row.kind !== 'stop' ? SANS_BOLD : SANS);
    tallest = Math.max(tallest, doc.heightOfString(cellText(doc, row, column), { width: column.width - 2 * CELL_PAD }));
  }
  return tallest + 2 * CELL_PAD;
}

function drawRow(doc: Doc, row: SheetRow, y: number, height: number): number {
  if (row.kind !== 'stop') doc.rect(MARGIN, y, CONTENT, height).fill(DEPOT_FILL);
  let x = MARGIN;
  for (const column of COLUMNS) {
    const width = column.width - 2 * CELL_PAD;
    if (column.key === 'done') {
      if (row.kind === 'stop')
        doc
          .rect(x + CELL_PAD + 5, y + CELL_PAD, 9, 9)
          .lineWidth(0.8)
          .strokeColor(INK)
          .stroke();
    } else {
      const bold = column.key === 'stop' || row.kind !== 'stop';
      doc
        .font(bold ? SANS_BOLD : SANS)
        .fontSize(FONT_SIZE)
        .fillColor(row.late ? LATE : INK)
        .text(cellText(doc, row, column), x + CELL_PAD, y + CELL_PAD, { width });
    }
    x += column.width;
  }
  const bottom = y + height;
  doc
    .moveTo(MARGIN, bottom)
    .lineTo(MARGIN + CONTENT, bottom)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  return bottom;
}
