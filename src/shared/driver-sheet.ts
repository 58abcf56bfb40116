/**
 * A driver sheet as data: what the on-screen sheet shows and the PDF export lays out, row for row. The renderer
 * builds it (src/renderer/sheets/sheet-model.ts, in the instance's units) and main turns it into pages, so the
 * printed sheet and the PDF can never disagree. Schemas, because the PDF request arrives over a transport.
 */
import { z } from 'zod';
import { noControl } from './domain.js';
import { MAX_CUSTOMERS, MAX_TEXT_CHARS } from './limits.js';

/** The most characters of one text a sheet prints: a name or an address as long as an instance may keep. */
export const SHEET_TEXT_MAX = MAX_TEXT_CHARS;
/**
 * A text of the sheet. A longer one (a day stored before names and addresses were limited, a title built of several) is
 * printed clipped, with an ellipsis, not refused (a day the app saved could not get its driver sheets). A control
 * character or a bidirectional override is refused, by the rule a sent instance's texts follow (`noControl`): printed,
 * it would show as a box or print the text in another order than it reads on screen. Ids by the rule of ids, the other
 * texts by that of names and addresses (a line break and a tab are kept).
 */
const clippedText = (kind: 'id' | 'text') =>
  noControl(z.string(), kind).transform((t) => (t.length > SHEET_TEXT_MAX ? `${t.slice(0, SHEET_TEXT_MAX - 1)}…` : t));
const text = clippedText('text');
const id = clippedText('id');

export const sheetRowSchema = z.strictObject({
  kind: z.enum(['depart', 'stop', 'return']),
  /** 1.. for stops, empty for the depot rows. */
  order: text,
  id,
  name: text,
  /** The address, or the position where there is none. */
  place: text,
  window: text,
  eta: text,
  /** When service starts: at the arrival, or as the window opens where the driver waits for it. Empty on the depot rows. */
  start: text,
  service: text,
  load: text,
  late: z.boolean(),
  /** Served before its window opens (a policy that does not wait: soft windows), at the price of earliness. */
  early: z.boolean().optional(),
});
export type SheetRow = z.infer<typeof sheetRowSchema>;

export const sheetSchema = z.strictObject({
  route: z.number().int().min(0),
  title: text,
  summary: text,
  /** The route's colour on the map: "#rrggbb" or, past the palette's first colours, "hsl(h, s%, l%)". */
  colour: z.string().regex(/^(#[0-9a-fA-F]{6}|hsl\([\d.]+, [\d.]+%, [\d.]+%\))$/, 'is not a colour written "#rrggbb" or "hsl(h, s%, l%)"'),
  // A route visits each customer at most once: its stops plus the two depot rows.
  rows: z
    .array(sheetRowSchema)
    .min(1)
    .max(MAX_CUSTOMERS + 2),
  /** Depot first, then the stops in order: what the route sketch draws. */
  path: z
    .array(z.strictObject({ x: z.number().finite(), y: z.number().finite(), id }))
    .min(1)
    .max(MAX_CUSTOMERS + 1),
});
export type Sheet = z.infer<typeof sheetSchema>;

/**
 * The sheets of one plan, for one PDF: every route's, or the one route picked. Strict, as every request of the API is
 * (api.ts), down to its rows, path points and not-served entries: a misspelled field ("warning", a row's "lat") is
 * refused rather than printed without.
 */
export const sheetsDocumentSchema = z.strictObject({
  instanceName: text,
  /** What the plan is: method, policy, date. */
  planLabel: text,
  /** Lat/lon positions: the sketch then keeps north up and shortens longitude. */
  geo: z.boolean(),
  /** What every sheet warns of above its stops: a plan out of date, a rule the whole plan breaks (sheet-model.ts). */
  warnings: z.array(text).max(10).optional(),
  sheets: z.array(sheetSchema).min(1).max(MAX_CUSTOMERS),
  /**
   * The customers the plan leaves out, with the reason (not-served.ts): a page of their own after the routes. `figures`:
   * the customer's own numbers, which the reason ends with, printed in its row under the reason it shares.
   */
  notServed: z
    .array(z.strictObject({ id, name: text, reason: text, figures: text.optional() }))
    .max(MAX_CUSTOMERS)
    .optional(),
});
export type SheetsDocument = z.infer<typeof sheetsDocumentSchema>;
