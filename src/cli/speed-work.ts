import { makeVariant } from '../shared/domain.js';
import { loadCheckpoint } from '../main/jampr/checkpoint.js';
import { jamprEnvConfig } from '../main/jampr/env/config.js';
import { planWithModel } from '../main/jampr/planner.js';
import { Adam } from '../main/jampr/train/adam.js';
import { sampleMeanBaseline } from '../main/jampr/train/baseline.js';
import { reinforceStep } from '../main/jampr/train/reinforce.js';
import { generatorSource } from '../main/jampr/train/sources.js';
import { createRng } from '../main/vrp/rng.js';

/**
 * The model workloads `jampr bench --speed` times, on the shipped tw1 models as the app runs them. Each runs
 * in this thread; the bench runs one copy per worker thread to measure 1 and 2 threads.
 */
export const SPEED_VARIANT = makeVariant('tw1');
export const speedInstances = (n: number, count: number, seed = n) => generatorSource(n).draw(count, createRng(seed));

/** Sampled plans drawn for one N=20 instance with the app's sampling (128 samples); returns the samples drawn. */
export async function sampleOnce(seed: number): Promise<number> {
  const [problem] = speedInstances(20, 1, seed);
  const samples = 128;
  await planWithModel(problem, SPEED_VARIANT, { method: 'jampr', decode: 'sample', samples, seed });
  return samples;
}

/** The model being trained in this thread, loaded by the first call (the warm-up). */
let trainer: Promise<{ policy: Awaited<ReturnType<typeof loadCheckpoint>>['policy']; adam: Adam }> | undefined;

/**
 * REINFORCE steps with the recipe of the shipped N=20 models (pomo-mean: 8 instances per step, 8 samples
 * each, augmented, judged against the mean of the others); returns the instances trained on.
 */
export async function trainSteps(modelDir: string, steps: number, seed: number): Promise<number> {
  trainer ??= loadCheckpoint(modelDir).then(({ policy }) => ({ policy, adam: new Adam(policy.params.trainable) }));
  const { policy, adam } = await trainer;
  const env = jamprEnvConfig(SPEED_VARIANT, 20);
  const rng = createRng(seed);
  const settings = { env, samplesPerInstance: 8, augment: true, costScale: 0.01, maxGradNorm: 1 };
  let instances = 0;
  for (let step = 0; step < steps; step++) {
    const batch = speedInstances(20, 8, seed * 1000 + step);
    reinforceStep(policy, adam, settings, batch, rng, (costs) => sampleMeanBaseline(costs, 8));
    instances += batch.length;
  }
  return instances;
}
