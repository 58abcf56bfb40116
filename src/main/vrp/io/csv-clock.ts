/**
 * The clock a customer CSV's times are read on (csv.ts reads the cells): what the file's window times are written
 * as, the UTC offset dated times are brought to, and the warnings about times read as written but perhaps not meant
 * so.
 */
import {
  type DateTime,
  formatClock,
  formatDuration,
  formatOffset,
  MINUTES_PER_DAY,
  type SlashOrder,
  type SlashUntold,
  slashDateOrder,
  startOfDay,
  writesMeridiem,
} from '../../../shared/clock.js';
import type { Customer, Depot } from '../../../shared/domain.js';
import { cellOr, type NodeCells } from '../file-cells.js';
import type { ColumnMapping, TimeField } from './csv-columns.js';

/**
 * Whether the file writes times of day as HH:MM, where it wrote a window time as a plain number instead, and how
 * many of its clock times carry a date ("2026-11-27 08:00") and how many do not.
 */
export interface ClockUse {
  used: boolean;
  numbers: { where: string; text: string; column: string }[];
  /**
   * Service times as read, in minutes, in every form a cell may write one (12,5, 0:15, 15 min; `number`: a number
   * alone), for the refusal of times saved as fractions of a day and its warning: "every other service time" counts
   * them all. Not a column whose header names hours or seconds: its numbers are not read as minutes.
   */
  durations: { where: string; text: string; column: string; minutes: number; number: boolean }[];
  dated: number;
  undated: number;
  /**
   * The UTC offset of the first time written with one: every dated time is read on that clock, so a file whose
   * times carry different offsets (an export in UTC beside one in local time) still plans one real day.
   */
  offset?: number;
  /** Every offset written, for the warning when they differ. */
  offsets: Set<number>;
  /** Dated times written without an offset (taken to be on the file's clock: said so where others have one). */
  withoutOffset: number;
  /** The first window cell with a date and the first without ("row 4, column due: '04:00'"), to name in an error. */
  firstDated?: string;
  firstUndated?: string;
  /** The order the file's slash dates are read in (11/27/2026 or 27/11/2026), from the dates that tell it. */
  slashOrder: SlashOrder;
  /** Where the file holds several dates and none tells the order: which reading was taken, and why. */
  slashUntold: SlashUntold | null;
  /** The file writes some slash dates day first (27/11) and others month first (11/27). */
  slashMixed: boolean;
  /**
   * The columns whose header names a unit (`ready (h)`) that held a number read in it: only those are told, as a
   * clock time (08:00) under such a header is read as the time it is.
   */
  inUnits: Set<TimeField>;
  /** Window times written with AM or PM. */
  meridiem: number;
  /** Window times of 1:00 to 11:59 written without AM or PM: in a file that writes AM/PM, perhaps an afternoon. */
  bareMorning: { where: string; text: string; minutes: number }[];
}

/** A file's clock, its slash dates read in the order its window cells tell (`slashDateOrder`). */
export function newClockUse(windowCells: readonly string[] = []): ClockUse {
  const { order, untold, mixed } = slashDateOrder(windowCells);
  return {
    used: false,
    numbers: [],
    durations: [],
    dated: 0,
    undated: 0,
    offsets: new Set(),
    withoutOffset: 0,
    slashOrder: order,
    slashUntold: untold,
    slashMixed: mixed,
    inUnits: new Set(),
    meridiem: 0,
    bareMorning: [],
  };
}

/**
 * Slash dates whose order the file does not tell: which was taken and why (the one that puts the file's times
 * closest together, or month first, as the US writes, where both read alike), with the form that cannot be misread.
 */
export function slashDateWarnings(clock: ClockUse): string[] {
  const untold = clock.slashUntold;
  if (untold === null) return [];
  const [first, second, year] = untold.date.split('/');
  const iso = (month: string, day: string) => `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const [taken, other] = clock.slashOrder === 'dmy' ? (['day', 'month'] as const) : (['month', 'day'] as const);
  const date = clock.slashOrder === 'dmy' ? iso(second, first) : iso(first, second);
  const fix = `if the ${other} comes first, write the dates as YYYY-MM-DD`;
  const { mdy, dmy } = untold.spans;
  if (mdy === dmy) return [`dates such as ${untold.date} were read month first (${date}), as the US writes them: ${fix}`];
  const [near, far] = clock.slashOrder === 'dmy' ? [dmy, mdy] : [mdy, dmy];
  return [
    `dates such as ${untold.date} were read ${taken} first (${date}), as that puts the file's times closest together ` +
      `(within ${formatDuration(near)}; read ${other} first they would span ${formatDuration(far)}): ${fix}`,
  ];
}

