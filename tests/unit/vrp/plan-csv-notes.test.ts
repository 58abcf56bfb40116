import { describe, expect, it } from 'vitest';
import { parseCustomerCsv } from '../../../src/main/vrp/io/csv.js';
import { writePlanCsv } from '../../../src/main/vrp/io/csv-write.js';
import { buildProblem } from '../../../src/main/vrp/validate.js';
import { evaluatePlan } from '../../../src/main/vrp/evaluate.js';
import { makeVariant, type VariantName } from '../../../src/shared/domain.js';

// A shift of 08:00–10:00, one van of 10. Customer 1 closes at 08:02 but is 5 minutes out; customer 2 takes two
// hours, so the van is back at 10:22; together they load 13. Customer 3 on a second route is beyond the fleet.
const DAY = [
  'id,x,y,demand,ready,due,service',
  'D,0,0,0,08:00,10:00,0',
  '1,3,4,6,08:00,08:02,2',
  '2,6,8,7,08:00,12:00,120',
  '3,1,0,1,08:00,10:00,0',
].join('\n');

function notes(variant: VariantName, routes: string[][]): Record<string, string> {
  const { instance } = parseCustomerCsv(DAY, { name: 'day', capacity: 10, vehicles: 1 });
  const rows = writePlanCsv(instance, evaluatePlan(buildProblem(instance), routes, makeVariant(variant)), variant)
    .trim()
    .split('\n')
    .slice(1)
    .filter((row) => !row.startsWith(',,not served'));
  // route/stop/kind as the key, the note (the last cell, quoted where it holds a comma) as the value.
  return Object.fromEntries(rows.map((row) => [row.split(',').slice(0, 3).join(' '), row.replace(/^(?:[^,]*,){15}/, '')]));
}

describe('plan CSV notes', () => {
  it('names every violation of a hard-window plan on the row it concerns', () => {
    expect(notes('tw1', [['1', '2'], ['3']])).toEqual({
      '1 0 depart': '',
      '1 1 stop': '"late: customer 1 is reached at 08:05, 3 min after its due time 08:02"',
      '1 2 stop': '',
      '1 3 return':
        '"over capacity: route 1 loads 13 at the depot, above the capacity 10 (the orders pass it at customer 2); back after the shift ends: route 1 is back at the depot at 10:22, after the shift ends at 10:00"',
      '2 0 depart': 'beyond the fleet: the plan uses 2 vehicles but the fleet has 1',
      '2 1 stop': '',
      '2 2 return': '',
    });
  });

  it('marks lateness and a late return that soft windows allow, saying that they allow them', () => {
    const soft = notes('tw2', [['1', '2']]);
    expect(soft['1 1 stop']).toBe('"late: served after its window closes, as soft windows allow (priced)"');
    expect(soft['1 3 return']).toBe(
      '"over capacity: route 1 loads 13 at the depot, above the capacity 10 (the orders pass it at customer 2); back after the shift ends: back at the depot at 10:22, after the shift ends at 10:00 (soft windows allow it)"',
    );
  });

  it('leaves the notes of routes that break nothing empty', () => {
    expect(Object.values(notes('tw1', [['3']]))).toEqual(['', '', '']);
  });
});

