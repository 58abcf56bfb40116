/**
 * Clock times: minutes since midnight <-> "HH:MM" (or "HH:MM:SS"). The one place that reads and writes this
 * form. Reading is strict, a time of day from 00:00 to 24:00: "25:00" or "7:75" is a typo, not a time.
 */

const CLOCK = /^(\d{1,2}):([0-5]\d)(?::([0-5]\d))?$/;

/** Minutes since midnight, or undefined when the text is not a time of day H:MM / HH:MM / HH:MM:SS. */
export function parseClock(text: string): number | undefined {
  const m = CLOCK.exec(text.trim());
  if (!m) return undefined;
  const minutes = Number(m[1]) * 60 + Number(m[2]) + (m[3] ? Number(m[3]) / 60 : 0);
  return minutes <= 24 * 60 ? minutes : undefined;
}

/** "HH:MM", rounded to the minute; with `seconds`, "HH:MM:SS" when the seconds are not zero. */
export function formatClock(minutes: number, seconds = false): string {
  const sign = minutes < 0 ? '-' : '';
  const total = Math.round(Math.abs(minutes) * (seconds ? 60 : 1));
  const [h, m, s] = seconds ? [Math.floor(total / 3600), Math.floor(total / 60) % 60, total % 60] : [Math.floor(total / 60), total % 60, 0];
  const hhmm = `${sign}${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
  return s ? `${hhmm}:${String(s).padStart(2, '0')}` : hhmm;
}
