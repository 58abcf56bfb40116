/**
 * A number as the dispatcher reads it: two decimals at most (17.5, not 17.500000001), no trailing zeros, no "-0" for a
 * value that rounds to nothing. A value past what grouping reads well (1e21 and up: a mistyped coordinate) is written
 * as JavaScript writes it, "1e+308", not 309 digits. The views' figures (tables, totals, the plan panel) separate
 * thousands (1,234.5: formatNumber); a message's figures do not (1234.5: messageNumber), since a reader of
 * decimal-comma files takes "1,000" in a sentence for one. Machine-readable output (a CSV's number columns, JSON)
 * writes plain numbers instead, never through this.
 */
import { formatClock, formatMoment } from './clock.js';

// One formatter per number of decimals, made once: toLocaleString with options builds a new one at every call (~20 µs),
// and a 1,000-stop day formats thousands of figures at every drawing.
const numberFormats = new Map<string, Intl.NumberFormat>();
const numberFormat = (decimals: number, grouped: boolean) => {
  const key = `${decimals}${grouped ? ',' : ''}`;
  const made = numberFormats.get(key);
  if (made) return made;
  const format = new Intl.NumberFormat('en-US', { maximumFractionDigits: decimals, useGrouping: grouped });
  numberFormats.set(key, format);
  return format;
};

/**
 * Up to `decimals` decimals, no trailing zeros, thousands separated: 1234.5 -> "1,234.5"; ∞ and — where not finite.
 * `grouped` false: no thousands separator, for a number beside others in a comma-separated list (a position's x and y).
 */
export function formatNumber(value: number, decimals = 2, grouped = true): string {
  if (!Number.isFinite(value)) return value > 0 ? '∞' : '—';
  if (Math.abs(value) >= 1e21) return String(value);
  const text = numberFormat(decimals, grouped).format(value);
  // -0.001 rounds to nothing, which has no sign (the formatter writes "-0").
  return text === '-0' ? '0' : text;
}

/**
 * A figure in a message (the validator's, the evaluator's, a plan's reasons, the import's, a limit refused): as
 * formatNumber, with a decimal point and no thousands separator, "1234.5", "1000". Read by someone used to decimal
 * commas, "1,000" is one and "4,576" four and a half; without grouping, and with two decimals at most, no figure here
 * reads as a group of thousands either way. A message about a cell of the user's file quotes the cell as written
 * instead (the CSV import's messages).
 */
export const messageNumber = (value: number, decimals = 2): string => formatNumber(value, decimals, false);

/**
 * A time of day in a message: HH:MM on a clock-time day, else the figure as every other number reads. `moment`: a
 * departure or an arrival, which midnight after the first day begins (00:00+1), not a shift's end (24:00).
 */
export const timeInText = (value: number, clockTimes: boolean | undefined, moment = false): string =>
  clockTimes ? (moment ? formatMoment(value) : formatClock(value)) : messageNumber(value);
