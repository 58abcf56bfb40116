import { describe, expect, it } from 'vitest';
import { makeVariant } from '../../../src/shared/domain.js';
import { evaluateIndexRoutes } from '../../../src/main/vrp/evaluate.js';
import { runClassical } from '../../../src/main/vrp/solvers/classical.js';
import { SharedBest } from '../../../src/main/vrp/solvers/shared-best.js';
import { smallProblem } from './fixtures.js';

describe('SharedBest', () => {
  it('keeps only better plans and hands them back route by route', () => {
    const board = SharedBest.create(5);
    expect(board.take()).toBeNull();
    expect(board.offer([[1, 2], [], [3, 4, 5]], { excess: 0, cost: 10 })).toBe(true);
    const version = board.version();
    expect(board.offer([[1, 2, 3, 4, 5]], { excess: 0, cost: 11 })).toBe(false);
    expect(board.offer([[1, 2, 3, 4, 5]], { excess: 1, cost: 5 })).toBe(false);
    expect(board.version()).toBe(version);
    expect(board.take()).toEqual({
      routes: [
        [1, 2],
        [3, 4, 5],
      ],
      score: { excess: 0, cost: 10 },
    });
    expect(board.offer([[5, 4, 3, 2, 1]], { excess: 0, cost: 9 })).toBe(true);
    expect(board.version()).toBe(version + 1);
    // Another view of the same memory (as a worker thread gets it) sees the same plan and the stop request.
    const view = new SharedBest(board.buffer);
    expect(view.take()?.routes).toEqual([[5, 4, 3, 2, 1]]);
    expect(view.stopRequested()).toBe(false);
    board.requestStop();
    expect(view.stopRequested()).toBe(true);
  });

  it('makes a search continue from a better plan found elsewhere and offer its own at the end', () => {
    const problem = smallProblem(30, 5, 100);
    const variant = makeVariant('tw1', { alpha: 0 });
    const strong = runClassical(problem, variant, { timeLimitSec: 60, seed: 1, maxIterations: 3000 });
    const board = SharedBest.create(problem.n);
    board.offer(strong.routes, { excess: strong.overFleet, cost: strong.cost });
    // No penalty rounds of its own: what it returns beyond its construction can only come from the board.
    const weak = runClassical(problem, variant, { timeLimitSec: 60, seed: 2, maxIterations: 0 });
    const joined = runClassical(problem, variant, { timeLimitSec: 60, seed: 2, maxIterations: 1, shared: board });
    expect(weak.cost).toBeGreaterThan(strong.cost);
    expect(joined.cost).toBeLessThanOrEqual(strong.cost + 1e-9);
    expect(evaluateIndexRoutes(problem, joined.routes, variant).violations).toEqual([]);
    expect(board.take()?.score.cost).toBeLessThanOrEqual(strong.cost + 1e-9);
  });

  it('stops a search when another thread asks', () => {
    const problem = smallProblem(30, 6, 100);
    const board = SharedBest.create(problem.n);
    board.requestStop();
    const result = runClassical(problem, makeVariant('tw1'), { timeLimitSec: 60, seed: 1, shared: board });
    expect(result.iterations).toBe(0);
    expect(result.routes.flat()).toHaveLength(30);
  });
});
