/**
 * The columns of a driver sheet's stop table, in order: which field of a row each shows, its heading and its share of
 * the table's width. The PDF export sets its columns' points from the shares (src/main/sheets/sheets-pdf.ts) and the
 * printed sheet its columns' widths (src/renderer/sheets/driver-sheets.tsx), so a route prints with the same columns
 * from the browser as from the PDF. The screen keeps widths of its own, for narrow windows (sheets.css).
 */
import type { SheetRow } from './driver-sheet.js';

export interface SheetColumn {
  /** The row's field the column shows; the stop column shows the id and the name, the done column a tick box. */
  key: keyof SheetRow | 'stop' | 'done';
  label: string;
  /** A shorter heading for a narrow window, where the label would run into the next column (the screen only). */
  short?: string;
  /** What the heading means, where its one word does not say (a tooltip on screen). */
  hint?: string;
  /**
   * Its share of the table's width, in parts of the whole table's 515.28: an A4 page inside the PDF's 40 pt margins,
   * so each part is a point of the PDF.
   */
  parts: number;
}

export const SHEET_COLUMNS: readonly SheetColumn[] = [
  // Three digits, a route of 100 stops or more: "100" is 16.2 pt wide inside 4 pt of padding each side (at 22 it read
  // as "10" over "0"). The 3 pt came from the window, the ETA and the done columns' spare room, each still holding
  // what it must keep whole (below); the address had none: in print a position ("52.45678, 13.45678") keeps one line.
  { key: 'order', label: '#', parts: 25 },
  // The stop and done columns gave the start its room: an address must keep a position ("52.45678, 13.45678") whole.
  // The stop gave the load its room too: an id and a name break between words where they must, a number cannot. It
  // keeps 93: at 78 (the ETA's flag on its line) "Central depot", "Buchladen Mitte", "Bio Markt Ost" took two lines.
  { key: 'stop', label: 'Stop', parts: 93 },
  { key: 'place', label: 'Address', parts: 93.28 },
  // "shift end 01:00+1" (a night shift's, in the depot rows' bold: 85.7 pt) and "23:30+1–01:00+2" on one line.
  { key: 'window', label: 'Window', parts: 94.5 },
  // A next-day time ("02:00+1", 37 pt; 40 pt in a return row's bold) is one word, which pdfkit breaks inside where it
  // is wider than its cell: the start's 32 pt broke it as "02:00+" over "1" (and the print's 7.8 % ran into its padding).
  // A late or early stop's flag stands under its time ("06:21 (early)" is 55.2 pt): the 15 parts it needs would cost
  // the stop's names their line (above); the screen keeps it beside the time (sheets.css).
  { key: 'eta', label: 'ETA', parts: 49 },
  { key: 'start', label: 'Start', hint: 'When service starts: on arrival, or as the window opens after it', parts: 46 },
  { key: 'service', label: 'Service', short: 'Svc', parts: 42 },
  // Loaded at the depot on departure, delivered at each stop (the plan CSV's load is the running total instead). Five
  // digits whole: the departure's bold "99,999" is 32.8 pt wide inside 4 pt of padding each side (at 30, a stop's
  // "1,000", 24.3 pt, read as "1,00" over "0"); a stop's with one decimal up to "9,999.5".
  { key: 'load', label: 'Qty', hint: 'Loaded at the depot on departure; delivered at each stop', parts: 41 },
  // Its heading (22.4 pt; in print with the headings' letter spacing) beside the tick box; a narrow screen's "✓".
  { key: 'done', label: 'Done', short: '✓', parts: 31.5 },
];

const TOTAL_PARTS = SHEET_COLUMNS.reduce((sum, column) => sum + column.parts, 0);

/** The column's share of its table's width, from 0 to 1; the shares of all columns add up to 1. */
export function columnShare(column: SheetColumn): number {
  return column.parts / TOTAL_PARTS;
}
