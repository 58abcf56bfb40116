import { BATCH_NORM_MOMENTUM } from '../model/layers.js';

/**
 * BatchNorm's running statistics when a thread's step comes back after other updates (parallel-step.ts).
 * The thread started from statistics r₀ and moved them to r₀' = (1 − μ)·r₀ + μ·s with its batch's moments s;
 * meanwhile the model's statistics moved on to r. One thread taking that batch now would give
 * (1 − μ)·r + μ·s = r₀' + (1 − μ)·(r − r₀): the batch's moments applied to the statistics as they are.
 * Every BatchNorm state is such a moving average (movingMean, movingVariance).
 */
export function rebaseNormState(
  current: ReadonlyMap<string, Float32Array>,
  atSend: ReadonlyMap<string, Float32Array>,
  after: ReadonlyMap<string, Float32Array>,
): Map<string, Float32Array> {
  const keep = 1 - BATCH_NORM_MOMENTUM;
  const out = new Map<string, Float32Array>();
  for (const [name, now] of current) {
    const before = atSend.get(name);
    const moved = after.get(name);
    if (!before || !moved) throw new Error(`a training thread returned no ${name}`);
    out.set(
      name,
      Float32Array.from(moved, (x, j) => x + keep * (now[j] - before[j])),
    );
  }
  return out;
}
