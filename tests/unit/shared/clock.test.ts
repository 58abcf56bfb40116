import { describe, expect, it } from 'vitest';
import { closeInShift, formatClock, formatMoment, inShift, parseClock, shiftEnd, writesMeridiem } from '../../../src/shared/clock.js';

describe('times of day in a shift', () => {
  it("places a window's closing time typed in the table on its opening's day, or the next across midnight", () => {
    const [opens, closes, day] = [22 * 60, 30 * 60, 24 * 60];
    expect(closeInShift(15 * 60, day + 5 * 60, opens, closes)).toBe(day + 15 * 60); // 05:00+1–15:00+1
    expect(closeInShift(60, 23 * 60, opens, closes)).toBe(day + 60); // 23:00–01:00+1
    expect(closeInShift(60, day + 3 * 60, opens, closes)).toBe(day + 60); // 03:00+1–01:00+1: swapped, left reversed
    expect(closeInShift(10 * 60, 8 * 60, 6 * 60, 18 * 60)).toBe(10 * 60); // a day shift: as typed
  });

  it("places a night shift's times in its day: after midnight and after its end the next day's", () => {
    const [opens, closes] = [22 * 60, 24 * 60 + 6 * 60]; // 22:00–06:00+1, whose day runs from 14:00
    expect(inShift(90, opens, closes), '01:30 is 01:30+1').toBe(24 * 60 + 90);
    expect(inShift(6 * 60, opens, closes), 'the closing time itself').toBe(30 * 60);
    expect(inShift(23 * 60, opens, closes), 'before midnight').toBe(23 * 60);
    expect(inShift(7 * 60, opens, closes), 'after the shift').toBe(31 * 60);
    expect(inShift(17 * 60, opens, closes), 'before the shift').toBe(17 * 60);
    expect(inShift(24 * 60, opens, closes), 'midnight').toBe(24 * 60);
    expect(inShift(24 * 60 + 90, opens, closes), 'written with +1 already').toBe(24 * 60 + 90);
    expect(inShift(-60, opens, closes), 'written with -1').toBe(-60);
    expect(inShift(90, 7 * 60, 18 * 60), 'a day shift').toBe(90);
  });

  it('places the times of a night shift written from the evening before (22:00-1–06:00) in the same night', () => {
    const [opens, closes] = [-2 * 60, 6 * 60]; // its day runs from 14:00-1
    expect(inShift(23 * 60, opens, closes), '23:00 is 23:00-1').toBe(-60);
    expect(inShift(90, opens, closes), 'after midnight').toBe(90);
    expect(inShift(7 * 60, opens, closes), 'after the shift').toBe(7 * 60);
    expect(closeInShift(60, -60, opens, closes), '23:00-1–01:00').toBe(60);
  });

  it('reads a shift end before its start as the next day', () => {
    expect(shiftEnd(6 * 60, 22 * 60)).toBe(30 * 60);
    expect(shiftEnd(18 * 60, 7 * 60)).toBe(18 * 60);
  });

  it('writes midnight as 24:00 where a day ends, and a moment after it as the next day even when it rounds to it', () => {
    expect([1439.4, 1440, 1440.18, 1500].map((m) => formatClock(m))).toEqual(['23:59', '24:00', '00:00+1', '01:00+1']);
    expect(formatClock(1440.18, true)).toBe('00:00:11+1');
  });

  it("writes a plan's moment at midnight as the next day's 00:00+1, the day's end 24:00 being a shift's or a window's", () => {
    expect([1439.4, 1439.7, 1440, 1500, 0].map((m) => formatMoment(m))).toEqual(['23:59', '00:00+1', '00:00+1', '01:00+1', '00:00']);
    expect([formatMoment(2880), formatMoment(-60)]).toEqual(['00:00+2', '23:00-1']);
  });

  it('rounds a moment before the first midnight before naming its day: half a minute before it is 00:00', () => {
    expect([-0.07, -0.6, -1439.6, -1440.3].map((m) => formatMoment(m))).toEqual(['00:00', '23:59-1', '00:00-1', '00:00-1']);
    expect(formatClock(-0.07)).toBe('00:00');
    expect(formatClock(-0.004, true)).toBe('00:00'); // seconds are written where there are any
  });

  it('takes a shift end written with its day as written, one by the clock before its start as the next day', () => {
    expect(shiftEnd(-18 * 60, -2 * 60)).toBe(-18 * 60); // 22:00-1–06:00-1: closes before it opens, for the rules to refuse
    expect(shiftEnd(6 * 60, -2 * 60)).toBe(6 * 60);
  });

  it('writes a time before the first midnight as the evening before, and reads it back', () => {
    expect([-60, -1440, -1500].map((m) => formatClock(m))).toEqual(['23:00-1', '00:00-1', '23:00-2']);
    expect(['23:00-1', '11:00 PM -1', '00:00-1'].map(parseClock)).toEqual([-60, -60, -1440]);
  });

  it('reads back a time ten days or more from the first midnight, as it is written', () => {
    const times = [10 * 1440 + 60, 123 * 1440 + 30.5, -12 * 1440 + 60];
    expect(times.map((m) => formatClock(m, true))).toEqual(['01:00+10', '00:30:30+123', '01:00-12']);
    expect(times.map((m) => parseClock(formatClock(m, true)))).toEqual(times);
    // A day count starts with a digit other than 0, as the single digit did.
    expect(parseClock('01:00+01')).toBeUndefined();
  });
});

describe('12-hour times as spreadsheets in other locales write them', () => {
  it("reads Spanish Excel's 'a. m.' and 'p. m.' (a space, or a no-break space, inside) and a dotted time with AM/PM", () => {
    for (const [text, minutes] of [
      ['8:30 a. m.', 8 * 60 + 30],
      ['2:00 p. m.', 14 * 60],
      ['12:15 a.\u00A0m.', 15],
      ['11:45:30\u00A0p.\u00A0m.', 23 * 60 + 45.5],
      ['8.30am', 8 * 60 + 30],
      ['2.00 PM', 14 * 60],
      ['11.15 p.m.+1', 24 * 60 + 23 * 60 + 15],
    ] as const)
      expect(parseClock(text), text).toBe(minutes);
    // A dotted time without AM or PM stays a number (a decimal), and a meridiem needs its letters together or apart by one space.
    for (const text of ['8.30', '8:30 a .m.', '8:30 a  m', '13.00 pm', '8.3am']) expect(parseClock(text), text).toBeUndefined();
    expect(writesMeridiem('2:00 p. m.')).toBe(true);
  });
});

describe('whether a time is written with AM or PM', () => {
  it('is what parseClock reads as a meridiem, next-day marks included', () => {
    for (const text of ['3:00 PM', '9am', '11:30 p.m.', '1:00 PM+1', ' 7 AM ']) expect(writesMeridiem(text), text).toBe(true);
    for (const text of ['15:00', '14h30', '7:00 Uhr', '01:30+1', 'PM', '9']) expect(writesMeridiem(text), text).toBe(false);
  });
});
