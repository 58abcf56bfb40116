/**
 * The timeline's colours (gantt.tsx), each checked by WCAG's rule (route-ink.ts): text at 4.5:1 on the rows, bars and
 * marks at 3:1. Measured from these values: the early bars' amber was 1.9:1 on a striped row, the wait hatching
 * 2.2:1, the translucent travel and depot bars 1.3–2.5:1, the light routes' service blocks 2.0–2.7:1 and the white ids
 * on them 2.0–4.3:1. A light route's colour is kept for its block's fill and darkened for its edge, its travel and
 * its depot line; its ids take the text colour that reads on it.
 */
import { LATE_COLOUR } from '../map/palette.js';
import { GRAPHIC_CONTRAST, inkOn, readableShade } from '../map/route-ink.js';

/** The rows' backgrounds: white, and every other row's stripe, the darker, which the marks are measured on. */
export const ROW_BACKGROUNDS = ['#ffffff', '#fafbfc'] as const;
const STRIPE = ROW_BACKGROUNDS[1];

const mark = (colour: string) => readableShade(colour, STRIPE, GRAPHIC_CONTRAST);

/** Text on the rows (the axis' times, the routes' names) and the marks of every route alike. */
export const TIMELINE_INK = {
  axisText: '#64748b',
  routeName: '#475569',
  /** The hatching of a wait, over a pale fill that is no mark of its own. */
  waitFill: '#eef1f5',
  waitStripe: mark('#a3adbb'),
  /** The app's amber for earliness (base.css --early), darkened for a bar 3 px thin. */
  early: mark('#f2a900'),
  late: mark(LATE_COLOUR),
  shiftEnd: mark(LATE_COLOUR),
  /** The legend's key of the depot line, drawn in each route's own colour on the rows. */
  depotKey: mark('#94a3b8'),
} as const;

/** A route's colours on the timeline: its block's fill, its marks (block edge, travel, depot line), its ids' text. */
export function routeInk(colour: string): { fill: string; mark: string; text: string } {
  return { fill: colour, mark: mark(colour), text: inkOn(colour) };
}
