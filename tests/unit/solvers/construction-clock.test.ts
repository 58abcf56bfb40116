import { describe, expect, it } from 'vitest';
import { makeVariant } from '../../../src/shared/domain.js';
import { evaluateIndexRoutes } from '../../../src/main/vrp/evaluate.js';
import { createRng } from '../../../src/main/vrp/rng.js';
import { runClassical } from '../../../src/main/vrp/solvers/classical.js';
import { insertCustomers } from '../../../src/main/vrp/solvers/search/construction.js';
import { makeCostModel } from '../../../src/main/vrp/solvers/search/cost-model.js';
import { MoveContext } from '../../../src/main/vrp/solvers/search/move-context.js';
import { buildNeighbours } from '../../../src/main/vrp/solvers/search/neighbours.js';
import { RouteState } from '../../../src/main/vrp/solvers/search/route-state.js';
import { smallProblem } from './fixtures.js';

describe('the time limit inside construction', () => {
  it('stops inserting when told and still returns every customer exactly once, without breaking hard rules', () => {
    for (const variant of [makeVariant('tw1'), makeVariant('tw3')]) {
      const problem = smallProblem(60, 4, 120, 60);
      const state = new RouteState(problem, makeCostModel(variant), new Float64Array((problem.n + 1) ** 2));
      const ctx = new MoveContext(state, problem.vehicles);
      let asked = 0;
      const all = Array.from({ length: problem.n }, (_, k) => k + 1);
      insertCustomers(ctx, buildNeighbours(problem, 10), all, createRng(1), { regret: 2, noise: 0 }, () => ++asked > 5);
      // Asked at every insertion: five were made with the full heuristic, the other 55 appended at once.
      expect(asked).toBe(6);
      const routes = state.snapshot();
      expect(routes.flat().sort((a, b) => a - b)).toEqual(all);
      expect(evaluateIndexRoutes(problem, routes, variant).violations.filter((v) => v.kind !== 'fleet')).toEqual([]);
    }
  });

  it('lets the classical solver return a complete plan when cancelled before construction is done', () => {
    const problem = smallProblem(80, 2);
    const controller = new AbortController();
    controller.abort();
    const result = runClassical(problem, makeVariant('tw2'), { timeLimitSec: 60, seed: 1, signal: controller.signal });
    expect(result.routes.flat()).toHaveLength(80);
    expect(result.iterations).toBe(0);
  });
});
