/**
 * Display formatting of the planner's numbers: times as plain numbers or as HH:MM (minutes since midnight) when
 * the instance uses clock times, and the parsing of what the user types back into a time field.
 */
import { colonlessClock, formatClock, formatHoursMinutes, formatMoment, parseClock } from '../shared/clock.js';
import { formatNumber } from '../shared/number-text.js';

/**
 * A time as the instance writes it. `moment`: a window's opening (a moment, which midnight after the first day begins:
 * 00:00+1), not a closing (which midnight ends: 24:00).
 */
export function formatTime(value: number, clockTimes: boolean | undefined, moment = false): string {
  if (!Number.isFinite(value)) return '—';
  if (!clockTimes) return formatNumber(value);
  return moment ? formatMoment(value) : formatClock(value);
}

/** How a duration of a few seconds reads in minutes: some, but less than one shows ("early by 0m" read as none). */
export const UNDER_A_MINUTE = '<1m';

/** A duration: minutes as "1h 05m" under clock times, else a plain number. */
export function formatDuration(value: number, clockTimes: boolean | undefined): string {
  if (!Number.isFinite(value)) return '—';
  if (!clockTimes) return formatNumber(value);
  const total = Math.round(value);
  if (total === 0 && value > 0) return UNDER_A_MINUTE;
  return total >= 60 ? formatHoursMinutes(total) : `${total}m`;
}

export { formatNumber } from '../shared/number-text.js';

const tenthsFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Always to one decimal ("34.0" beside "33.6", not "34"): figures of one kind side by side read alike. */
export const formatTenths = (value: number): string => (Number.isFinite(value) ? tenthsFormat.format(value) : formatNumber(value));

/** A plan's cost, always to one decimal ("525.0" beside "297.2", not "525"). */
export const formatCost = formatTenths;

/** A signed difference for comparison tables: "+12.3", "−4", "0". */
export function formatDelta(value: number, decimals = 2): string {
  if (!Number.isFinite(value)) return '—';
  const rounded = Number(value.toFixed(decimals));
  if (rounded === 0) return '0';
  return `${rounded > 0 ? '+' : '−'}${formatNumber(Math.abs(rounded), decimals)}`;
}

export type ParsedNumber = { ok: true; value: number } | { ok: false; message: string };

/** An editable time: to the second under clock times, so editing never rounds a stored value. */
export function formatTimeForEdit(value: number, clockTimes: boolean | undefined, moment = false): string {
  if (!clockTimes) return String(value);
  return moment ? formatMoment(value, true) : formatClock(value, true);
}

/**
 * Parses a time field: a time of day "HH:MM" (00:00 to 24:00, "HH:MM+1" the next day) under clock times, else a plain number. Under clock
 * times a plain number is refused: "7.30" would silently be 00:07.
 */
export function parseTime(text: string, clockTimes: boolean | undefined): ParsedNumber {
  const trimmed = text.trim();
  if (!clockTimes) return parseNonNegative(trimmed);
  const minutes = parseClock(trimmed);
  if (minutes !== undefined) return { ok: true, value: minutes };
  // "0800", "800", "8": the cell shows at once the time it read (08:00), and Undo takes it back. A CSV file that
  // writes HH:MM refuses "1430" instead (csv.ts), suggesting 14:30: its rows are read unseen, all at once, and one
  // number among HH:MM cells hints at a broken export. Both read the digits the same way (colonlessClock).
  const colonless = colonlessClock(trimmed);
  if (colonless !== undefined) return { ok: true, value: colonless };
  // "8:0" may be 08:00 or a minute digit short (08:05): said, not guessed.
  const short = /^(\d{1,2}):(\d)$/.exec(trimmed);
  if (short) {
    const [hh, m] = [short[1].padStart(2, '0'), short[2]];
    const meant = m === '0' ? `${hh}:00` : `${hh}:${m}0 or ${hh}:0${m}`;
    return { ok: false, message: `write the minutes with two digits: ${meant}` };
  }
  const dotted = /^(\d{1,2})[.,](\d{2})$/.exec(trimmed);
  if (dotted) return { ok: false, message: `use HH:MM, e.g. ${dotted[1].padStart(2, '0')}:${dotted[2]}` };
  return { ok: false, message: 'use a time of day HH:MM, 00:00 to 24:00 (HH:MM+1 for the next day)' };
}

/** A number > 0 (capacity, speed). */
export function parsePositive(text: string): ParsedNumber {
  const parsed = parseDecimal(text);
  return parsed.ok && parsed.value <= 0 ? { ok: false, message: 'must be more than 0' } : parsed;
}

/** A whole number > 0 (vehicles, capacity): 2.5 vehicles is a slip, not a fleet to round. */
export function parseCount(text: string): ParsedNumber {
  // A whole number has no decimals: 1,250 can only be written with a thousands separator.
  const grouped = /^(\d{1,3})((?:,\d{3})+)$/.exec(text.trim());
  if (grouped) return { ok: false, message: `write ${grouped[1]}${grouped[2].replaceAll(',', '')}, without the comma` };
  const parsed = parsePositive(text);
  return parsed.ok && !Number.isInteger(parsed.value) ? { ok: false, message: 'must be a whole number' } : parsed;
}

/** Minutes >= 0, as a number or as H:MM (0:15, 1:30), as the CSV import reads service times. */
export function parseDuration(text: string): ParsedNumber {
  const hm = /^(\d+):([0-5]\d)$/.exec(text.trim());
  if (hm) return { ok: true, value: Number(hm[1]) * 60 + Number(hm[2]) };
  const parsed = parseNonNegative(text);
  return parsed.ok || parsed.message !== 'not a number' ? parsed : { ok: false, message: 'use minutes (15) or H:MM (0:15)' };
}

