import { describe, expect, it } from 'vitest';
import { type BenchAt, benchRow, type RowOptions, warmUp } from '../../../src/cli/bench-rows.js';
import type { PlanRunner } from '../../../src/cli/plan-thread.js';
import { cachedModelCount } from '../../../src/main/jampr/policy-cache.js';
import { runPlanJob } from '../../../src/main/jobs/plan.js';
import type { PlanJob } from '../../../src/main/jobs/protocol.js';
import { generateInstances } from '../../../src/main/vrp/generate.js';
import { buildProblem } from '../../../src/main/vrp/validate.js';
import { makeVariant } from '../../../src/shared/domain.js';

/** The real plan job, in this thread, noting each job it plans and whether the warm-up was under way. */
function recordingPlanner(at: BenchAt) {
  const planned: { job: PlanJob; warming: boolean; modelsLoaded: number }[] = [];
  const plan: PlanRunner = (job) => {
    planned.push({ job, warming: at.warming === true, modelsLoaded: cachedModelCount() });
    return runPlanJob(job, { signal: new AbortController().signal, onProgress: () => {} });
  };
  return { plan, planned };
}

describe("jampr bench's warm-up: one-off loading is left out of the rows' times", () => {
  const problems = generateInstances(6, 2, 7).map(buildProblem);
  const variant = makeVariant('tw1');

  it('loads the model with untimed plans of the first instance before the first row, so no timed plan loads it', async () => {
    const rows: RowOptions[] = [
      { method: 'classical', timeLimitSec: 0.1 },
      { method: 'jampr', decode: 'greedy', improveSec: 0.1 },
      { method: 'jampr', decode: 'greedy' },
    ];
    const at: BenchAt = { row: 'classical', instance: 0, of: problems.length, printed: 0 };
    const { plan, planned } = recordingPlanner(at);
    expect(cachedModelCount()).toBe(0);
    const seconds = await warmUp(plan, at, rows, problems[0], variant);
    expect(seconds).toBeGreaterThan(0);
    expect(at.warming).toBe(false);
    // One learned method and decoding (the local search after the model loads nothing): the first instance twice.
    expect(planned.map(({ job, warming }) => ({ ...job, warming }))).toEqual(
      Array(2).fill({
        method: 'jampr',
        decode: 'greedy',
        instance: problems[0].instance,
        variant,
        seed: 1,
        modelDir: undefined,
        warming: true,
      }),
    );
    expect(planned[0].modelsLoaded).toBe(0);
    const warmed = planned.length;
    for (const row of rows) await benchRow(plan, at, problems, variant, row);
    const timed = planned.slice(warmed);
    expect(timed).toHaveLength(rows.length * problems.length);
    expect(timed.every(({ warming, modelsLoaded }) => !warming && modelsLoaded === 1)).toBe(true);
  }, 60_000);

  it('plans nothing, and says so, where no row is learned', async () => {
    const at: BenchAt = { row: 'random', instance: 0, of: 1, printed: 0 };
    const { plan, planned } = recordingPlanner(at);
    const rows: RowOptions[] = [{ method: 'random', samples: 10 }, { method: 'classical' }];
    expect(await warmUp(plan, at, rows, problems[0], variant)).toBeNull();
    expect(planned).toEqual([]);
  });
});
