/**
 * Clock times: minutes since midnight <-> "HH:MM" (or "HH:MM:SS"; read also as "h:MM AM/PM", "14h30", "7:00 Uhr"). The one place
 * that reads and writes this form. Reading is strict, a time of day from 00:00 to 24:00: "25:00" or "7:75" is
 * a typo, not a time. A night shift's times after midnight are the next day's: "01:30+1" is 25:30 since the
 * first midnight, and times past 24:00 are written so; "23:00-1" is the evening before (-60).
 */

/**
 * AM or PM as spreadsheets write them: "PM", "pm", "p.m.", and Spanish Excel's "p. m." (a space, often a no-break
 * one, between the letters).
 */
const MERIDIEM = '([AaPp])\\.?[ \\u00A0\\u202F]?[Mm]\\.?';
// The days after "+" or "-" have as many digits as they need: formatClock writes a time ten days on as "+10".
const CLOCK = new RegExp(`^(\\d{1,2})(?::([0-5]\\d)(?::([0-5]\\d))?)?(?:\\s*${MERIDIEM})?(?:\\s*([+-])([1-9]\\d*))?$`);
/** A dotted time with AM or PM ("8.30am", as English writes it): its dot is a colon, AM or PM telling it from a decimal. */
const DOTTED_MERIDIEM = new RegExp(`^(\\d{1,2})\\.([0-5]\\d)(?=\\s*${MERIDIEM.replace('(', '(?:')}(?:\\s*[+-]\\d+)?$)`);
/** Minutes in a day: a time past it is the next day's. */
export const MINUTES_PER_DAY = 24 * 60;

/**
 * Minutes since midnight, or undefined when the text is not a time of day: H:MM, HH:MM or HH:MM:SS, in 24-hour form
 * or with AM/PM (then the minutes may go: "9am", "2 PM"), then "+1" for the next day ("+10" ten days on, "-1" the day before).
 */
export function parseClock(text: string): number | undefined {
  const m = CLOCK.exec(colonForm(text.trim()));
  if (!m) return undefined;
  const [hours, meridiem, nextDays] = [Number(m[1]), m[4]?.toLowerCase(), m[6] ? Number(`${m[5]}${m[6]}`) : 0];
  // A bare hour is a time of day only with AM/PM: "9" alone is a number.
  if (m[2] === undefined && !meridiem) return undefined;
  // 12-hour times: 12:15 AM is 00:15, 12:15 PM is 12:15, 1:00 PM is 13:00.
  if (meridiem && (hours < 1 || hours > 12)) return undefined;
  const hour = meridiem ? (hours % 12) + (meridiem === 'p' ? 12 : 0) : hours;
  const minutes = hour * 60 + Number(m[2] ?? 0) + (m[3] ? Number(m[3]) / 60 : 0);
  if (minutes > MINUTES_PER_DAY || (nextDays && minutes >= MINUTES_PER_DAY)) return undefined;
  // "23:00-1" is the evening before: a window that opens before the shift's day (an export of one that does).
  return minutes + nextDays * MINUTES_PER_DAY;
}

/**
 * A time of day typed without its colon, as dispatchers type them: "0800", "800" and "1430" (hours, then the minutes
 * in two digits), or a bare hour "8"; undefined for anything else ("960": no minute 60; "2500"). Read only where the
 * times are known to be clock times (a table of a day whose times read HH:MM): elsewhere "800" is 800 minutes, and
 * parseClock, which a CSV file's cells go through, keeps reading it so.
 */
export function colonlessClock(text: string): number | undefined {
  const digits = /^\d{1,4}$/.exec(text.trim())?.[0];
  if (digits === undefined) return undefined;
  const [hours, minutes] = digits.length <= 2 ? [Number(digits), 0] : [Number(digits.slice(0, -2)), Number(digits.slice(-2))];
  const total = hours * 60 + minutes;
  return minutes < 60 && total <= MINUTES_PER_DAY ? total : undefined;
}

/** Whether a time of day is written with AM or PM ("3:00 PM", "9am"), as parseClock reads it. */
export function writesMeridiem(text: string): boolean {
  return CLOCK.exec(colonForm(text.trim()))?.[4] !== undefined;
}

