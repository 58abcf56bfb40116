import { describe, expect, it } from 'vitest';
import {
  formatDelta,
  formatDuration,
  formatNumber,
  formatTime,
  formatTimeForEdit,
  parseCoordinate,
  parseCount,
  parseDuration,
  parseNonNegative,
  parsePosition,
  parsePositive,
  parseTime,
} from '../../../src/renderer/format.js';

describe('renderer formatting', () => {
  it('shows times as HH:MM only when the instance uses clock times', () => {
    expect(formatTime(510, true)).toBe('08:30');
    expect(formatTime(510, false)).toBe('510');
    expect(formatTime(1440, true), 'the end of the day').toBe('24:00');
    expect(formatTime(1530, true), "a night shift's time after midnight").toBe('01:30+1');
  });

  it('shows durations in hours and minutes under clock times', () => {
    expect(formatDuration(65, true)).toBe('1h 05m');
    expect(formatDuration(45, true)).toBe('45m');
    expect(formatDuration(65.5, false)).toBe('65.5');
    expect(formatDuration(0.3, true), 'seconds are some time, not none').toBe('<1m');
    expect(formatDuration(0, true)).toBe('0m');
  });

  it('rounds numbers to two decimals and marks infinity', () => {
    expect(formatNumber(1234.567)).toBe('1,234.57');
    expect(formatNumber(Infinity)).toBe('∞');
  });

  it('signs differences and calls a tiny one zero', () => {
    expect(formatDelta(12.345)).toBe('+12.35');
    expect(formatDelta(-4)).toBe('−4');
    expect(formatDelta(0.0001)).toBe('0');
  });

  it('parses a time of day HH:MM under clock times, strictly, and explains a bad entry', () => {
    expect(parseTime('08:30', true)).toEqual({ ok: true, value: 510 });
    expect(parseTime('24:00', true)).toEqual({ ok: true, value: 1440 });
    expect(parseTime('7.30', true), 'a dotted time is not 7.3 minutes').toEqual({ ok: false, message: 'use HH:MM, e.g. 07:30' });
    // Typed as dispatchers do, without the colon: the cell shows at once the time it read.
    expect(['0800', '800', '8', '08', '1430', '2400'].map((text) => parseTime(text, true))).toEqual(
      [480, 480, 480, 480, 870, 1440].map((value) => ({ ok: true, value })),
    );
    expect(parseTime('960', true).ok, 'no minute 60').toBe(false);
    expect(parseTime('2500', true).ok, "no 25 o'clock").toBe(false);
    expect(parseTime('8:0', true)).toEqual({ ok: false, message: 'write the minutes with two digits: 08:00' });
    expect(parseTime('8:3', true)).toEqual({ ok: false, message: 'write the minutes with two digits: 08:30 or 08:03' });
    expect(parseTime('800', false), 'minutes where the times are minutes').toEqual({ ok: true, value: 800 });
    expect(parseTime('25:00', true)).toEqual({ ok: false, message: 'use a time of day HH:MM, 00:00 to 24:00 (HH:MM+1 for the next day)' });
    expect(parseTime('8h30', true)).toEqual({ ok: true, value: 510 });
    expect(parseTime('01:30+1', true)).toEqual({ ok: true, value: 1530 });
    expect([parseTime('8:15 AM', true), parseTime('12:05 am', true), parseTime('12:30 PM', true), parseTime('1:45 p.m.', true)]).toEqual(
      [495, 5, 750, 825].map((value) => ({ ok: true, value })),
    );
    expect(parseTime('13:00 PM', true).ok, "no 13 o'clock on a 12-hour clock").toBe(false);
    // With AM/PM the minutes may go, as people write them; without, a bare hour stays a number, not a time.
    expect([parseTime('9am', true), parseTime('2 PM', true), parseTime('12 a.m.', true)]).toEqual(
      [540, 840, 0].map((value) => ({ ok: true, value })),
    );
    expect(parseTime('13pm', true).ok).toBe(false);
    expect(parseTime('24:00+1', true).ok, 'the next day has no 24:00').toBe(false);
    expect(parseTime(formatTimeForEdit(1530.5, true), true), 'an edit field round-trips a time after midnight').toEqual({
      ok: true,
      value: 1530.5,
    });
    expect(parseTime('12.5', false)).toEqual({ ok: true, value: 12.5 });
  });

  it('keeps seconds when editing a clock time so nothing is rounded away', () => {
    expect(formatTimeForEdit(510.5, true)).toBe('08:30:30');
    const parsed = parseTime(formatTimeForEdit(510.5, true), true);
    expect(parsed).toEqual({ ok: true, value: 510.5 });
  });

  it('rejects empty, non-numeric and negative quantities', () => {
    expect(parseNonNegative('')).toEqual({ ok: false, message: 'required' });
    expect(parseNonNegative('abc')).toEqual({ ok: false, message: 'not a number' });
    expect(parseNonNegative('-1')).toEqual({ ok: false, message: 'must be 0 or more' });
    expect(parseNonNegative(' 7 ')).toEqual({ ok: true, value: 7 });
  });

  it('reads a typed position: degrees in range, a comma before three digits as a decimal comma; planar any number', () => {
    expect(parseCoordinate('52.5219', 'latitude')).toEqual({ ok: true, value: 52.5219 });
    expect(parseCoordinate('95', 'latitude')).toEqual({ ok: false, message: 'must be between −90 and 90' });
    expect(parseCoordinate('-180', 'longitude')).toEqual({ ok: true, value: -180 });
    expect(parseCoordinate('200', 'longitude')).toEqual({ ok: false, message: 'must be between −180 and 180' });
    expect(parseCoordinate('45,752', 'latitude'), 'a decimal comma').toEqual({ ok: true, value: 45.752 });
    expect(parseCoordinate('1250', 'planar')).toEqual({ ok: true, value: 1250 });
    expect(parseCoordinate('-3.5', 'planar')).toEqual({ ok: true, value: -3.5 });
    expect(parseCoordinate('', 'latitude')).toEqual({ ok: false, message: 'required' });
  });

  it('reads a position pasted whole as its two cells read each number, latitude first, or refuses it naming the axis', () => {
    expect(parsePosition(['53.5511', '9.9937'], true)).toEqual({ ok: true, x: 9.9937, y: 53.5511 });
    expect(parsePosition(['53,5511', '9,9937'], true), 'decimal commas').toEqual({ ok: true, x: 9.9937, y: 53.5511 });
    expect(parsePosition(['50', '75'], false)).toEqual({ ok: true, x: 50, y: 75 });
    expect(parsePosition(['-122.3321', '47.6062'], true)).toEqual({
      ok: false,
      message: 'latitude -122.3321: must be between −90 and 90 (latitude and longitude swapped?)',
    });
    expect(parsePosition(['95.5', '200'], true)).toEqual({ ok: false, message: 'latitude 95.5: must be between −90 and 90' });
    expect(parsePosition(['53.5', '213.5'], true)).toEqual({ ok: false, message: 'longitude 213.5: must be between −180 and 180' });
    expect(parsePosition(['53.5', ''], true)).toEqual({ ok: false, message: 'longitude: required' });
    expect(parsePosition(['north', '9.99'], true)).toEqual({ ok: false, message: 'latitude north: not a number' });
    expect(parsePosition(['1,250', '10'], false)).toEqual({
      ok: false,
      message: 'x 1,250: write 1250 or 1.250: a comma there could be either',
    });
  });

  it('asks a speed or capacity to be above 0, a fleet to be whole, and reads a service as minutes or H:MM', () => {
    expect(parsePositive('0')).toEqual({ ok: false, message: 'must be more than 0' });
    expect(parsePositive('-10')).toEqual({ ok: false, message: 'must be more than 0' });
    expect(parsePositive('25.5')).toEqual({ ok: true, value: 25.5 });
    expect(parseCount('2.5')).toEqual({ ok: false, message: 'must be a whole number' });
    expect(parseCount('0')).toEqual({ ok: false, message: 'must be more than 0' });
    expect(parseCount('8')).toEqual({ ok: true, value: 8 });
    expect(parseDuration('0:15')).toEqual({ ok: true, value: 15 });
    expect(parseDuration('1:30')).toEqual({ ok: true, value: 90 });
    expect(parseDuration('12.5')).toEqual({ ok: true, value: 12.5 });
    expect(parseDuration('1:75')).toEqual({ ok: false, message: 'use minutes (15) or H:MM (0:15)' });
    expect(parseDuration('-3')).toEqual({ ok: false, message: 'must be 0 or more' });
  });

  it('reads a decimal comma as the CSV import does, and refuses one that could be a thousands separator', () => {
    expect(parseNonNegative('22,5')).toEqual({ ok: true, value: 22.5 });
    expect(parsePositive(',5')).toEqual({ ok: true, value: 0.5 });
    expect(parseDuration('7,25')).toEqual({ ok: true, value: 7.25 });
    expect(parseNonNegative('1,250')).toEqual({ ok: false, message: 'write 1250 or 1.250: a comma there could be either' });
    expect(parseNonNegative('1,2,5')).toEqual({ ok: false, message: 'not a number' });
    expect(parseCount('8,0')).toEqual({ ok: true, value: 8 });
    expect(parseCount('1,250')).toEqual({ ok: false, message: 'write 1250, without the comma' });
    expect(parseCount('250,5')).toEqual({ ok: false, message: 'must be a whole number' });
  });
});
