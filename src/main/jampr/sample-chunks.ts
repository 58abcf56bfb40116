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
  /** Draws a chunk on a helper; an abort of `signal` withdraws it: skipped if the helper has not started it, else stopped. */
  draw(index: number, size: number, signal: AbortSignal): Promise<T>;
  /** Whether the helpers have answered before (they are started and hold the model): then they are waited for. */
  warm(): boolean;
  /** Samples the helpers have drawn so far of the chunks they are drawing now (shares of chunks, not a whole number). */
  within(): number;
}

/** The random stream of chunk `index` under `seed` (any fixed injective-enough mix; splitmix32 scrambles it). */
export const chunkSeed = (seed: number, index: number): number => ((seed >>> 0) * 65_537 + index) >>> 0;

export interface ChunkSchedule<T> {
  total: number;
  chunk: number;
  /** This thread's own work besides chunks (the greedy candidate), done once the helpers hold their first chunks. */
  first?: () => void;
  /**
   * Draws chunk `index` (of `size` samples) in this thread; returns its best plan. `within` takes the share of the
   * chunk done so far (0..1), as often as the chunk likes: a chunk on a large day takes seconds.
   */
  local(index: number, size: number, within: (share: number) => void): T;
  helpers?: ChunkHelpers<T>;
  /** Whether plan a beats plan b (for progress; the caller picks the final plan from the chunks in order). */
  isBetter(a: T, b: T): boolean;
  signal?: AbortSignal;
  /** After each chunk, in the order they finish: samples drawn so far and the best plan among them. */
  onProgress?: (drawn: number, best: T) => void;
  /**
   * While chunks are drawn: the samples drawn so far, counting the shares done of the chunks being drawn here and on
   * the helpers (not a whole number); about every step of this thread's chunk, and while it waits on the helpers.
   */
  onWithin?: (drawing: number) => void;
}

/**
 * Chunks queued per helper: a helper that finishes a chunk starts its next one at once instead of idling until
 * this thread, busy drawing a chunk of its own, hands it one (with one per helper, two threads kept ~1.5 cores busy).
 */
const QUEUED_PER_HELPER = 2;

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
  const held = new Map<number, { task: Promise<void>; withdraw: AbortController }>(); // chunks the helpers hold
  let next = 0;
  let drawn = 0;
  let best: T | undefined;
  let helpersWarm = s.helpers?.warm() ?? false;
  let first = s.first;
  /**
   * A held chunk this thread draws once it has none of its own: any, while the helpers are cold; else the last
   * one queued behind another on a helper (not started yet: withdrawn, so the helper skips it).
   */
  const steal = (): number | undefined => {
    const waiting = [...held.keys()].filter((index) => results[index] === undefined);
    if (!helpersWarm) return waiting[0];
    if (!s.helpers || waiting.length <= s.helpers.capacity) return undefined;
    const index = waiting[waiting.length - 1];
    held.get(index)?.withdraw.abort();
    return index;
  };
  const record = (index: number, plan: T) => {
    if (results[index] !== undefined) return;
    results[index] = plan;
    drawn += sizeOf(index);
    if (best === undefined || s.isBetter(plan, best)) best = plan;
    s.onProgress?.(drawn, best);
  };
  try {
    while (drawn < s.total) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (s.signal?.aborted) throw new AppError('cancelled', 'sampling was cancelled');
      while (s.helpers && held.size < s.helpers.capacity * QUEUED_PER_HELPER && next < count - 1) {
        const index = next++;
        const withdraw = new AbortController();
        const task = s.helpers.draw(index, sizeOf(index), withdraw.signal).then(
          (plan) => {
            helpersWarm = true;
            record(index, plan);
          },
          () => {
            if (results[index] === undefined) retry.push(index);
          },
        );
        held.set(index, { task, withdraw });
        void task.finally(() => held.delete(index));
      }
      if (first) {
        first();
        first = undefined;
        continue;
      }
      const mine = retry.shift() ?? (next < count ? next++ : steal());
      if (mine !== undefined && results[mine] === undefined) {
        const size = sizeOf(mine);
        record(
          mine,
          s.local(mine, size, (share) => s.onWithin?.(drawn + share * size + (s.helpers?.within() ?? 0))),
        );
      } else if (held.size > 0) {
        await Promise.race([...[...held.values()].map((h) => h.task), new Promise((resolve) => setTimeout(resolve, ABORT_POLL_MS))]);
        if (drawn < s.total) s.onWithin?.(drawn + (s.helpers?.within() ?? 0));
      }
    }
    return results as T[];
  } finally {
    // A chunk a helper still holds is no longer needed: withdrawn (skipped, or stopped where it runs), so the helper does
    // not spend the next call's time on it.
    for (const { withdraw } of held.values()) withdraw.abort();
  }
}