/**
 * The ways Europe writes a time of day, as H:MM: French "14h30" and "14h", German "7:00 Uhr", "7.30 Uhr" and
 * "7 Uhr"; and English "8.30am". A dotted time without "Uhr" or AM/PM (7.30) stays a number: it may be a decimal.
 */
function colonForm(text: string): string {
  const written = /^(\d{1,2})\s*h\s*([0-5]\d)?$/i.exec(text) ?? /^(\d{1,2})(?:[:.]([0-5]\d))?\s*uhr$/i.exec(text);
  return written ? `${written[1]}:${written[2] ?? '00'}` : text.replace(DOTTED_MERIDIEM, '$1:$2');
}

/**
 * "HH:MM", rounded to the minute; with `seconds`, "HH:MM:SS" when the seconds are not zero; past 24:00 "HH:MM+1",
 * before 00:00 "HH:MM-1". Midnight after the first day is 24:00, the end of that day: a shift or a window closing then.
 */
export function formatClock(minutes: number, seconds = false): string {
  return clockText(minutes, seconds, false);
}

/**
 * A moment of a plan (an arrival, a start, a return) as formatClock writes it, but for midnight: a moment then begins
 * the next day, "00:00+1" as every other time after it is written, not the day's end 24:00.
 */
export function formatMoment(minutes: number, seconds = false): string {
  return clockText(minutes, seconds, true);
}

