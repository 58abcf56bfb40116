/**
 * How many sampled plans the model rolls out at once. A chunk is the unit of progress and the moment a cancel is
 * seen, so it must stay short (well under a second) on large days; on small ones a big batch is faster. The work
 * of one sample grows about with N², hence a fixed budget of N² work per chunk. Up to N = 60 this keeps the full
 * chunk of 320 the benchmarks used; at N = 200 it is 30 (bench/sampling-chunks.ts measures the time per chunk).
 * A function of N only, so a seed still gives the same plan.
 */
const WORK_PER_CHUNK = 1_200_000;
const MAX_CHUNK = 320;

export function samplingChunk(customers: number): number {
  return Math.max(1, Math.min(MAX_CHUNK, Math.floor(WORK_PER_CHUNK / Math.max(1, customers) ** 2)));
}
