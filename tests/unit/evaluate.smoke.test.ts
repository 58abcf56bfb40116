import { describe, expect, it } from 'vitest';
import { compileProblem } from '../../src/main/vrp/problem.js';
import { evaluatePlan } from '../../src/main/vrp/evaluate.js';
import { makeVariant } from '../../src/shared/domain.js';

describe('evaluator smoke', () => {
  it('prices waiting in tw1', () => {
    const p = compileProblem({
      name: 't', capacity: 10, vehicles: 1,
      depot: { id: 'D', x: 0, y: 0, ready: 0, due: 100 },
      customers: [{ id: 'a', x: 3, y: 4, demand: 1, ready: 10, due: 20, service: 1 }],
    });
    const e = evaluatePlan(p, [['a']], makeVariant('tw1'));
    expect(e.distance).toBeCloseTo(10);
    expect(e.wait).toBeCloseTo(5);
    expect(e.cost).toBeCloseTo(15);
    expect(e.feasible).toBe(true);
  });
});
