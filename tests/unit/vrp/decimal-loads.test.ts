import { describe, expect, it } from 'vitest';
import { type Instance, makeVariant } from '../../../src/shared/domain.js';
import { jamprEnvConfig } from '../../../src/main/jampr/env/config.js';
import { reset, step } from '../../../src/main/jampr/env/env.js';
import { evaluateIndexRoutes, evaluatePlan } from '../../../src/main/vrp/evaluate.js';
import { solveClassical } from '../../../src/main/vrp/solvers/classical.js';
import { buildProblem, instanceWarnings } from '../../../src/main/vrp/validate.js';

/**
 * Orders in decimals that fill one vehicle exactly: summed in floating point in this order they come to
 * 12.000000000000002, in the reverse order to 12. A full vehicle is not over capacity, whichever way it is summed.
 */
const orders = [3.0, 0.6, 0.4, 2.2, 2.2, 2.7, 0.9];
const day: Instance = {
  name: 'decimal orders',
  capacity: 12,
  vehicles: 1,
  depot: { id: 'D', x: 0, y: 0, ready: 0, due: 1000 },
  customers: orders.map((demand, i) => ({ id: `K${i + 1}`, x: 10 + i, y: 5, demand, ready: 0, due: 900, service: 5 })),
};
const ids = day.customers.map((c) => c.id);

describe('a vehicle filled exactly by decimal orders', () => {
  it('sums to just above the capacity in floating point (the case under test)', () => {
    expect(orders.reduce((a, q) => a + q, 0)).toBeGreaterThan(12);
  });

  it('is within capacity for the evaluator in either order, and the import warns of nothing', () => {
    const problem = buildProblem(day);
    for (const route of [ids, [...ids].reverse()]) {
      const e = evaluatePlan(problem, [route], makeVariant('tw2'));
      expect(e.violations).toEqual([]);
      expect(e.feasible).toBe(true);
    }
    expect(instanceWarnings(day)).toEqual([]);
  });

  it('is planned on the one vehicle by the classical solver, and every order is open to the model', () => {
    const problem = buildProblem(day);
    const variant = makeVariant('tw2');
    const routes = solveClassical(problem, variant, { timeLimitSec: 0.2, seed: 1 });
    expect(routes.filter((r) => r.length > 0)).toHaveLength(1);
    expect(evaluateIndexRoutes(problem, routes, variant).feasible).toBe(true);
    // The model's environment: after the first six orders on the one vehicle, the seventh may still be loaded.
    let s = reset([problem], jamprEnvConfig(variant, orders.length));
    const nodes = orders.length + 1;
    const slot = s.slots.indexOf(0);
    for (let i = 1; i < orders.length; i++) s = step(s, [slot * nodes + i]);
    expect(s.mask[slot * nodes + orders.length]).toBe(1);
  });

  it('is still over capacity a hundredth of an order beyond it', () => {
    const over = { ...day, customers: day.customers.map((c, i) => (i === 0 ? { ...c, demand: 3.01 } : c)) };
    const e = evaluatePlan(buildProblem(over), [ids], makeVariant('tw2'));
    expect(e.violations.map((v) => v.kind)).toEqual(['capacity']);
  });
});