/** The units of the columns that held a number read in its header's unit: those a warning tells of. */
export function unitsRead(mapping: ColumnMapping, clock: ClockUse): ColumnMapping['units'] {
  return Object.fromEntries(Object.entries(mapping.units).filter(([field]) => clock.inUnits.has(field as TimeField)));
}

/**
 * A dated time in minutes on the file's clock: as written when it has no UTC offset, else moved from its own offset
 * to the file's (the first offset written in the file).
 */
export function onFileClock(time: DateTime | undefined, clock: ClockUse): number | undefined {
  if (time === undefined) return undefined;
  if (time.offset === undefined) {
    clock.withoutOffset++;
    return time.minutes;
  }
  clock.offset ??= time.offset;
  clock.offsets.add(time.offset);
  return time.minutes - time.offset + clock.offset;
}

/** What the offsets say: that they differ, or that some dated times carry none; read on the first one's clock. */
export function offsetWarnings(clock: ClockUse): string[] {
  if (clock.offset === undefined) return [];
  const first = formatOffset(clock.offset);
  const written = [...clock.offsets].map(formatOffset).join(', ');
  const bare = clock.withoutOffset;
  const warnings: string[] = [];
  if (clock.offsets.size > 1) {
    warnings.push(`the times are written with different UTC offsets (${written}): all are read on the clock of the first, ${first}`);
  }
  if (bare === 1) warnings.push(`1 dated time carries no UTC offset where others do: it is read as ${first}, the first offset's clock`);
  if (bare > 1)
    warnings.push(`${bare} dated times carry no UTC offset where others do: they are read as ${first}, the first offset's clock`);
  return warnings;
}

/**
 * A file that writes its windows as HH:MM means every window so: "7.30" there is a typo for 07:30, not 7.3 minutes.
 * (The customer table reads "1430" as 14:30 where its times are HH:MM: there the dispatcher sees the reading at once;
 * here a file's rows are read unseen, so it is refused: format.ts parseTime.) A dotted time or one without its colon
 * says what was meant ("8.15" -> 08:15, "1430" -> 14:30); any other number gets a plain example. (Numbers that are
 * fractions of a day are told once instead: csv-day-fractions.ts.)
 */
export function plainNumbersAmongClockTimes(clock: ClockUse): string[] {
  if (!clock.used) return [];
  return clock.numbers.map(({ where, text }) => {
    const time = /^([01]?\d|2[0-3])[.,]?([0-5]\d)$/.exec(text);
    const example = time ? `${time[1].padStart(2, '0')}:${time[2]}` : '07:30';
    return `${where}: '${text}' is a plain number, but this file's times are HH:MM: write it as a time of day, e.g. ${example}`;
  });
}

/**
 * Window times read as minutes, as written, though their shape says they were meant otherwise: the dispatcher is
 * told, with the way to write what was meant. In a file with no HH:MM at all:
 * - "0800" (a leading zero, four digits): a time of day without its colon;
 * - all within 0..24 and some dotted like "7.30": hours and minutes;
 * - all within 0..24 otherwise (6, 8.5, 18): hours.
 * (All within 0..1 with fractions, a spreadsheet's times stored as fractions of a day, are refused before these are
 * told: csv-day-fractions.ts.)
 */
