import { AppError } from '../../shared/errors.js';

/**
 * The schedule of best-of-S sampling (decode.ts): S samples in chunks, each chunk drawn from its own random
 * stream (chunkSeed), by this thread or by helper threads (sampling-pool.ts). Because a chunk's plans depend only
 * on the seed and its index, the result is the same whichever thread drew which chunk, and on one thread or two.
 * Between chunks the event loop runs: progress goes out, helpers' answers come in, and a cancel is seen.
 */

/** Threads other than this one that draw chunks: `capacity` at once (one per helper thread). */
export interface ChunkHelpers<T> {
  readonly capacity: number;
  draw(index: number, size: number): Promise<T>;
  /** Whether the helpers have answered before (they are started and hold the model): then they are waited for. */
  warm(): boolean;
}

/** The random stream of chunk `index` under `seed` (any fixed injective-enough mix; splitmix32 scrambles it). */
export const chunkSeed = (seed: number, index: number): number => ((seed >>> 0) * 65_537 + index) >>> 0;

export interface ChunkSchedule<T> {
  total: number;
  chunk: number;
  /** This thread's own work besides chunks (the greedy candidate), done once the helpers hold their first chunks. */
  first?: () => void;
  /** Draws chunk `index` (of `size` samples) in this thread; returns its best plan. */
  local(index: number, size: number): T;
  helpers?: ChunkHelpers<T>;
  /** Whether plan a beats plan b (for progress; the caller picks the final plan from the chunks in order). */
  isBetter(a: T, b: T): boolean;
  signal?: AbortSignal;
  /** After each chunk, in the order they finish: samples drawn so far and the best plan among them. */
  onProgress?: (drawn: number, best: T) => void;
}

/** How long a wait on the helpers goes without looking at the abort signal (a polled one needs looking at). */
const ABORT_POLL_MS = 100;

/**
 * Draws every chunk; returns their best plans in chunk order. Throws AppError 'cancelled' when the signal aborts.
 * This thread keeps at least one chunk for itself, and once none is left, while no helper has ever answered
 * (a thread still starting: loading TensorFlow.js and the model takes seconds), it draws the chunks the helpers
 * hold itself (whichever finishes first counts; both give the same plan), so a cold helper never makes sampling
 * slower than this thread alone. A helper that has answered is warm: its chunks are waited for.
 */
export async function drawChunks<T>(s: ChunkSchedule<T>): Promise<T[]> {
  const count = Math.ceil(s.total / s.chunk);
  const sizeOf = (index: number) => Math.min(s.chunk, s.total - index * s.chunk);
  const results: (T | undefined)[] = Array(count).fill(undefined);
  const retry: number[] = []; // chunks a helper failed to draw (e.g. its thread died): drawn here instead
  const held = new Map<number, Promise<void>>(); // chunks the helpers are drawing
  let next = 0;
  let drawn = 0;
  let best: T | undefined;
  let helpersWarm = s.helpers?.warm() ?? false;
  let first = s.first;
  const record = (index: number, plan: T) => {
    if (results[index] !== undefined) return;
    results[index] = plan;
    drawn += sizeOf(index);
    if (best === undefined || s.isBetter(plan, best)) best = plan;
    s.onProgress?.(drawn, best);
  };
  while (drawn < s.total) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (s.signal?.aborted) throw new AppError('cancelled', 'sampling was cancelled');
    while (s.helpers && held.size < s.helpers.capacity && next < count - 1) {
      const index = next++;
      const task = s.helpers.draw(index, sizeOf(index)).then(
        (plan) => {
          helpersWarm = true;
          record(index, plan);
        },
        () => {
          if (results[index] === undefined) retry.push(index);
        },
      );
      held.set(index, task);
      void task.finally(() => held.delete(index));
    }
    if (first) {
      first();
      first = undefined;
      continue;
    }
    const stolen = helpersWarm ? undefined : [...held.keys()].find((index) => results[index] === undefined);
    const mine = retry.shift() ?? (next < count ? next++ : stolen);
    if (mine !== undefined && results[mine] === undefined) record(mine, s.local(mine, sizeOf(mine)));
    else if (held.size > 0) await Promise.race([...held.values(), new Promise((resolve) => setTimeout(resolve, ABORT_POLL_MS))]);
  }
  return results as T[];
}
