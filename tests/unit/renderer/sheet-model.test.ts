import { describe, expect, it } from 'vitest';
import { type Instance, makeVariant } from '../../../src/shared/domain.js';
import { driverSheets, sheetWarnings } from '../../../src/renderer/sheets/sheet-model.js';
import { changedSincePlanned } from '../../../src/shared/changed-since.js';
import { evaluatePlan } from '../../../src/main/vrp/evaluate.js';
import { buildProblem } from '../../../src/main/vrp/validate.js';

// A planar day with clock times: the shift opens at 06:00, the first stop's window at 09:00 (10 minutes' drive),
// the second's at 10:00, 10 minutes on from the first.
const day: Instance = {
  name: 'late first window',
  clockTimes: true,
  depot: { id: 'D', x: 0, y: 0, ready: 360, due: 1080 },
  capacity: 10,
  vehicles: 2,
  customers: [
    { id: 'a', x: 10, y: 0, demand: 1, ready: 540, due: 600, service: 5 },
    { id: 'b', x: 20, y: 0, demand: 1, ready: 600, due: 660, service: 5 },
  ],
};

const sheetOf = (variant: 'tw1' | 'tw3') => {
  const evaluation = evaluatePlan(buildProblem(day), [['a', 'b']], makeVariant(variant));
  const [sheet] = driverSheets(day, evaluation, variant);
  return sheet;
};

describe('a driver sheet', () => {
  it('leaves as late as keeps every service start, and says when service starts at every stop', () => {
    const sheet = sheetOf('tw1');
    const [depart, a, b, back] = sheet.rows;
    expect(depart).toMatchObject({ kind: 'depart', window: 'leave 08:50', eta: '', start: '' });
    // Arrives at a as its window opens and starts at once; at b at 09:15, where service starts at 10:00.
    expect(a).toMatchObject({ id: 'a', eta: '09:00', start: '09:00' });
    expect(b).toMatchObject({ id: 'b', eta: '09:15', start: '10:00' });
    // The shift's end is named as such beside the return's ETA ("back by 18:00" and "10:25" read as two times of return).
    expect(back).toMatchObject({ kind: 'return', window: 'shift end 18:00', eta: '10:25' });
    expect(sheet.summary).toMatch(/^2 stops · .* · 08:50–10:25$/);
  });

  it('names a place without an address by a position that cannot be misread: each coordinate named, no thousands comma', () => {
    const far: Instance = { ...day, clockTimes: false, customers: [{ ...day.customers[0], x: 1234.5, y: 10 }] };
    const evaluation = evaluatePlan(buildProblem(far), [['a']], makeVariant('tw1'));
    const [depart, a] = driverSheets(far, evaluation, 'tw1')[0].rows;
    expect(a.place).toBe('x 1234.5, y 10');
    expect(depart.place).toBe('x 0, y 0');
    // On a lat/lon day the pair maps take, latitude first, as the customer table's tooltip writes it.
    const berlin: Instance = {
      ...far,
      coordinates: { kind: 'geo', speedKmh: 30 },
      depot: { ...far.depot, x: 13.405, y: 52.52 },
      customers: [{ ...far.customers[0], x: 13.4, y: 52.5 }],
    };
    const there = driverSheets(berlin, evaluatePlan(buildProblem(berlin), [['a']], makeVariant('tw1')), 'tw1')[0].rows;
    expect(there[0].place).toBe('52.52, 13.405');
  });

  it('calls a depot without a name "Depot", unless its id already says so', () => {
    expect(sheetOf('tw1').rows[0]).toMatchObject({ id: 'D', name: 'Depot' });
    const evaluation = evaluatePlan(buildProblem(day), [['a', 'b']], makeVariant('tw1'));
    const named = { ...day, depot: { ...day.depot, id: 'DEPOT' } };
    expect(driverSheets(named, { ...evaluation }, 'tw1').at(0)?.rows[0]).toMatchObject({ id: 'DEPOT', name: '' });
  });

  it('keeps the shift start where the plan serves early rather than wait (soft windows)', () => {
    const [depart, a] = sheetOf('tw3').rows;
    expect(depart).toMatchObject({ window: 'leave 06:00', eta: '' });
    expect(a).toMatchObject({ eta: '06:10', start: '06:10', early: true, late: false });
  });

  it('says when service starts at every stop under every policy (soft windows serve at once, no stop waits)', () => {
    for (const variant of ['tw1', 'tw2', 'tw3'] as const) {
      const evaluation = evaluatePlan(buildProblem(day), [['a', 'b']], makeVariant(variant));
      const stops = driverSheets(day, evaluation, variant)[0].rows.filter((row) => row.kind === 'stop');
      expect(
        stops.map((row) => row.start),
        variant,
      ).toEqual(variant === 'tw3' ? ['06:10', '06:25'] : ['09:00', '10:00']);
    }
    // The depot rows have no service to start.
    expect(
      sheetOf('tw3')
        .rows.filter((row) => row.kind !== 'stop')
        .map((row) => row.start),
    ).toEqual(['', '']);
  });

  it('marks no stop early where the driver waits for the window (hard windows)', () => {
    expect(sheetOf('tw1').rows.filter((row) => row.early)).toEqual([]);
  });

  it('says on the route when its load is above the capacity or it is back after the shift ends', () => {
    const small = { ...day, capacity: 1, depot: { ...day.depot, due: 400 } };
    const evaluation = evaluatePlan(buildProblem(small), [['a', 'b']], makeVariant('tw3'));
    expect(driverSheets(small, evaluation, 'tw3')[0].summary).toMatch(/load 2 of 1 · .* · OVER CAPACITY · BACK AFTER THE SHIFT ENDS$/);
    expect(sheetOf('tw1').summary).not.toMatch(/OVER|AFTER/);
  });
});

describe("a plan's sheet warnings", () => {
  const evaluate = (instance: Instance, routes: string[][]) => evaluatePlan(buildProblem(instance), routes, makeVariant('tw1'));

  it('say that the plan is out of date where the plan panel does, and which customers were removed since', () => {
    const current = { dataChanged: false };
    const plan = evaluate(day, [['a', 'b']]);
    expect(sheetWarnings(changedSincePlanned(day, current, [['a', 'b']], false), plan)).toEqual([]);
    expect(sheetWarnings(changedSincePlanned(day, current, [['a', 'b']], true), plan)).toEqual([
      'Out of date: the day was changed after this plan was made (the changes are not saved yet); plan again to include the changes',
    ]);
    expect(sheetWarnings(changedSincePlanned(day, { dataChanged: true }, [['a', 'b']], false), plan)).toEqual([
      'Out of date: the day was changed after this plan was made; plan again to include the changes',
    ]);
    const withoutB = { ...day, customers: day.customers.filter((c) => c.id !== 'b') };
    expect(sheetWarnings(changedSincePlanned(withoutB, current, [['a', 'b']], false), evaluate(withoutB, [['a']]))).toEqual([
      'Out of date: the day was changed after this plan was made; plan again to include the changes',
      'Customer b, removed from the day since, still stands on the routes',
    ]);
  });

  it("name a plan that uses more vehicles than the fleet has, in the evaluator's words", () => {
    const oneVan = { ...day, vehicles: 1 };
    expect(sheetWarnings(null, evaluate(oneVan, [['a'], ['b']]))).toEqual(['The plan uses 2 vehicles but the fleet has 1']);
  });
});
