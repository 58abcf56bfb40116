/**
 * How many sampled plans the model rolls out at once: the unit of work handed to the other core, and of the best
 * cost the progress names (the bar moves within a chunk, with its customers placed, and a cancel stops it at the next
 * step). On a city day of about a hundred stops a chunk of 32 takes several seconds on this thread.
 * The work of one sample grows about with N², hence a fixed budget of N² work per chunk, and at most 32 so that
 * the app's 128 samples make four chunks for two threads (the array decoder loses about 2 % per sample at 32
 * against 320 rollouts at once); at N = 200 it is 30 (bench/sampling-chunks.ts measures the time per chunk).
 * A function of N only, so a seed still gives the same plan, on one thread or two.
 */
const WORK_PER_CHUNK = 1_200_000;
const MAX_CHUNK = 32;

export function samplingChunk(customers: number): number {
  return Math.max(1, Math.min(MAX_CHUNK, Math.floor(WORK_PER_CHUNK / Math.max(1, customers) ** 2)));
}
