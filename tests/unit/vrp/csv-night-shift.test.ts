/**
 * Night shifts in a customer CSV (a depot that closes before it opens by the clock): each window time is placed in
 * the shift's day, a window that then closes before it opens is refused as on a day shift, and 00:00–00:00 is the
 * whole shift.
 */
import { describe, expect, it } from 'vitest';
import { evaluatePlan } from '../../../src/main/vrp/evaluate.js';
import { parseCustomerCsv } from '../../../src/main/vrp/io/csv.js';
import { writePlanCsv } from '../../../src/main/vrp/io/csv-write.js';
import { buildProblem } from '../../../src/main/vrp/validate.js';
import { makeVariant } from '../../../src/shared/domain.js';
import { inputDetails } from './input-details.js';

const fleet = { name: 'night', capacity: 100, vehicles: 2 };
const HEADER = 'id,x,y,demand,ready,due,service';
const read = (rows: string[]) => parseCustomerCsv([HEADER, ...rows].join('\n'), fleet);
const refusal = (rows: string[]): string[] => inputDetails(() => read(rows));
const DAY = 24 * 60;
const SWAPPED = " (on the night shift '22:00'–'06:00': are the opening and closing swapped?)";

describe('a night shift in a customer CSV', () => {
  it('refuses a window whose cells are swapped, naming the customer and both times, instead of widening it past a day', () => {
    // The tester's file: every window's opening and closing swapped.
    expect(
      refusal(['D,50,50,0,22:00,06:00,0', 'C1,30,75,5,03:00,01:00,10', 'C2,60,20,5,23:30,22:30,10', 'C3,70,80,5,05:00,04:00,10']),
    ).toEqual([
      `row 3, columns ready, due: ready time '03:00' is after due time '01:00' for customer C1${SWAPPED}`,
      `row 4, columns ready, due: ready time '23:30' is after due time '22:30' for customer C2${SWAPPED}`,
      `row 5, columns ready, due: ready time '05:00' is after due time '04:00' for customer C3${SWAPPED}`,
    ]);
  });

  it('reads a shift that opens the evening before (22:00-1–06:00) as the same night, its evening times the day before', () => {
    const { customers } = read([
      'D,50,50,0,22:00-1,06:00,0',
      'A,1,1,1,23:00,01:00,10', // across midnight
      'B,1,1,1,02:00,04:00,10', // after midnight
      'C,1,1,1,21:00,23:30,10', // the evening: opens before the shift
      'E,1,1,1,00:00,00:00,10', // the whole shift
    ]).instance;
    expect(customers.map((c) => [c.ready, c.due])).toEqual([
      [-60, 60],
      [120, 240],
      [-180, -30],
      [-120, 360],
    ]);
    expect(refusal(['D,50,50,0,22:00-1,06:00,0', 'S,1,1,1,23:30,22:30,10'])).toEqual([
      "row 3, columns ready, due: ready time '23:30' is after due time '22:30' for customer S (on the night shift '22:00-1'–'06:00': are the opening and closing swapped?)",
    ]);
  });

  it('gives blank window cells the shift itself on any shift from the evening before, and refuses one that closes before it opens', () => {
    const edges = (depot: string) =>
      read([`D,50,50,0,${depot},0`, 'B,1,1,1,,,10', 'W,1,1,1,00:00,00:00,10']).instance.customers.map((c) => [c.ready, c.due]);
    expect(edges('22:00-1,22:00')).toEqual([
      [-120, 1320],
      [-120, 1320],
    ]); // a shift of 24 hours
    expect(edges('23:00-1,00:00')).toEqual([
      [-60, 0],
      [-60, 0],
    ]); // closing at the midnight it runs to
    expect(refusal(['D,50,50,0,22:00-1,06:00-1,0', 'A,1,1,1,23:00-1,23:30-1,10'])).toEqual([
      "row 2, columns ready, due: ready time '22:00-1' is after due time '06:00-1' for depot D",
    ]);
  });

  it("places each time in the shift's day: after the shift's end the next day's, before its start the first day's", () => {
    const { customers } = read([
      'D,50,50,0,22:00,06:00,0',
      'A,1,1,1,05:00,07:00,10', // runs past the shift's end
      'B,1,1,1,17:00,01:00,10', // opens before the shift
      'C,1,1,1,23:00,09:00,10', // into the morning
      'E,1,1,1,15:00,09:00,10', // around the whole night
      'F,1,1,1,07:00,09:00,10', // after the shift
      'G,1,1,1,11:00,17:00,10', // in the hours the shift is closed, across their middle: one window still
      'H,1,1,1,05:00,15:00,10', // a morning window into the day: read in order, as written
      'I,1,1,1,01:00,23:00,10', // in order too, though it may be 23:00–01:00 swapped: read as written, as on a day shift
    ]).instance;
    expect(customers.map((c) => [c.ready, c.due])).toEqual([
      [DAY + 300, DAY + 420],
      [17 * 60, DAY + 60],
      [23 * 60, DAY + 540],
      [15 * 60, DAY + 540],
      [DAY + 420, DAY + 540],
      [DAY + 660, DAY + 1020],
      [DAY + 300, DAY + 900],
      [DAY + 60, DAY + 1380],
    ]);
  });

  it('reads 00:00–00:00 as the whole shift, as it is the whole day on a day shift', () => {
    const { customers } = read([
      'D,50,50,0,18:00,02:00,0',
      'C1,30,75,5,00:00,00:00,10',
      'C2,60,20,5,23:00,00:00,10',
      'C3,1,1,5,00:00,01:00,10',
    ]).instance;
    expect(customers.map((c) => [c.ready, c.due])).toEqual([
      [18 * 60, DAY + 120],
      [23 * 60, DAY],
      [DAY, DAY + 60],
    ]);
  });

  it("writes a moment of the plan at midnight as 00:00+1, as the night's other times, in the plan CSV", () => {
    const { instance } = read(['D,50,50,0,22:00,06:00,0', 'C1,50,55,5,00:00,01:00,10', 'C2,50,60,5,23:50,00:30,10']);
    const plan = writePlanCsv(instance, evaluatePlan(buildProblem(instance), [['C1'], ['C2']], makeVariant('tw1')), 'tw1');
    const rows = plan.split('\n').map((line) => line.split(',').slice(2, 12).join(','));
    // C1's window opens at midnight: its driver waits at the depot and leaves later, to be there then (as driven); C2's
    // service ends then (24:00 is only a shift's or a window's end).
    expect(rows[1]).toBe('depart,D,,,50,50,,115,,23:55');
    expect(rows[2]).toBe('stop,C1,,,50,55,00:00+1,0,00:00+1,00:10+1');
    expect(rows[5]).toBe('stop,C2,,,50,60,23:50,0,23:50,00:00+1');
  });
});