/**
 * A typed number. A decimal comma (22,5) reads as a point, as the CSV import reads one, except where it could be a
 * thousands separator (1,250: a thousand and more, or one and a quarter), which is refused with both readings.
 */
export function parseDecimal(text: string): ParsedNumber {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: 'required' };
  const comma = /^(-?\d*),(\d+)$/.exec(trimmed);
  if (comma?.[2].length === 3 && comma[1] !== '' && comma[1] !== '-')
    return { ok: false, message: `write ${comma[1]}${comma[2]} or ${comma[1]}.${comma[2]}: a comma there could be either` };
  const value = Number(comma ? `${comma[1]}.${comma[2]}` : trimmed);
  return Number.isFinite(value) ? { ok: true, value } : { ok: false, message: 'not a number' };
}

/** A number >= 0 (demand, ...). */
export function parseNonNegative(text: string): ParsedNumber {
  const parsed = parseDecimal(text);
  return parsed.ok && parsed.value < 0 ? { ok: false, message: 'must be 0 or more' } : parsed;
}

/**
 * A coordinate as its cell shows it for editing: 6 decimals (a tenth of a metre in degrees), since a dragged marker's
 * has 15. A value typed back as shown is the saved one (typedPosition in state/draft.ts).
 */
export const formatCoordinateForEdit = (value: number): string => String(Number(value.toFixed(6)));

/** The coordinate a position field holds: a latitude, a longitude, or either axis of a planar day. */
export type CoordinateKind = 'latitude' | 'longitude' | 'planar';

const DEGREES: Record<CoordinateKind, number | null> = { latitude: 90, longitude: 180, planar: null };

/**
 * A typed coordinate in range: latitudes within ±90°, longitudes within ±180°, planar ones any number (the add dialog,
 * the depot's and a selected customer's position). In degrees a comma is a decimal comma even before three digits
 * (45,752): read as a thousands separator it would be out of range.
 */
export function parseCoordinate(text: string, kind: CoordinateKind): ParsedNumber {
  const limit = DEGREES[kind];
  const degrees = limit !== null ? /^\s*(-?\d{1,3}),(\d{3})\s*$/.exec(text) : null;
  const parsed = parseDecimal(degrees ? `${degrees[1]}.${degrees[2]}` : text);
  if (!parsed.ok || limit === null || Math.abs(parsed.value) <= limit) return parsed;
  return { ok: false, message: `must be between −${limit} and ${limit}` };
}

/** One axis of a position, as its cell, the add dialog's field and a pasted pair read it. */
export interface PositionAxis {
  /** The heading's word ("Depot lat", "Lat") and the cell's test id suffix ("fleet-depot-lat"). */
  key: 'lat' | 'lon' | 'x' | 'y';
  /** Its name on a field ("Latitude of the depot"); in lower case, in a refused pair's message ("latitude 95: …"). */
  label: string;
  /** How its text is read and the range it must lie in (parseCoordinate). */
  kind: CoordinateKind;
  /** The instance's field it is: x = longitude. */
  field: 'x' | 'y';
}

/** A lat/lon day's axes, latitude first as maps and delivery notes give them; a planar day's, x then y. */
const AXES: Record<'geo' | 'planar', readonly [PositionAxis, PositionAxis]> = {
  geo: [
    { key: 'lat', label: 'Latitude', kind: 'latitude', field: 'y' },
    { key: 'lon', label: 'Longitude', kind: 'longitude', field: 'x' },
  ],
  planar: [
    { key: 'x', label: 'x', kind: 'planar', field: 'x' },
    { key: 'y', label: 'y', kind: 'planar', field: 'y' },
  ],
};

/** The two axes a position is written in, in the order it is written. */
export const positionAxes = (geo: boolean): readonly [PositionAxis, PositionAxis] => AXES[geo ? 'geo' : 'planar'];

/** Both numbers of a position typed or pasted whole (positionPair in shared/lat-lon-pair.ts), or why one is refused. */
export type ParsedPosition = { ok: true; x: number; y: number } | { ok: false; message: string };

/**
 * A position's two texts, latitude then longitude on a lat/lon day (x then y on a planar one), each read as its own
 * cell reads it (parseCoordinate), refused with that cell's message and the axis it is for. A latitude beyond ±90°
 * that is a longitude beside one that is a latitude reads as the pair swapped, and the message says so.
 */
export function parsePosition([first, second]: readonly [string, string], geo: boolean): ParsedPosition {
  const [aAxis, bAxis] = positionAxes(geo);
  const [a, b] = [parseCoordinate(first, aAxis.kind), parseCoordinate(second, bAxis.kind)];
  const said = (axis: PositionAxis, text: string, message: string) =>
    `${axis.label.toLowerCase()}${text === '' ? '' : ` ${text}`}: ${message}`;
  if (!a.ok) {
    const swapped = geo && b.ok && parseCoordinate(first, bAxis.kind).ok && parseCoordinate(second, aAxis.kind).ok;
    return { ok: false, message: said(aAxis, first, a.message) + (swapped ? ' (latitude and longitude swapped?)' : '') };
  }
  if (!b.ok) return { ok: false, message: said(bAxis, second, b.message) };
  const at = { [aAxis.field]: a.value, [bAxis.field]: b.value } as Record<'x' | 'y', number>;
  return { ok: true, x: at.x, y: at.y };
}

const dateTimeFormat = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', hour: '2-digit', minute: '2-digit' });

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat.format(date);
}

/** "1 stop", "3 stops": a count with its noun (an English plural in s). */
export const formatCount = (n: number, noun: string): string => `${formatNumber(n)} ${n === 1 ? noun : `${noun}s`}`;
