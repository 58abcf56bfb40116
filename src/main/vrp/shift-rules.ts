import { crossesMidnight, formatClock, formatDuration, MINUTES_PER_DAY } from '../../shared/clock.js';
import type { Customer, Instance } from '../../shared/domain.js';
import { someOf } from '../../shared/some-of.js';
import { figure, leadOf, type NodeCells } from './file-cells.js';

/**
 * The rules on the shift itself (the depot's window), beside validate.ts's rules between fields: a shift that
 * closes as it opens, one far longer than a working day (a misread date, most often), and the one likely cause
 * where most customers' windows lie outside it.
 */

/**
 * A shift longer than this is refused on clock-time days: a dispatcher plans a day or a night, and a shift of days
 * comes from a date misread (3/12 and 4/12 read month first are a month apart) or mistyped. Days in plain minutes
 * (the benchmarks' horizons of 1,000 to 3,390 units) are not clock times and are not held to it.
 */
export const MAX_SHIFT_HOURS = 48;

/**
 * The shift's hours in a message about the shift itself: the depot's cells quoted under their columns where the file is
 * known ("columns Von, Bis: " in front, "'7:00'–'7:00'"), else its times as the day writes them.
 */
function shiftFigures(depot: Instance['depot'], t: (v: number) => string, cells: NodeCells | undefined) {
  const [start, end] = [figure(cells, 'ready', depot.ready, t), figure(cells, 'due', depot.due, t)];
  return { lead: leadOf(start, end), start: start.text, end: end.text };
}

/**
 * The depot's window and its rules: reversed, empty, or too long to be one shift. `cells`: the depot's row of the file
 * it was read from, whose cells the messages quote as written.
 */
export function shiftProblems(instance: Instance, t: (v: number) => string, cells?: NodeCells): string[] {
  const { depot } = instance;
  const { lead, start, end } = shiftFigures(depot, t, cells);
  if (depot.ready > depot.due) return [`${lead}ready time ${start} is after due time ${end} for depot ${depot.id}`];
  const window = `${lead}depot ${depot.id}'s window ${start}–${end}`;
  if (depot.ready === depot.due) {
    const day = instance.clockTimes ? ` (a shift of 24 hours closes at ${formatClock(depot.ready + MINUTES_PER_DAY)})` : '';
    return [`${window} is empty: the shift closes as it opens${day}`];
  }
  const length = depot.due - depot.ready;
  if (instance.clockTimes && length > MAX_SHIFT_HOURS * 60) {
    return [
      `${window} lasts ${formatDuration(length)}, more than the ${MAX_SHIFT_HOURS} hours a shift may last: ` +
        'is a date misread (day and month swapped) or mistyped?',
    ];
  }
  return [];
}

/**
 * A customer's window that closes before the shift starts (05:00–06:00 on a 07:00–18:00 shift: a slip of the window, of
 * AM/PM, or of the depot's opening): no vehicle is out yet, however near the customer. Its words, with what to do,
 * for the import's warning (validate.ts) and a plan's reason for leaving it out (unserved.ts) alike.
 */
export const closesBeforeShift = (due: number, shiftStart: number): boolean => due < shiftStart;
export const CLOSES_BEFORE_SHIFT = 'its window closes before the shift starts';
export const CLOSES_BEFORE_SHIFT_FIX = "correct its window or the depot's opening time";

/**
 * A customer's window that opens only when the shift has ended (19:00–20:00 on a 07:00–18:00 shift: a slip of the
 * window, of AM/PM, or of the depot's closing): a vehicle serving it is back after the shift, however near. Its words,
 * with what to do, for the import's warning and a plan's reason alike, as for closesBeforeShift.
 */
export const opensAfterShift = (ready: number, shiftEnd: number): boolean => ready >= shiftEnd;
export const OPENS_AFTER_SHIFT = 'its window opens only when the shift has ended';
export const OPENS_AFTER_SHIFT_FIX = "correct its window or the depot's closing time";

/** From this many customers whose windows lie outside the shift, and more than half the day's, one line tells them. */
const TOLD_TOGETHER = 3;

/**
 * The reach warnings (validate.ts, one per customer no vehicle can serve in time), with those of customers whose
 * windows lie wholly outside the shift told in one line, first, where they are most of the day: then the shift is
 * what is wrong (a night shift 17:00–07:00 beside a day's windows: its opening and closing swapped), not thirty
 * customers. Fewer are told one by one. `cells`: the depot's row of the file, whose hours that line quotes.
 */
export function reachWarnings(
  instance: Instance,
  unreachable: readonly { customer: Customer; warning: string }[],
  t: (v: number) => string,
  cells?: NodeCells,
) {
  const { depot, customers } = instance;
  const outside = unreachable.filter(({ customer: c }) => c.due <= depot.ready || c.ready >= depot.due);
  if (outside.length < TOLD_TOGETHER || outside.length * 2 <= customers.length) return unreachable.map((u) => u.warning);
  const night = crossesMidnight(depot.ready, depot.due) && depot.due - depot.ready < MINUTES_PER_DAY;
  const cause = night ? "are the depot's opening and closing swapped?" : "are the depot's opening and closing times right?";
  const ids = someOf(
    outside.map((u) => u.customer.id),
    5,
    6,
  );
  const { lead, start, end } = shiftFigures(depot, t, cells);
  return [
    `${lead}${outside.length} of ${customers.length} customers' windows lie outside the shift ${start}–${end} (${ids}): ${cause} ` +
      'Hard time windows leave them unserved, soft ones serve them at a price',
    ...unreachable.filter((u) => !outside.includes(u)).map((u) => u.warning),
  ];
}
