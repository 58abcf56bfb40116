/**
 * The clock a customer CSV's times are read on (csv.ts reads the cells): what the file's window times are written
 * as, the UTC offset dated times are brought to, and the warnings about times read as written but perhaps not meant
 * so.
 */
import { type DateTime, formatOffset } from '../../../shared/clock.js';

/**
 * Whether the file writes times of day as HH:MM, where it wrote a window time as a plain number instead, and how
 * many of its clock times carry a date ("2026-11-27 08:00") and how many do not.
 */
export interface ClockUse {
  used: boolean;
  numbers: { where: string; text: string }[];
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
}

export const newClockUse = (): ClockUse => ({ used: false, numbers: [], dated: 0, undated: 0, offsets: new Set(), withoutOffset: 0 });

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
 * A file with no HH:MM at all whose window times are all within 0..24 and include dotted ones like "7.30" was most
 * likely written in hours and minutes: it is read as minutes (7.3), as written, but the dispatcher is told.
 */
export function dottedTimeWarnings(clock: ClockUse): string[] {
  if (clock.used) return [];
  const dotted = clock.numbers.filter((n) => /^\d{1,2}[.,][0-5]\d$/.test(n.text));
  const hoursOnly = clock.numbers.every((n) => Number(n.text.replace(',', '.')) <= 24);
  if (dotted.length === 0 || !hoursOnly) return [];
  const [first] = dotted;
  const [h, m] = first.text.split(/[.,]/);
  const more = dotted.length > 1 ? ` and ${dotted.length - 1} more` : '';
  return [
    `${first.where}: '${first.text}'${more} look like times of day written with a ${first.text.includes(',') ? 'comma' : 'dot'}; they are read as minutes ` +
      `(${first.text} = ${Number(first.text.replace(',', '.'))} minutes). If they are clock times, write them as HH:MM, e.g. ${h.padStart(2, '0')}:${m}`,
  ];
}
