import { describe, expect, it } from 'vitest';
import { evaluatePlan } from '../../../src/main/vrp/evaluate.js';
import { buildProblem } from '../../../src/main/vrp/validate.js';
import { type Instance, makeVariant, type VariantName } from '../../../src/shared/domain.js';
import { stopAsDriven } from '../../../src/shared/stop-as-driven.js';

// A 07:00 shift; A is 10 minutes out and opens at 08:30, B 10 minutes further and opens at 07:00.
const day: Instance = {
  name: 'late opening',
  capacity: 10,
  vehicles: 1,
  clockTimes: true,
  depot: { id: 'D', x: 0, y: 0, ready: 7 * 60, due: 18 * 60 },
  customers: [
    { id: 'A', x: 10, y: 0, demand: 1, ready: 8 * 60 + 30, due: 12 * 60, service: 10 },
    { id: 'B', x: 20, y: 0, demand: 1, ready: 7 * 60, due: 12 * 60, service: 10 },
  ],
};
const routeUnder = (name: VariantName, instance = day) => evaluatePlan(buildProblem(instance), [['A', 'B']], makeVariant(name)).routes[0];

describe('a stop as the driver lives it', () => {
  it('reaches the first stop as its window opens where the driver leaves later, neither waiting nor early there', () => {
    const route = routeUnder('tw1');
    // The plan's rule: out at 07:00, at A at 07:10, waiting 80 minutes (early by as much).
    expect(route.stops[0]).toMatchObject({ arrival: 7 * 60 + 10, wait: 80, early: 80 });
    expect(stopAsDriven(route, 0, day.depot.ready, 'tw1')).toEqual({ arrival: 8 * 60 + 30, wait: 0, early: 0, leftLater: true });
    // B follows A's service as planned.
    expect(stopAsDriven(route, 1, day.depot.ready, 'tw1')).toEqual({ arrival: 8 * 60 + 50, wait: 0, early: 0, leftLater: false });
  });

  it('is early at the first stop under soft windows, which serve on arrival and so leave at the shift start', () => {
    const route = routeUnder('tw3');
    expect(stopAsDriven(route, 0, day.depot.ready, 'tw3')).toEqual({ arrival: 7 * 60 + 10, wait: 0, early: 80, leftLater: false });
  });

  it('keeps a wait under a minute at the first stop, where the driver leaves at the shift start', () => {
    const soon = { ...day, customers: day.customers.map((c) => (c.id === 'A' ? { ...c, ready: 7 * 60 + 10.5 } : c)) };
    const route = routeUnder('tw1', soon);
    expect(stopAsDriven(route, 0, day.depot.ready, 'tw1')).toMatchObject({ arrival: 7 * 60 + 10, wait: 0.5, leftLater: false });
  });

  it('tells a wait at a later stop as a wait under hard and partly soft windows, and as early service only under soft ones', () => {
    // B opens at 09:30, after A's service ends at 08:40 and the 10-minute leg: 40 minutes before its window opens.
    const laterB = { ...day, customers: day.customers.map((c) => (c.id === 'B' ? { ...c, ready: 9 * 60 + 30 } : c)) };
    for (const name of ['tw1', 'tw2'] as const) {
      const route = routeUnder(name, laterB);
      // The plan keeps the 40 minutes as both; the views tell them once, as the wait.
      expect(route.stops[1]).toMatchObject({ wait: 40, early: 40 });
      expect(stopAsDriven(route, 1, day.depot.ready, name)).toEqual({ arrival: 8 * 60 + 50, wait: 40, early: 0, leftLater: false });
    }
    const soft = routeUnder('tw3', laterB);
    expect(stopAsDriven(soft, 1, day.depot.ready, 'tw3')).toMatchObject({ wait: 0, early: soft.stops[1].early });
    expect(soft.stops[1].early).toBeGreaterThan(0);
  });
});
