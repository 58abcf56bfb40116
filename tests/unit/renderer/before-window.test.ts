import { describe, expect, it } from 'vitest';
import { evaluatePlan } from '../../../src/main/vrp/evaluate.js';
import { buildProblem } from '../../../src/main/vrp/validate.js';
import { beforeWindow } from '../../../src/renderer/compare/before-window.js';
import { type Instance, makeVariant, type VariantName } from '../../../src/shared/domain.js';

// A 07:00 shift; A is 10 minutes out and opens at 08:30, B 10 minutes further and opens at 09:30 (A's service ends 08:40).
const day: Instance = {
  name: 'late openings',
  capacity: 10,
  vehicles: 1,
  clockTimes: true,
  depot: { id: 'D', x: 0, y: 0, ready: 7 * 60, due: 18 * 60 },
  customers: [
    { id: 'A', x: 10, y: 0, demand: 1, ready: 8 * 60 + 30, due: 12 * 60, service: 10 },
    { id: 'B', x: 20, y: 0, demand: 1, ready: 9 * 60 + 30, due: 12 * 60, service: 10 },
  ],
};
const planUnder = (name: VariantName) => {
  const variant = makeVariant(name);
  return { variant, evaluation: evaluatePlan(buildProblem(day), [['A', 'B']], variant) };
};

describe("a plan's time before windows open, as the comparison lists it", () => {
  it("puts the first stop's wait at the depot, as the Plan view does, and keeps the total of the wait figure", () => {
    for (const name of ['tw1', 'tw2'] as const) {
      const plan = planUnder(name);
      const { byCustomer, atDepot } = beforeWindow(plan, day.depot.ready);
      expect(Object.fromEntries(byCustomer)).toEqual({ A: 0, B: 40 });
      expect(atDepot).toBe(80);
      expect(atDepot + 40).toBe(plan.evaluation.wait);
    }
  });

  it('lists earliness at each customer under soft windows, where drivers leave at the shift start', () => {
    const plan = planUnder('tw3');
    const { byCustomer, atDepot } = beforeWindow(plan, day.depot.ready);
    expect(atDepot).toBe(0);
    expect(byCustomer.get('A')).toBe(80);
    expect([...byCustomer.values()].reduce((sum, v) => sum + v, 0)).toBe(plan.evaluation.early);
  });
});
