import { describe, expect, it } from 'vitest';
import { runPlanJob } from '../../../src/main/jobs/plan.js';
import type { PlanJob } from '../../../src/main/jobs/protocol.js';
import { evaluatePlan } from '../../../src/main/vrp/evaluate.js';
import { compileProblem } from '../../../src/main/vrp/problem.js';
import { createRng } from '../../../src/main/vrp/rng.js';
import { makeCostModel } from '../../../src/main/vrp/solvers/search/cost-model.js';
import { packIntoFleet } from '../../../src/main/vrp/solvers/search/pack-fleet.js';
import { repairPlan } from '../../../src/main/vrp/solvers/search/repair.js';
import { buildProblem } from '../../../src/main/vrp/validate.js';
import { type Instance, makeVariant, type VariantName } from '../../../src/shared/domain.js';
import { smallInstance } from './fixtures.js';

/** A day of 8 customers on 3 vehicles of 60, and one more whose order of 75 no vehicle carries. */
const base = smallInstance(8, 5, 60, 3);
const heavy = { ...base.customers[0], id: 'heavy', demand: 75 };
const day: Instance = { ...base, customers: [...base.customers.slice(0, 4), heavy, ...base.customers.slice(4)] };

const plan = (instance: Instance, variant: VariantName, method: Partial<PlanJob>) =>
  runPlanJob(
    { instance, variant: makeVariant(variant), method: 'classical', seed: 1, ...method },
    { signal: new AbortController().signal, onProgress: () => {} },
  );

const METHODS: [string, Partial<PlanJob>, boolean][] = [
  // [name, request, whether the same request plans the same day alike every time]. The searches are counted in rounds,
  // not timed: a time limit would let a loaded machine hurry the fit to the fleet (3 vehicles here) and drop customers.
  ['classical', { method: 'classical', timeLimitSec: 60, maxIterations: 50 }, true],
  ['random', { method: 'random', samples: 50 }, true],
  ['jampr greedy', { method: 'jampr', decode: 'greedy' }, true],
  ['jampr sampling', { method: 'jampr', decode: 'sample', samples: 8 }, true],
  ['jampr + local search', { method: 'jampr', decode: 'greedy', improveSec: 60, maxIterations: 50 }, true],
  ['am+tw', { method: 'am', decode: 'greedy' }, true],
];

describe('a day with an order bigger than a vehicle', () => {
  it.each(METHODS)(
    'is planned by %s without it, the rest as if it were not there; the plan names it with its reason',
    async (_, request, same) => {
      for (const variant of ['tw1', 'tw3'] as const) {
        const { routes } = await plan(day, variant, request);
        expect(routes.flat()).not.toContain('heavy');
        const e = evaluatePlan(buildProblem(day), routes, makeVariant(variant));
        expect(e.vehicles).toBeLessThanOrEqual(day.vehicles);
        expect(e.violations.map((v) => v.message)).toEqual([
          "customer heavy is not served: its demand is more than a vehicle's capacity of 60 (demand 75)",
        ]);
        // The model is not told of an order it can never take (its demand would make the fleet look full).
        if (same) expect(routes).toEqual((await plan(base, variant, request)).routes);
      }
    },
  );

  it('plans nothing, and fails nothing, where no order fits a vehicle', async () => {
    const { routes } = await plan({ ...day, customers: [heavy] }, 'tw1', { method: 'classical', timeLimitSec: 0.1 });
    expect(routes).toEqual([]);
  });
});

describe('the search on a plan that holds an order bigger than a vehicle', () => {
  const problem = compileProblem(day);
  const model = makeCostModel(makeVariant('tw3'));
  const h = problem.indexOf.get('heavy')!;

  it('repairs it by taking that order out, not the stops after it', () => {
    // Loads 22 15 (75) 16 and 36 11 13, capacity 60; customers 6 and 9 are on no route.
    const repaired = repairPlan(problem, model, [
      [1, 2, h, 3],
      [4, 7, 8],
    ]);
    expect(repaired.routes).toEqual([
      [1, 2, 3],
      [4, 7, 8],
    ]);
    expect(repaired.pending).toEqual([h, 6, 9]);
  });

  it('packs the rest of the day into the fleet and keeps that order apart', () => {
    // Routes beyond the fleet: the heavy order alone, as the construction leaves it, and one stop more.
    const packed = packIntoFleet(problem, model, [[1, 2, 3], [4, 6], [7, 8], [9], [h]], {
      rng: createRng(1),
      stop: () => false,
      maxSteps: 1000,
    });
    expect(packed?.apart).toEqual([h]);
    expect(packed?.routes.length).toBeLessThanOrEqual(3);
    expect(packed?.routes.flat().sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 6, 7, 8, 9]);
  });
});
