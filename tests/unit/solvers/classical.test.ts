import { describe, expect, it } from 'vitest';
import { makeVariant, type Variant } from '../../../src/shared/domain.js';
import { evaluateIndexRoutes } from '../../../src/main/vrp/evaluate.js';
import { createRng } from '../../../src/main/vrp/rng.js';
import { runClassical, solveClassical } from '../../../src/main/vrp/solvers/classical.js';
import { randomConstruction } from '../../../src/main/vrp/solvers/random.js';
import { smallProblem } from './fixtures.js';

const all = (n: number) => Array.from({ length: n }, (_, k) => k + 1);
const served = (routes: number[][]) => routes.flat().sort((a, b) => a - b);
/** Generous wall clock: these runs end on maxIterations, so they are the same on any machine. */
const LONG = 60;

const VARIANTS: [string, Variant][] = [
  ['tw1', makeVariant('tw1')],
  ['tw1 distance only', makeVariant('tw1', { alpha: 0 })],
  ['tw2', makeVariant('tw2')],
  ['tw3', makeVariant('tw3')],
  ['tw3 quadratic', makeVariant('tw3', { penalty: 'quadratic' })],
];

describe('classical solver', () => {
  for (const [label, variant] of VARIANTS) {
    it(`never returns a plan worse than the initial one in ${label}`, () => {
      for (const seed of [1, 2, 3]) {
        const problem = smallProblem(20, seed, 100);
        const initial = randomConstruction(problem, makeVariant('tw1'), createRng(seed));
        const before = evaluateIndexRoutes(problem, initial, variant).cost;
        const result = runClassical(problem, variant, { timeLimitSec: LONG, seed, initial, maxIterations: 150 });
        const after = evaluateIndexRoutes(problem, result.routes, variant);
        expect(after.cost).toBeLessThanOrEqual(before);
        expect(after.cost).toBeLessThan(before); // a random plan always leaves room to improve
        expect(after.violations).toEqual([]);
        expect(served(result.routes)).toEqual(all(20));
      }
    });
  }

  it('never worsens a plan that is already locally optimal', () => {
    const problem = smallProblem(25, 14, 100);
    for (const [, variant] of VARIANTS) {
      const first = runClassical(problem, variant, { timeLimitSec: LONG, seed: 1, maxIterations: 100 });
      const again = runClassical(problem, variant, { timeLimitSec: LONG, seed: 2, initial: first.routes, maxIterations: 100 });
      expect(again.cost).toBeLessThanOrEqual(first.cost);
    }
  });

  it('keeps tw1 plans feasible and reports the evaluator cost', () => {
    for (const seed of [4, 5, 6]) {
      const problem = smallProblem(25, seed, 100);
      const variant = makeVariant('tw1');
      const result = runClassical(problem, variant, { timeLimitSec: LONG, seed, maxIterations: 200 });
      const e = evaluateIndexRoutes(problem, result.routes, variant);
      expect(e.violations).toEqual([]);
      expect(result.cost).toBe(e.cost);
      expect(served(result.routes)).toEqual(all(25));
    }
  });

  it('repairs an infeasible tw1 starting plan', () => {
    const problem = smallProblem(20, 8, 100);
    const variant = makeVariant('tw1');
    const oneTruck = [all(20)];
    expect(evaluateIndexRoutes(problem, oneTruck, variant).feasible).toBe(false);
    const routes = solveClassical(problem, variant, { timeLimitSec: LONG, seed: 1, initial: oneTruck, maxIterations: 50 });
    const e = evaluateIndexRoutes(problem, routes, variant);
    expect(e.violations).toEqual([]);
  });

  it('completes a starting plan that misses or repeats customers', () => {
    const problem = smallProblem(15, 9, 100);
    const variant = makeVariant('tw2');
    const initial = [
      [1, 2, 3, 2],
      [4, 5, 99],
    ];
    const routes = solveClassical(problem, variant, { timeLimitSec: LONG, seed: 1, initial, maxIterations: 20 });
    expect(served(routes)).toEqual(all(15));
  });

  it('is reproducible under a seed with an iteration limit', () => {
    const problem = smallProblem(30, 10, 100);
    const variant = makeVariant('tw1');
    const a = runClassical(problem, variant, { timeLimitSec: LONG, seed: 7, maxIterations: 300 });
    const b = runClassical(problem, variant, { timeLimitSec: LONG, seed: 7, maxIterations: 300 });
    expect(a.routes).toEqual(b.routes);
    expect(a.iterations).toBe(300);
  });

  it('returns a complete plan under a short time limit or an aborted signal', () => {
    const problem = smallProblem(40, 11, 100);
    const variant = makeVariant('tw3');
    for (const options of [{ timeLimitSec: 0.2 }, { timeLimitSec: LONG, signal: AbortSignal.abort() }]) {
      const routes = solveClassical(problem, variant, { seed: 1, ...options });
      expect(served(routes)).toEqual(all(40));
    }
  });

  it('stays within the fleet, and reports the extra routes when the fleet is too small', () => {
    const variant = makeVariant('tw1');
    const fits = smallProblem(20, 12, 1000, 4);
    const ok = runClassical(fits, variant, { timeLimitSec: LONG, seed: 1, maxIterations: 100 });
    expect(ok.overFleet).toBe(0);
    expect(evaluateIndexRoutes(fits, ok.routes, variant).violations).toEqual([]);
    const tooFew = smallProblem(20, 12, 40, 1);
    const over = runClassical(tooFew, variant, { timeLimitSec: LONG, seed: 1, maxIterations: 20 });
    expect(over.overFleet).toBeGreaterThan(0);
    expect(served(over.routes)).toEqual(all(20));
    const kinds = new Set(evaluateIndexRoutes(tooFew, over.routes, variant).violations.map((v) => v.kind));
    expect([...kinds]).toEqual(['fleet']);
  });

  it('leaves the share of its time limit asked for to the fit to the fleet, only where its plan is over the fleet', () => {
    // The whole limit asked for: the search stops once it knows its plan is over the fleet, before any penalty round.
    const variant = makeVariant('tw1');
    const tooFew = smallProblem(20, 12, 40, 1);
    const over = runClassical(tooFew, variant, { timeLimitSec: LONG, seed: 1, maxIterations: 20, fleetFitShare: 1 });
    expect(over.overFleet).toBeGreaterThan(0);
    expect(over.iterations).toBe(0);
    expect(served(over.routes)).toEqual(all(20));
    expect(runClassical(tooFew, variant, { timeLimitSec: LONG, seed: 1, maxIterations: 20 }).iterations).toBeGreaterThan(0);
    // A plan within the fleet has nothing to fit: its search runs on.
    const fits = smallProblem(20, 12, 1000, 4);
    expect(runClassical(fits, variant, { timeLimitSec: LONG, seed: 1, maxIterations: 20, fleetFitShare: 1 }).iterations).toBe(20);
  });

  it('rejects a time limit that is not a number', () => {
    expect(() => solveClassical(smallProblem(5, 1), makeVariant('tw1'), { timeLimitSec: Number.NaN, seed: 1 })).toThrow(RangeError);
  });

  it('handles instances with no or one customer', () => {
    for (const n of [0, 1]) {
      const problem = smallProblem(n, 15, 100);
      for (const [, variant] of VARIANTS) {
        const routes = solveClassical(problem, variant, { timeLimitSec: 0.05, seed: 1 });
        expect(served(routes)).toEqual(all(n));
      }
    }
  });

  it('returns the optimum of a day of one or two customers at once instead of spending its time limit', () => {
    // Every plan of two customers, feasible or not: one route either way round, or a route each.
    const plans = (n: number) => (n === 1 ? [[[1]]] : [[[1, 2]], [[2, 1]], [[1], [2]]]);
    for (const n of [1, 2]) {
      for (const seed of [1, 2, 3, 4, 5, 6]) {
        for (const vehicles of [1, 2]) {
          const problem = smallProblem(n, seed, 120, vehicles);
          for (const [label, variant] of VARIANTS) {
            const score = (routes: number[][]) => {
              const e = evaluateIndexRoutes(problem, routes, variant);
              return e.violations.length === 0 ? e.cost : Infinity;
            };
            const optimum = Math.min(...plans(n).map(score));
            const result = runClassical(problem, variant, { timeLimitSec: LONG, seed });
            expect(result.iterations, 'no penalty rounds: it ends before its time limit').toBe(0);
            expect(result.cost, `${label}, ${n} customers, seed ${seed}, ${vehicles} vehicles`).toBeCloseTo(optimum, 9);
          }
        }
      }
    }
  });

  it('calls onProgress with the final cost', () => {
    const problem = smallProblem(15, 13, 100);
    const variant = makeVariant('tw1');
    const seen: number[] = [];
    const result = runClassical(problem, variant, {
      timeLimitSec: LONG,
      seed: 1,
      maxIterations: 30,
      onProgress: (cost) => seen.push(cost),
    });
    expect(seen.at(-1)).toBe(result.cost);
  });
});
