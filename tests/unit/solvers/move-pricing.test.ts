import { describe, expect, it } from 'vitest';
import { makeVariant, type Variant } from '../../../src/shared/domain.js';
import { evaluateIndexRoutes } from '../../../src/main/vrp/evaluate.js';
import type { Problem } from '../../../src/main/vrp/problem.js';
import { createRng, type Rng } from '../../../src/main/vrp/rng.js';
import { randomConstruction } from '../../../src/main/vrp/solvers/random.js';
import { makeCostModel } from '../../../src/main/vrp/solvers/search/cost-model.js';
import { MoveContext } from '../../../src/main/vrp/solvers/search/move-context.js';
import { RouteState } from '../../../src/main/vrp/solvers/search/route-state.js';
import { applyExchange, applyRelocate, evalExchange, evalRelocate } from '../../../src/main/vrp/solvers/search/segment-moves.js';
import { applyReverse, applyTails, evalReverse, evalTails } from '../../../src/main/vrp/solvers/search/tail-moves.js';
import { smallProblem } from './fixtures.js';

/** The search's objective of a plan computed from scratch: evaluator cost + lambda * arc penalties. */
function objective(problem: Problem, variant: Variant, routes: number[][], arcPen: Float64Array, lambda: number): number {
  const size = problem.n + 1;
  let pen = 0;
  for (const r of routes) {
    if (r.length === 0) continue;
    [0, ...r].forEach((from, k) => {
      pen += arcPen[from * size + (k < r.length ? r[k] : 0)];
    });
  }
  return evaluateIndexRoutes(problem, routes, variant).cost + lambda * pen;
}

type Move = { eval: (limit?: number) => number; apply: () => void };

/** A random structurally valid move (it may still break a hard rule). */
function randomMove(ctx: MoveContext, rng: Rng): Move | null {
  const routes = ctx.state.routes;
  const a = rng.int(0, routes.length);
  const b = rng.int(0, routes.length);
  const lenA = routes[a].length;
  const lenB = routes[b].length;
  switch (rng.int(0, 4)) {
    case 0: {
      const len = rng.int(1, 4);
      const rev = rng.next() < 0.5;
      if (lenA < len) return null;
      const i = rng.int(0, lenA - len + 1);
      const p = rng.int(0, lenB + 1);
      if (a === b && p >= i && p <= i + len) return null;
      return { eval: (limit) => evalRelocate(ctx, a, i, len, rev, b, p, limit), apply: () => applyRelocate(ctx, a, i, len, rev, b, p) };
    }
    case 1: {
      const la = rng.int(1, 3);
      const lb = rng.int(1, 3);
      if (lenA < la || lenB < lb) return null;
      const i = rng.int(0, lenA - la + 1);
      const j = rng.int(0, lenB - lb + 1);
      if (a === b && !(i + la <= j || j + lb <= i)) return null;
      return { eval: (limit) => evalExchange(ctx, a, i, la, b, j, lb, limit), apply: () => applyExchange(ctx, a, i, la, b, j, lb) };
    }
    case 2: {
      if (a === b) return null;
      const ia = rng.int(0, lenA + 1);
      const ib = rng.int(0, lenB + 1);
      return { eval: (limit) => evalTails(ctx, a, ia, b, ib, limit), apply: () => applyTails(ctx, a, ia, b, ib) };
    }
    default: {
      if (lenA < 2) return null;
      const i = rng.int(0, lenA - 1);
      const j = rng.int(i + 1, lenA);
      return { eval: (limit) => evalReverse(ctx, a, i, j, limit), apply: () => applyReverse(ctx, a, i, j) };
    }
  }
}

const VARIANTS: [string, Variant][] = [
  ['tw1 (alpha 1, O(1) suffixes)', makeVariant('tw1')],
  ['tw1 distance only', makeVariant('tw1', { alpha: 0 })],
  ['tw1 quadratic (re-simulated suffixes)', makeVariant('tw1', { penalty: 'quadratic', alpha: 0.3 })],
  ['tw2', makeVariant('tw2')],
  ['tw3', makeVariant('tw3')],
  ['tw3 quadratic', makeVariant('tw3', { penalty: 'quadratic' })],
];

describe('move pricing', () => {
  for (const [label, variant] of VARIANTS) {
    it(`agrees with the evaluator for every move type in ${label}`, () => {
      const rng = createRng(42);
      let priced = 0;
      let refused = 0;
      for (const seed of [1, 2, 3]) {
        const problem = smallProblem(14, seed, 90, 6);
        const arcPen = new Float64Array((problem.n + 1) ** 2).map(() => rng.int(0, 3));
        const lambda = seed === 1 ? 0 : 0.7;
        const state = new RouteState(problem, makeCostModel(variant), arcPen);
        const ctx = new MoveContext(state, problem.vehicles);
        ctx.lambda = lambda;
        const start = randomConstruction(problem, makeVariant('tw1'), rng);
        for (let t = 0; t < 400; t++) {
          state.load([...start, []]);
          const move = randomMove(ctx, rng);
          if (!move) continue;
          const before = objective(problem, variant, state.routes, arcPen, lambda);
          const delta = move.eval();
          // With a limit, a move is either priced exactly or refused because it cannot beat the limit.
          const limit = rng.next() < 0.5 ? 0 : -rng.next() * 50;
          const limited = move.eval(limit);
          if (limited === Infinity) expect(delta === Infinity || delta >= limit - 1e-9).toBe(true);
          else expect(limited).toBeCloseTo(delta, 9);
          move.apply();
          const after = evaluateIndexRoutes(problem, state.routes, variant);
          expect(state.routes.flat().sort((x, y) => x - y)).toEqual(start.flat().sort((x, y) => x - y));
          if (delta === Infinity) {
            refused++;
            const broken = after.violations.some((v) => ['late', 'horizon', 'capacity', 'fleet'].includes(v.kind));
            expect(broken).toBe(true);
          } else {
            priced++;
            expect(after.violations.filter((v) => v.kind !== 'fleet')).toEqual([]);
            expect(delta).toBeCloseTo(objective(problem, variant, state.routes, arcPen, lambda) - before, 6);
          }
        }
      }
      expect(priced).toBeGreaterThan(100);
      if (variant.name === 'tw1') expect(refused).toBeGreaterThan(10);
    });
  }
});
