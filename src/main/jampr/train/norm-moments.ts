import { BATCH_NORM_MOMENTUM } from '../model/layers.js';

/**
 * BatchNorm's running statistics after a step split over threads (imitation, parallel-step.ts). Each thread started from the same running
 * statistics r and moved them to r_k = (1 − μ)·r + μ·s_k with its shard's batch moments s_k over R_k rows. One
 * thread on the whole batch would have used the moments of all rows together, so this recovers each s_k, pools
 * them exactly (mean: row-weighted; variance: within-shard plus between-shard spread, unbiased as BatchNorm
 * keeps it) and applies the update once. The first BatchNorm layer sees the same rows either way, so its
 * statistics come out as one thread's; deeper layers see activations normalised per shard.
 */
export interface ShardState {
  /** Every state variable by name after the shard's step. */
  state: ReadonlyMap<string, Float32Array>;
  /** Rows the shard's BatchNorm layers normalised over (encoded instances × nodes). */
  rows: number;
}

const MEAN = '/movingMean';
const VARIANCE = '/movingVariance';

/** The running statistics one update on the union of the shards would give; `before` is the state they all started from. */
export function combineNormState(before: ReadonlyMap<string, Float32Array>, shards: readonly ShardState[]): Map<string, Float32Array> {
  const out = new Map<string, Float32Array>();
  const used = shards.filter((s) => s.rows > 0);
  const total = used.reduce((a, s) => a + s.rows, 0);
  for (const [name, old] of before) {
    if (used.length === 0) {
      out.set(name, old.slice());
    } else if (name.endsWith(MEAN) && before.has(name.slice(0, -MEAN.length) + VARIANCE)) {
      const varianceName = name.slice(0, -MEAN.length) + VARIANCE;
      const [mean, variance] = pooledUpdate(old, before.get(varianceName) as Float32Array, used, name, varianceName, total);
      out.set(name, mean);
      out.set(varianceName, variance);
    } else if (!out.has(name)) {
      // Any other state: the row-weighted mean of the shards' values.
      out.set(
        name,
        Float32Array.from(old, (_, j) => used.reduce((a, s) => a + (shardValue(s, name)[j] * s.rows) / total, 0)),
      );
    }
  }
  return out;
}

function pooledUpdate(
  oldMean: Float32Array,
  oldVariance: Float32Array,
  shards: readonly ShardState[],
  meanName: string,
  varianceName: string,
  total: number,
): [Float32Array, Float32Array] {
  const mu = BATCH_NORM_MOMENTUM;
  const keep = 1 - mu;
  const mean = new Float32Array(oldMean.length);
  const variance = new Float32Array(oldMean.length);
  for (let j = 0; j < oldMean.length; j++) {
    // Each shard's batch mean and biased variance, recovered from its update of the running statistics.
    const means = shards.map((s) => (shardValue(s, meanName)[j] - keep * oldMean[j]) / mu);
    const biased = shards.map((s) => {
      const unbiased = (shardValue(s, varianceName)[j] - keep * oldVariance[j]) / mu;
      return s.rows > 1 ? (unbiased * (s.rows - 1)) / s.rows : unbiased;
    });
    let m = 0;
    for (let k = 0; k < shards.length; k++) m += (shards[k].rows / total) * means[k];
    let v = 0;
    for (let k = 0; k < shards.length; k++) v += (shards[k].rows / total) * (biased[k] + (means[k] - m) ** 2);
    const unbiased = total > 1 ? (v * total) / (total - 1) : v;
    mean[j] = keep * oldMean[j] + mu * m;
    variance[j] = keep * oldVariance[j] + mu * unbiased;
  }
  return [mean, variance];
}

function shardValue(shard: ShardState, name: string): Float32Array {
  const value = shard.state.get(name);
  if (!value) throw new Error(`a training thread returned no ${name}`);
  return value;
}

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
