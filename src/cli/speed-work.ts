import { makeVariant } from '../shared/domain.js';
import { planWithModel } from '../main/jampr/planner.js';
import { generatorSource } from '../main/jampr/train/sources.js';
import { createRng } from '../main/vrp/rng.js';

/**
 * The model workloads `jampr bench --speed` times, on the shipped tw1 models as the app runs them. Each runs
 * in this thread; the bench runs one copy per worker thread to measure 1 and 2 threads (training: train-rate.ts).
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
