import { planWithModel } from '../main/jampr/planner.js';
import { samplingChunk } from '../main/jobs/sampling-chunk.js';
import { processCpuSeconds } from '../main/cpu-time.js';
import { type Rate, SPEED_VARIANT, speedInstances } from './speed-work.js';

/**
 * N=20 samples per second of the app's sampling (the plan job's 128 samples and chunk size, the greedy plan
 * among the candidates) on `threads` threads, this one included, over `count` instances after one warm-up plan
 * of ten times as many samples (model load; the helper thread's start, which takes about a second, so that the
 * timed plans find it warm as the app's second and later plans do). 1 thread is sampling without helpers.
 */
export async function sampleRate(threads: number, count: number): Promise<Rate> {
  const problems = speedInstances(20, count + 1, 77);
  const samples = 128;
  const plan = (i: number, drawn = samples) =>
    planWithModel(problems[i], SPEED_VARIANT, {
      method: 'jampr',
      decode: 'sample',
      samples: drawn,
      chunk: samplingChunk(20),
      seed: i,
      threads,
    });
  await plan(0, samples * 10);
  const started = performance.now();
  const cpu = processCpuSeconds();
  for (let i = 1; i <= count; i++) await plan(i);
  const units = samples * count;
  return { wall: units / ((performance.now() - started) / 1000), cpu: units / (processCpuSeconds() - cpu) };
}
