import { describe, expect, it } from 'vitest';
import { makeVariant } from '../../src/shared/domain.js';
import { runClassicalParallel } from '../../src/main/jobs/classical-parallel.js';
import { evaluateIndexRoutes } from '../../src/main/vrp/evaluate.js';
import { smallProblem } from '../unit/solvers/fixtures.js';

describe('classical solver on two threads', () => {
  it('runs a second search in a worker thread and returns a complete plan within the time limit', async () => {
    const problem = smallProblem(100, 3, 200);
    const variant = makeVariant('tw1');
    const started = performance.now();
    const result = await runClassicalParallel(problem, variant, { timeLimitSec: 3, seed: 1, threads: 2 });
    const wall = (performance.now() - started) / 1000;
    expect(result.searches).toBe(2);
    expect(evaluateIndexRoutes(problem, result.routes, variant).violations).toEqual([]);
    expect(result.routes.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, k) => k + 1));
    // The helper ends at the same deadline; allow for its start-up and the final hand-over on a busy machine.
    expect(wall).toBeLessThan(3 + 2);
  });

  it('stays in this thread for small instances, short limits or threads: 1', async () => {
    const variant = makeVariant('tw1');
    for (const [n, limit, threads] of [
      [20, 5, 2],
      [100, 1, 2],
      [100, 5, 1],
    ]) {
      const result = await runClassicalParallel(smallProblem(n, 4, 200), variant, {
        timeLimitSec: limit,
        seed: 1,
        threads,
        maxIterations: 50,
      });
      expect(result.searches).toBe(1);
    }
  });
});
