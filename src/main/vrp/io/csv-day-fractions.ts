/**
 * Window times saved as fractions of a day. A spreadsheet stores 08:00 as 0.333333…; in a column formatted as a
 * number (or as "General" once edited) it writes that number into the CSV. Read as minutes, every window closes
 * within the first minute of the day: the preview filled with a warning per customer, and a plan served no one.
 *
 * Refused, not read as fractions: a spreadsheet writes as many digits as the cell shows, so a column showing two
 * decimals writes 08:00 as 0.33, which is 07:55, and 08:30 as 0.35, 08:24; read so, windows would move by minutes
 * without a word. Formatted as hh:mm, the same cells are written exactly, so the fix is one step in the sheet.
 */
import { formatClock, formatDuration, MINUTES_PER_DAY } from '../../../shared/clock.js';
import type { ClockUse } from './csv-clock.js';

/** "ready", "ready and due". */
const listed = (names: readonly string[]) => (names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/** A window cell's number, as read: with a decimal point or comma. */
const value = (cell: { text: string }) => Number(cell.text.replace(',', '.'));

const fraction = (v: number) => v > 0 && v < 1;

/** Every number between 0 and 1, and one at least neither 0 nor 1 (a shift of 0 to 1 is midnight to midnight). */
const fractionsOfDay = (values: readonly number[]) => values.every((v) => v >= 0 && v <= 1) && values.some(fraction);

/**
 * Whether the service times are fractions of a day: every one a number alone (fractionsOfDay); a cell that writes
 * its duration (0:15, 15 min) says the column holds durations, and is counted as not one.
 */
const serviceInFractions = (durations: ClockUse['durations']) =>
  durations.every((d) => d.number) && fractionsOfDay(durations.map((d) => d.minutes));

/**
 * The refusal when the window times written as plain numbers are fractions of a day (fractionsOfDay), in a file
 * without dated times; else null. Beside HH:MM cells (the depot's hours formatted as time, the customers' windows as
 * numbers) it takes two such numbers at least: one alone is more likely a slip in that cell, told by itself
 * (plainNumbersAmongClockTimes). A service column of fractions is named with them: formatted as a number too, it
 * would be read as a fraction of a minute once the windows are fixed. (Alone, beside HH:MM windows, it is read as
 * written and told: serviceFractionsWarning.)
 */
export function dayFractionsProblem(clock: ClockUse): string | null {
  if (clock.dated > 0 || !fractionsOfDay(clock.numbers.map(value)) || (clock.used && clock.numbers.length < 2)) return null;
  const first = clock.numbers.find((n) => fraction(value(n)))!;
  const service: readonly { column: string }[] = serviceInFractions(clock.durations) ? clock.durations : [];
  const columns = [...new Set([...clock.numbers, ...service].map((n) => n.column))];
  const [them, one] = columns.length === 1 ? ['column', 'the column'] : ['columns', 'the columns'];
  const time = formatClock(value(first) * MINUTES_PER_DAY);
  return (
    `${them} ${listed(columns)} ${columns.length === 1 ? 'holds' : 'hold'} times saved as fractions of a day, as a spreadsheet stores them ` +
    `(${first.where}: '${first.text}' is ${time}), not minutes: format ${one} as time (hh:mm) in the spreadsheet and save the CSV again`
  );
}

/**
 * Beside HH:MM windows, a service column whose every value lies between 0 and 1 (serviceInFractions): perhaps a duration
 * formatted as a number in the sheet (0,0104166666666667 for 0:15), perhaps minutes under one. Told, not refused as
 * window fractions are: a window closing within the first minute of the day cannot be meant, while a service of half
 * a minute (a parcel at a letterbox) can, so the cells are read as written and the dispatcher is told what the first
 * would be as a fraction of a day, with the fix. Not read as fractions either, for the reason above: a sheet writes
 * only the digits it shows.
 */
export function serviceFractionsWarning(clock: ClockUse): string[] {
  if (!clock.used || !serviceInFractions(clock.durations)) return [];
  const first = clock.durations.find((d) => fraction(d.minutes))!;
  return [
    `${first.where}: '${first.text}' and every other service time lie between 0 and 1: they are read as minutes, as written. ` +
      `If they are fractions of a day, as a spreadsheet stores times ('${first.text}' is ${formatDuration(first.minutes * MINUTES_PER_DAY)}), ` +
      'format the column as time (hh:mm) in the spreadsheet and save the CSV again',
  ];
}
