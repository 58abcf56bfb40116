import * as tf from '@tensorflow/tfjs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeVariant } from '../../../src/shared/domain.js';
import { loadCheckpoint } from '../../../src/main/jampr/checkpoint.js';
import { chunkSymmetry, sampleChunk } from '../../../src/main/jampr/decode.js';
import { jamprEnvConfig } from '../../../src/main/jampr/env/config.js';
import { planWithModel } from '../../../src/main/jampr/planner.js';
import { chunkSeed } from '../../../src/main/jampr/sample-chunks.js';
import { closeSamplingPool, samplingHelpers } from '../../../src/main/jampr/sampling-pool.js';
import { saveTinyModel, tinyProblems } from './fixtures.js';

/** Best-of-S sampling with a helper thread (sampling-pool.ts, sampling-worker.ts) against this thread alone. */
describe('sampling on two threads', () => {
  let dir = '';
  beforeAll(async () => {
    await tf.setBackend('cpu');
    dir = await saveTinyModel(await mkdtemp(join(tmpdir(), 'jampr-sampling-')), 'jampr', 'tw1', 10);
  });
  afterAll(() => closeSamplingPool());

  const variant = makeVariant('tw1');
  const [problem] = tinyProblems(10, 1, 31, true);
  const env = jamprEnvConfig(variant, 10, { mPre: 6 });

  it("a helper thread draws a chunk's very plan this thread draws", async () => {
    const helpers = samplingHelpers(2, { modelDir: dir, kind: 'jampr', instance: problem.instance, env, seed: 4 });
    expect(helpers?.capacity).toBe(1);
    const { policy } = await loadCheckpoint(dir);
    for (const index of [0, 3]) {
      const there = await helpers!.draw(index, 6, new AbortController().signal);
      const here = sampleChunk(policy, problem, env, null, chunkSeed(4, index), 6, chunkSymmetry(index));
      expect(there.routes).toEqual(here.routes);
      expect(there.evaluation.cost).toBe(here.evaluation.cost);
    }
    policy.dispose();
  });

  it('gives the same plan on one thread and on two, with progress up to every sample', async () => {
    const plan = async (threads: number) => {
      const progress: number[] = [];
      const { routes } = await planWithModel(problem, variant, {
        modelDir: dir,
        method: 'jampr',
        decode: 'sample',
        samples: 60,
        chunk: 8,
        seed: 9,
        threads,
        onProgress: (drawn) => progress.push(drawn),
      });
      return { routes, progress };
    };
    const one = await plan(1);
    const two = await plan(2);
    expect(two.routes).toEqual(one.routes);
    expect(one.progress.at(-1)).toBe(60);
    expect(two.progress.at(-1)).toBe(60);
    expect(two.progress.length).toBe(8); // one report per chunk, whichever thread drew it
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    const run = planWithModel(problem, variant, {
      modelDir: dir,
      method: 'jampr',
      decode: 'sample',
      samples: 100_000,
      chunk: 8,
      threads: 2,
      signal: controller.signal,
      onProgress: (drawn) => drawn >= 40 && controller.abort(),
    });
    await expect(run).rejects.toMatchObject({ kind: 'cancelled' });
  });
});