export function dottedTimeWarnings(clock: ClockUse): string[] {
  if (clock.used || clock.numbers.length === 0) return [];
  const value = (text: string) => Number(text.replace(',', '.'));
  // "'7.30' looks like", "'7.30' and 2 more look like".
  const more = (n: number) => (n > 1 ? ` and ${n - 1} more look` : ' looks');
  const hhmm = clock.numbers.filter((n) => /^([01]\d|2[0-3])[0-5]\d$/.test(n.text));
  const zero = hhmm.find((n) => n.text.startsWith('0'));
  if (zero) {
    const example = `${zero.text.slice(0, 2)}:${zero.text.slice(2)}`;
    return [
      `${zero.where}: '${zero.text}'${more(hhmm.length)} like times of day written without a colon; they are read as minutes ` +
        `(${zero.text} = ${value(zero.text)} minutes). If they are clock times, write them as HH:MM, e.g. ${example}`,
    ];
  }
  if (!clock.numbers.every((n) => value(n.text) <= 24)) return [];
  const fractional = clock.numbers.filter((n) => !Number.isInteger(value(n.text)));
  const dotted = clock.numbers.filter((n) => /^\d{1,2}[.,][0-5]\d$/.test(n.text));
  if (dotted.length > 0) {
    const [first] = dotted;
    const [h, m] = first.text.split(/[.,]/);
    return [
      `${first.where}: '${first.text}'${more(dotted.length)} like times of day written with a ${first.text.includes(',') ? 'comma' : 'dot'}; they are read as minutes ` +
        `(${first.text} = ${value(first.text)} minutes). If they are clock times, write them as HH:MM, e.g. ${h.padStart(2, '0')}:${m}`,
    ];
  }
  const [first] = fractional.length > 0 ? fractional : clock.numbers;
  const hours = value(first.text);
  return [
    `${first.where}: '${first.text}' and every other window time lie between 0 and 24: they are read as minutes. If they are hours, ` +
      `write them as HH:MM (e.g. ${formatClock(hours * 60)} for ${first.text}), or name the unit in the column's header, e.g. ready (h)`,
  ];
}

/**
 * Dated windows that lie wholly outside the shift's day(s): a row of another day's file (last year's, next week's)
 * that no vehicle of this shift can serve on time, and that soft windows would serve days late.
 */
export function offDayWindows(depot: Depot, customers: readonly Customer[]): string[] {
  const [first, last] = [startOfDay(depot.ready), startOfDay(depot.due) + MINUTES_PER_DAY];
  const date = (minutes: number) => new Date(minutes * 60_000).toISOString().slice(0, 10);
  const at = (minutes: number) => new Date(minutes * 60_000).toISOString().slice(0, 16).replace('T', ' ');
  const days = date(first) === date(last - 1) ? date(first) : `${date(first)} to ${date(last - 1)}`;
  return customers
    .filter((c) => c.due < first || c.ready >= last)
    .map(
      (c) =>
        `the window ${at(c.ready)} – ${at(c.due)} is not on the shift's day (${days}) for customer ${c.id}: is the row from another day's file?`,
    );
}

/** A window time as the clock saw it: written with AM/PM, or in the morning hours without (see `meridiemWarnings`). */
export function noteMeridiem(clock: ClockUse, where: string, text: string, minutes: number): void {
  if (writesMeridiem(text)) clock.meridiem++;
  else if (minutes >= 60 && minutes < 12 * 60) clock.bareMorning.push({ where, text, minutes });
}

/**
 * A time without AM or PM in a file whose other times have them, that read as morning falls before the shift opens
 * and read as afternoon within it ('1:00' beside '3:00 PM' on a 06:00–18:00 shift): read as written, and said so.
 */
export function meridiemWarnings(
  clock: ClockUse,
  depot: { ready: number; due: number } | undefined,
  shift: NodeCells | undefined,
): string[] {
  if (clock.meridiem === 0 || !depot || depot.due <= depot.ready) return [];
  const misread = clock.bareMorning.filter((t) => t.minutes < depot.ready && t.minutes + 12 * 60 <= depot.due);
  if (misread.length === 0) return [];
  const [first] = misread;
  const more = misread.length > 1 ? ` and ${misread.length - 1} more are` : ' is';
  return [
    `${first.where}: '${first.text}'${more} written without AM or PM where the file's other times have them: read as ` +
      `${formatClock(first.minutes)}, before the shift opens at ${cellOr(shift, 'ready', formatClock(depot.ready))}. If the afternoon is meant, write ${first.text} PM`,
  ];
}
