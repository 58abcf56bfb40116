import { loadCheckpoint } from '../main/jampr/checkpoint.js';
import { jamprEnvConfig } from '../main/jampr/env/config.js';
import { Adam, PAPER_ADAM } from '../main/jampr/train/adam.js';
import { createStepper } from '../main/jampr/train/parallel-step.js';
import { resolveRecipe } from '../main/jampr/train/recipe.js';
import { createRng } from '../main/vrp/rng.js';
import { processCpuSeconds } from '../main/cpu-time.js';
import { type Rate, SPEED_VARIANT, speedInstances } from './speed-work.js';

/**
 * N=20 training instances per second with the recipe of the shipped models (pomo-mean: 8 instances per step,
 * 8 samples each, augmented) through the trainer's own stepper on `threads` threads, after a warm-up step per
 * thread (worker start, model copy, kernel compilation). 1 thread is the trainer's one-thread path; on more, batches
 * train concurrently (parallel-step.ts) and the clock stops when the last one's update is applied.
 */
export async function trainRate(modelDir: string, threads: number, steps: number): Promise<Rate> {
  const { policy } = await loadCheckpoint(modelDir);
  const recipe = resolveRecipe('pomo-mean');
  const adam = new Adam(policy.params.trainable, { ...PAPER_ADAM, learningRate: recipe.learningRate });
  const context = { policy, adam, env: jamprEnvConfig(SPEED_VARIANT, 20), baseline: null, epoch: 0, frozenNorm: false };
  const stepper = createStepper(threads);
  const rng = createRng(threads);
  const step = (k: number) => stepper.step(recipe, context, speedInstances(20, recipe.batchSize, 1000 + k), rng);
  try {
    for (let k = 0; k < stepper.threads; k++) await step(-k); // warms every thread
    await stepper.flush();
    const started = performance.now();
    const cpu = processCpuSeconds();
    for (let k = 1; k <= steps; k++) await step(k);
    await stepper.flush(); // every batch's update applied: on several threads the last ones are still in flight
    const instances = steps * recipe.batchSize;
    return { wall: instances / ((performance.now() - started) / 1000), cpu: instances / (processCpuSeconds() - cpu) };
  } finally {
    await stepper.close();
    adam.dispose();
    policy.dispose();
  }
}