describe('plan CSV notes on times past midnight', () => {
  // A depot open 22:00–06:00, closing the next morning; customer 1 (5 minutes out) opens at 05:00 and takes an hour,
  // so its van is back at 06:05 the next day, after the shift.
  const night = ['id,x,y,demand,ready,due,service', 'D,0,0,0,22:00,06:00,0', '1,3,4,1,05:00,05:50,60'].join('\n');

  it('write the times past midnight with their day, as the schedule cells do: 06:05+1, after the shift ends at 06:00+1', () => {
    const { instance } = parseCustomerCsv(night, { name: 'night', capacity: 10, vehicles: 1 });
    for (const variant of ['tw1', 'tw2'] as const) {
      const rows = writePlanCsv(instance, evaluatePlan(buildProblem(instance), [['1']], makeVariant(variant)), variant);
      const back = rows.split('\n').find((row) => row.startsWith('1,2,return,'));
      expect(back?.split(',')[8]).toBe('06:05+1');
      expect(back).toContain(
        variant === 'tw1'
          ? 'back after the shift ends: route 1 is back at the depot at 06:05+1, after the shift ends at 06:00+1'
          : 'back after the shift ends: back at the depot at 06:05+1, after the shift ends at 06:00+1 (soft windows allow it)',
      );
    }
  });

  it('write a van back at midnight as its return cell does, 00:00+1, not the end of the day 24:00', () => {
    // A shift of 18:00–23:50: customer 1 (5 minutes out) opens at 23:00 and takes 55 minutes, so its van is back at
    // midnight, a moment of the next day, while a shift or a window closing then ends the first (24:00).
    const late = ['id,x,y,demand,ready,due,service', 'D,0,0,0,18:00,23:50,0', '1,3,4,1,23:00,23:50,55'].join('\n');
    const { instance } = parseCustomerCsv(late, { name: 'late', capacity: 10, vehicles: 1 });
    const rows = writePlanCsv(instance, evaluatePlan(buildProblem(instance), [['1']], makeVariant('tw2')), 'tw2');
    const back = rows.split('\n').find((row) => row.startsWith('1,2,return,'));
    expect(back?.split(',')[8]).toBe('00:00+1');
    expect(back).toContain('back at the depot at 00:00+1, after the shift ends at 23:50 (soft windows allow it)');
  });
});

describe('a violation of less than a minute', () => {
  it('tells the two times apart to the second, where minutes would write them the same', () => {
    // Customer 1 is 5 minutes out and closes at 08:04:45: reached at 08:05, 15 seconds late.
    const day = ['id,x,y,demand,ready,due,service', 'D,0,0,0,08:00,10:00,0', '1,3,4,1,08:00,08:04:45,0'].join('\n');
    const { instance } = parseCustomerCsv(day, { name: 'day', capacity: 10, vehicles: 1 });
    const { violations } = evaluatePlan(buildProblem(instance), [['1']], makeVariant('tw1'));
    expect(violations.map((v) => v.message)).toEqual(['customer 1 is reached at 08:05, 0.25 min after its due time 08:04:45']);
  });
});

describe('plan CSV of a day changed since planning', () => {
  const { instance } = parseCustomerCsv(DAY, { name: 'day', capacity: 10, vehicles: 2 });
  // Customer 9 was on the plan's second route and has since left the day; so has 8, that route's only other stop.
  const evaluation = evaluatePlan(buildProblem(instance), [['1', '9', '3'], ['8']], makeVariant('tw1'));
  const rows = writePlanCsv(instance, evaluation, 'tw1', { outOfDate: true }).trim().split('\n').slice(1);

  it('says on every route that the plan is out of date, and names the stops no longer in the day', () => {
    const departs = rows.filter((row) => /^\d+,0,depart,/.test(row));
    expect(departs).toHaveLength(2);
    for (const row of departs) expect(row).toContain('out of date: the day was changed after this plan was made');
    expect(departs[0]).toContain("unknown customer: route 1 lists '9', which is not a customer of this instance");
    // A route left with no stop of today's day is still there, so no planned route vanishes without a word.
    expect(departs[1]).toContain("unknown customer: route 2 lists '8', which is not a customer of this instance");
    expect(rows.filter((row) => row.startsWith('2,'))).toHaveLength(2);
  });

  it('leaves the mark off a plan that is current', () => {
    expect(writePlanCsv(instance, evaluation, 'tw1')).not.toContain('out of date');
  });
});

it('rounds the load as the other columns are', () => {
  const text = ['id,x,y,demand,ready,due,service', 'D,0,0,0,0,100,0', '1,1,0,0.1,0,100,0', '2,2,0,0.2,0,100,0'].join('\n');
  const { instance } = parseCustomerCsv(text, { name: 'day', capacity: 10, vehicles: 1 });
  const loads = writePlanCsv(instance, evaluatePlan(buildProblem(instance), [['1', '2']], makeVariant('tw1')), 'tw1')
    .trim()
    .split('\n')
    .slice(1)
    .map((row) => row.split(',')[14]);
  // 0.1 + 0.2 is 0.30000000000000004 in floating point.
  expect(loads).toEqual(['0', '0.1', '0.3', '0.3']);
});