function clockText(minutes: number, seconds: boolean, moment: boolean): string {
  // Before the first midnight: the evening before, "23:00-1" (read back so by parseClock). Rounded to what is
  // written first: a moment half a minute before midnight is 00:00, not the evening before's end.
  const unit = seconds ? 1 / 60 : 1;
  const written = Math.round(minutes / unit) * unit;
  if (written < 0) {
    const back = Math.ceil(-written / MINUTES_PER_DAY);
    return `${clockText(written + back * MINUTES_PER_DAY, seconds, moment)}-${back}`;
  }
  const total = Math.round(minutes * (seconds ? 60 : 1));
  const perDay = seconds ? MINUTES_PER_DAY * 60 : MINUTES_PER_DAY;
  // 24:00 stays the end of the day (a shift or a window closing at midnight); a moment after midnight is the next
  // day's even where it rounds to the minute of midnight (an arrival at 1440.2 is 00:00+1, not 24:00).
  const afterMidnight = moment ? total >= perDay : minutes > MINUTES_PER_DAY;
  const days = total <= perDay && !afterMidnight ? 0 : Math.max(1, Math.floor(total / perDay));
  const left = total - days * perDay;
  const [h, m, s] = seconds ? [Math.floor(left / 3600), Math.floor(left / 60) % 60, left % 60] : [Math.floor(left / 60), left % 60, 0];
  const hhmm = `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
  return `${s ? `${hhmm}:${String(s).padStart(2, '0')}` : hhmm}${days ? `+${days}` : ''}`;
}

/**
 * Two times as `format` writes them, told apart where they differ: to the second (or the number in full) where the
 * format would write both the same ("reached at 10:23, after its due time 10:23" is no reason). `moments`: which of
 * the two are moments of a plan (an arrival, a return), written as `format(v, true)` writes them (formatMoment on a
 * clock-time day: midnight begins the next day, 00:00+1), the other being an end (a shift's or a window's: 24:00).
 * Times are told apart only where they read apart either way: 00:00+1 and 24:00 are the same minute.
 */
export function timesApart(
  format: (v: number, moment?: boolean) => string,
  a: number,
  b: number,
  moments: readonly [boolean, boolean] = [false, false],
): [string, string] {
  if (format(a) !== format(b) && format(a, true) !== format(b, true)) return [format(a, moments[0]), format(b, moments[1])];
  const precise = (v: number, moment: boolean) =>
    /^\d+:\d\d/.test(format(v)) ? (moment ? formatMoment(v, true) : formatClock(v, true)) : String(v);
  return [precise(a, moments[0]), precise(b, moments[1])];
}

/** A length of time in words, to the minute: "8 hours", "30 days 8 hours", "1 day 45 minutes". */
export function formatDuration(minutes: number): string {
  const total = Math.round(minutes);
  const parts: [number, string][] = [
    [Math.floor(total / MINUTES_PER_DAY), 'day'],
    [Math.floor((total % MINUTES_PER_DAY) / 60), 'hour'],
    [total % 60, 'minute'],
  ];
  const said = parts.filter(([n]) => n > 0).map(([n, unit]) => `${n} ${unit}${n === 1 ? '' : 's'}`);
  return said.length ? said.join(' ') : '0 minutes';
}

/** A span of an hour or more as hours and minutes, the app's way: 664.4 → "11h 04m". */
export function formatHoursMinutes(minutes: number): string {
  const total = Math.round(minutes);
  return `${Math.floor(total / 60)}h ${String(total % 60).padStart(2, '0')}m`;
}

type Window = { ready: number; due: number };

/**
 * A night shift (a depot open 22:00–06:00 or 22:00–06:00+1, closing the next day; or 22:00-1–06:00, opening the
 * evening before): each customer time of day is placed in the shift's day (`shiftDayStart`). On 22:00–06:00 01:30 is
 * 01:30+1, 23:00 the first day's, 07:00 (after the shift) 07:00+1 and 17:00 (before it) the first day's; on
 * 22:00-1–06:00 the same times are 01:30, 23:00-1, 07:00 and 17:00-1. A window closes on the day it opens, or the day
 * after where it crosses midnight (23:00–01:00); one that would close beyond the shift's day is left closing before it
 * opens, for the rules to refuse as on a day shift (03:00–01:00 is a slip, not a window of 22 hours). Times written
 * with their day ("+1", "-1"), and days that do not cross midnight, are left as they are, but for a closing time of
 * 00:00, which is that day's end; 00:00–00:00 is the whole day, on a night shift the whole shift.
 */
export function overnight<D extends Window, C extends Window>(depot: D, nodes: C[]): { depot: D; nodes: C[] } {
  const closes = shiftEnd(depot.due, depot.ready);
  if (!crossesMidnight(depot.ready, closes)) {
    // A shift or a window that closes at 00:00 (12:00 AM) closes at the midnight after it opened: 24:00.
    // 00:00–00:00 is the whole day.
    const midnight = <N extends Window>(n: N): N => (n.due === 0 && n.ready >= 0 ? { ...n, due: MINUTES_PER_DAY } : n);
    return { depot: midnight(depot), nodes: nodes.map(midnight) };
  }
  const place = (minutes: number) => inShift(minutes, depot.ready, closes);
  const window = (n: C): C => {
    if (!(isTimeOfDay(n.ready) && isTimeOfDay(n.due))) return { ...n, ready: place(n.ready), due: place(n.due) };
    if (n.ready === 0 && n.due % MINUTES_PER_DAY === 0) return { ...n, ready: depot.ready, due: closes };
    const ready = place(n.ready);
    return { ...n, ready, due: closeInShift(n.due, ready, depot.ready, closes) };
  };
  return { depot: { ...depot, due: closes }, nodes: nodes.map(window) };
}

/**
 * A shift's end by the clock: one before the shift's start (22:00–06:00) is the next day's. An end written with its
 * day (06:00-1) is taken as written, and a shift that then closes before it opens is refused by the rules.
 */
export const shiftEnd = (end: number, start: number): number => (end < start && isTimeOfDay(end) ? end + MINUTES_PER_DAY : end);

/**
 * Whether a shift from `opens` to `closes` (minutes past the first midnight) runs through a midnight: a night shift,
 * whether it is written 22:00–06:00 (closing the next day) or 22:00-1–06:00 (opening the evening before; or closing
 * at that midnight, 23:00-1–00:00).
 */
export const crossesMidnight = (opens: number, closes: number): boolean => closes > MINUTES_PER_DAY || (opens < 0 && closes >= 0);

/**
 * A window's closing time of day on a night shift from `opens` to `closes`, its opening already placed (`opening`):
 * on the day the opening lies, where it is written in order (05:00–15:00); the day after where it crosses midnight
 * (23:00–01:00), if that is still in the shift's day. Beyond it (03:00–01:00 would close at 01:00+2) the cells are
 * taken as swapped: left closing before the opening, for the rules to refuse as on a day shift, not widened into a
 * window of 22 hours. Times written with their day, and every shift that ends by midnight, stay as they are.
 */
export function closeInShift(close: number, opening: number, opens: number, closes: number): number {
  if (!crossesMidnight(opens, closes) || !isTimeOfDay(close)) return close;
  const due = close + Math.floor(opening / MINUTES_PER_DAY) * MINUTES_PER_DAY;
  const dayEnds = shiftDayStart(opens, closes) + MINUTES_PER_DAY;
  return due < opening && due + MINUTES_PER_DAY <= dayEnds ? due + MINUTES_PER_DAY : due;
}

/** A time of the first day as written without its day (00:00 to 24:00), which a night shift places. */
const isTimeOfDay = (minutes: number): boolean => minutes >= 0 && minutes <= MINUTES_PER_DAY;

/**
 * Where the 24 hours of a night shift's day begin: at the middle of the hours the shift is closed, so that a time
 * the shift does not cover belongs to its nearer end (14:00 for a 22:00–06:00+1 shift: 07:00 is after the shift,
 * 07:00+1; 17:00 before it).
 */
export const shiftDayStart = (opens: number, closes: number): number => (opens + closes) / 2 - MINUTES_PER_DAY / 2;

/**
 * A time of day in a shift from `opens` to `closes` (minutes past the first midnight): when the shift runs past
 * midnight, a time written without its day is placed in the shift's day (`shiftDayStart`), so 01:30 in a
 * 22:00–06:00+1 shift is 01:30+1. Times written with their day ("+1", "-1"), and every time of a shift that ends by
 * midnight, stay as they are.
 */
export function inShift(minutes: number, opens: number, closes: number): number {
  if (!crossesMidnight(opens, closes) || !isTimeOfDay(minutes)) return minutes;
  return minutes + Math.ceil((shiftDayStart(opens, closes) - minutes) / MINUTES_PER_DAY) * MINUTES_PER_DAY;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{1,2}:[0-5]\d(?::[0-5]\d(?:\.\d+)?)?)\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** A date and time as written, and the UTC offset it was written with (minutes east of UTC), if any. */
export interface DateTime {
  /** Minutes since 1970-01-01 00:00 of the clock the time was written on. */
  minutes: number;
  offset?: number;
}

/**
 * A date and time "YYYY-MM-DD HH:MM[:SS]" (or with a T, as ISO 8601 writes it), optionally with a UTC offset ("Z",
 * "+01:00", "-0500"): what exports of dispatch systems put in a window's cells; or as a spreadsheet writes it by
 * locale (`localDateTime`). Undefined for anything else, a date that does not exist or an offset beyond ±14:00.
 */
export function parseDateTime(text: string, slashOrder: SlashOrder = 'mdy'): DateTime | undefined {
  const local = localDateTime(text.trim(), slashOrder);
  if (local) return local;
  const m = DATE_TIME.exec(text.trim());
  if (!m) return undefined;
  const date = dayOf(Number(m[1]), Number(m[2]), Number(m[3]));
  if (!date) return undefined;
  // Fractional seconds (what JavaScript's toISOString writes) are dropped: windows are planned to the second.
  const minutes = parseClock(m[4].replace(/\.\d+$/, ''));
  if (minutes === undefined) return undefined;
  const offset = m[5] === undefined ? undefined : parseOffset(m[5]);
  if (offset === null) return undefined;
  return { minutes: date.getTime() / 60000 + minutes, ...(offset === undefined ? {} : { offset }) };
}

/** Midnight UTC of that date, or null where the date does not exist (2026-02-30, month 13). */
function dayOf(year: number, month: number, day: number): Date | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}

/** Which comes first in a date written with slashes: the month (11/27/2026, as the US writes) or the day (27/11/2026). */
export type SlashOrder = 'mdy' | 'dmy';

const DOTTED_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4}),?\s+(.+)$/;
const SLASHED_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4}),?\s+(.+)$/;

/**
 * A date and time as spreadsheets write them by locale: "27.11.2026 07:00" (day first, as Germany writes),
 * "11/27/2026 7:00 AM" or "27/11/2026 07:00" (the slash order decided for the whole file, see `slashDateOrder`).
 * The time is any time of day parseClock reads; these forms carry no UTC offset.
 */
function localDateTime(text: string, slashOrder: SlashOrder): DateTime | undefined {
  const dotted = DOTTED_DATE.exec(text);
  const slashed = dotted ? null : SLASHED_DATE.exec(text);
  const m = dotted ?? slashed;
  if (!m) return undefined;
  const [first, second, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const [day, month] = slashed && slashOrder === 'mdy' ? [second, first] : [first, second];
  const date = dayOf(year, month, day);
  if (!date) return undefined;
  const minutes = parseClock(m[4]);
  if (minutes === undefined || minutes < 0 || minutes > MINUTES_PER_DAY) return undefined;
  return { minutes: date.getTime() / 60000 + minutes };
}

/** How a file's slash dates were read where none tells the order, and why: the span of its times either way. */
export interface SlashUntold {
  /** A date of the file as written ("3/12/2026"). */
  date: string;
  /** Minutes from the file's first dated time to its last, read month first and read day first. */
  spans: Record<SlashOrder, number>;
}

/**
 * The slash order of a file's dates, from the dates that tell it (27/11 can only be day first, 11/27 only month
 * first). Where none does, the order that puts the file's dated times closest together (03/12 22:00 to 04/12 06:00
 * is one night day first, a month month first): a dispatcher's file is one day; month first, as the US writes,
 * where both read alike. `untold` says so where the file holds more than one date; `mixed`, that some dates can only
 * be day first and others only month first.
 */
export function slashDateOrder(cells: readonly string[]): { order: SlashOrder; untold: SlashUntold | null; mixed: boolean } {
  let dayFirst = false;
  let monthFirst = false;
  // Distinct dates (3/12/2026 and 03/12/2026 are one), each as the file first writes it, for the warning to quote.
  const dates = new Map<string, string>();
  for (const cell of cells) {
    const m = SLASHED_DATE.exec(cell.trim());
    if (!m) continue;
    const key = `${Number(m[1])}/${Number(m[2])}/${m[3]}`;
    if (!dates.has(key)) dates.set(key, `${m[1]}/${m[2]}/${m[3]}`);
    if (Number(m[1]) > 12) dayFirst = true;
    if (Number(m[2]) > 12) monthFirst = true;
  }
  if (dayFirst && !monthFirst) return { order: 'dmy', untold: null, mixed: false };
  // Both orders told (27/11 beside 11/27): the dates read month first; those that cannot be are named as mixed.
  if (dayFirst || monthFirst || dates.size < 2) return { order: 'mdy', untold: null, mixed: dayFirst && monthFirst };
  const spans = { mdy: datedSpan(cells, 'mdy'), dmy: datedSpan(cells, 'dmy') };
  return { order: spans.dmy < spans.mdy ? 'dmy' : 'mdy', untold: { date: [...dates.values()][0], spans }, mixed: false };
}

/** Minutes from the earliest dated time of the cells to the latest, their slash dates read in that order. */
function datedSpan(cells: readonly string[], order: SlashOrder): number {
  const times = cells.flatMap((cell) => parseDateTime(cell, order)?.minutes ?? []);
  return Math.max(...times) - Math.min(...times);
}

/** "Z", "+01:00", "+0100" or "+01" as minutes east of UTC; null beyond ±14:00 or with minutes past 59. */
function parseOffset(text: string): number | null {
  if (text.toUpperCase() === 'Z') return 0;
  const digits = text.slice(1).replace(':', '');
  const [hours, minutes] = [Number(digits.slice(0, 2)), Number(digits.slice(2) || '0')];
  const total = hours * 60 + minutes;
  if (minutes > 59 || total > 14 * 60) return null;
  return text[0] === '-' ? -total : total;
}

/** A UTC offset in minutes as "UTC", "UTC+01:00" or "UTC-05:30". */
export function formatOffset(offset: number): string {
  if (offset === 0) return 'UTC';
  const a = Math.abs(offset);
  return `UTC${offset < 0 ? '-' : '+'}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
}

/** The minute (since 1970-01-01) at which the day holding `minutes` began: dated times become times of that day. */
export const startOfDay = (minutes: number): number => Math.floor(minutes / MINUTES_PER_DAY) * MINUTES_PER_DAY;
