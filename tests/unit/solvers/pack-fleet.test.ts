import { describe, expect, it } from 'vitest';
import { runPlanJob } from '../../../src/main/jobs/plan.js';
import { evaluatePlan } from '../../../src/main/vrp/evaluate.js';
import { generateCityDay } from '../../../src/main/vrp/generate-city.js';
import { compileProblem } from '../../../src/main/vrp/problem.js';
import { createRng } from '../../../src/main/vrp/rng.js';
import { makeCostModel } from '../../../src/main/vrp/solvers/search/cost-model.js';
import { packIntoFleet } from '../../../src/main/vrp/solvers/search/pack-fleet.js';
import { Packing, refill, refillThree } from '../../../src/main/vrp/solvers/search/pack-moves.js';
import { buildProblem } from '../../../src/main/vrp/validate.js';
import { type Instance, makeVariant, type VariantName } from '../../../src/shared/domain.js';
import { fullLoads } from '../../../bench/full-loads.js';
import { smallInstance } from './fixtures.js';

const options = (seed = 1) => ({ rng: createRng(seed), stop: () => false, maxSteps: 1000 });
const loads = (instance: Instance, routes: number[][]) =>
  routes.map((r) => r.reduce((sum, i) => sum + instance.customers[i - 1].demand, 0)).sort((a, b) => a - b);

/** A city day of `size` stops whose orders fill its fleet exactly, `perVehicle` to a vehicle (bench/full-loads.ts). */
const exactFitDay = (size: number, perVehicle: number, seed: number): Instance => {
  const rng = createRng(seed);
  return fullLoads(generateCityDay(size, rng), rng, perVehicle);
};

describe('packing a day into its fleet', () => {
  it('gathers the free room that is split over routes for the stop left over', () => {
    // Capacity 10, two vehicles, demands 6, 4, 5, 5: the free room of [c1] and [c3, c2] (4 and 1) takes neither 5.
    const base = smallInstance(4, 3, 10, 2);
    const instance = { ...base, customers: base.customers.map((c, k) => ({ ...c, demand: [6, 4, 5, 5][k] })) };
    const packed = packIntoFleet(compileProblem(instance), makeCostModel(makeVariant('tw3')), [[1], [3, 2], [4]], options());
    expect(packed).not.toBeNull();
    expect(packed!.apart).toEqual([]);
    expect(packed!.routes).toHaveLength(2);
    expect(packed!.routes.flat().sort()).toEqual([1, 2, 3, 4]);
    expect(loads(instance, packed!.routes)).toEqual([10, 10]);
  });

  it('shares three routes anew where no two of them can take the overload off', () => {
    // Capacity 10, three vehicles, demands 6 5 | 7 2 | 4 3 3: the first route is 1 over, the second has 1 free, the third
    // is full. No subset of two routes' orders makes a full vehicle with the rest lighter; 6 4 | 7 3 | 5 2 3 fits.
    const base = smallInstance(7, 3, 10, 3);
    const instance = { ...base, customers: base.customers.map((c, k) => ({ ...c, demand: [6, 5, 7, 2, 4, 3, 3][k] })) };
    const problem = compileProblem(instance);
    const packing = new Packing(problem, makeCostModel(makeVariant('tw3')), [
      [1, 2],
      [3, 4],
      [5, 6, 7],
    ]);
    expect(refill(packing, 0, createRng(1))).toBeNull();
    const move = refillThree(packing, 0);
    expect(move).not.toBeNull();
    packing.apply(move!);
    expect(packing.overfull()).toEqual([]);
    expect(loads(instance, packing.routes)).toEqual([10, 10, 10]);
    expect(packing.routes.flat().sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('gives up at once where the demand is more than the fleet carries, and keeps apart a stop nobody reaches', () => {
    const base = smallInstance(4, 3, 10, 2);
    const heavy = { ...base, customers: base.customers.map((c, k) => ({ ...c, demand: [6, 4, 5, 6][k] })) };
    expect(packIntoFleet(compileProblem(heavy), makeCostModel(makeVariant('tw3')), [[1], [3, 2], [4]], options())).toBeNull();

    // c4 must be served by time 0, when the vehicles only leave the depot: under hard windows it stays apart.
    const late = {
      ...base,
      customers: base.customers.map((c, k) => ({ ...c, demand: [6, 4, 5, 5][k], ...(k === 3 ? { ready: 0, due: 0 } : {}) })),
    };
    const packed = packIntoFleet(compileProblem(late), makeCostModel(makeVariant('tw1')), [[1], [3, 2], [4]], options());
    expect(packed?.apart).toEqual([4]);
    expect(packed?.routes.flat().sort()).toEqual([1, 2, 3]);
  });

  it.each([
    ['tw3', 'classical', 5],
    ['tw1', 'classical', 4],
    ['tw3', 'random', 5],
  ] as [VariantName, 'classical' | 'random', number][])(
    'serves every customer of an exactly full %s day (%s)',
    async (variant, method, seed) => {
      const instance = exactFitDay(48, 4, seed);
      // The work is counted (rounds of search, plans drawn), not timed: within half a second a loaded machine hurried the
      // packing into the fleet, and the check would measure the machine. The limit only bounds the run; it ends nothing.
      const effort = method === 'classical' ? { maxIterations: 100 } : { samples: 100 };
      const result = await runPlanJob(
        { instance, variant: makeVariant(variant), method, timeLimitSec: 60, seed: 1, ...effort },
        { signal: new AbortController().signal, onProgress: () => {} },
      );
      expect(result.timeEnded).toBeUndefined();
      expect(result.cutShort).toBeUndefined();
      const { routes } = result;
      const evaluation = evaluatePlan(buildProblem(instance), routes, makeVariant(variant));
      expect(evaluation.violations).toEqual([]);
      expect(evaluation.vehicles).toBe(instance.vehicles);
    },
  );
});
