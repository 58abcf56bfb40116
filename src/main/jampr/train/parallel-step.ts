import * as tf from '@tensorflow/tfjs';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Problem } from '../../vrp/problem.js';
import type { Rng } from '../../vrp/rng.js';
import { openCpuArrayPool } from '../backend/array-pool.js';
import { startTaskPool, type TaskPool } from '../parallel.js';
import { clipFactor, globalNorm } from './adam.js';
import { mean } from './costs.js';
import { combineNormState } from './norm-moments.js';
import type { Recipe } from './recipe.js';
import type { ShardBaseline, ShardRequest, ShardResult, ShardWork } from './shard.js';
import { type StepContext, type StepOutcome, trainStep } from './step.js';

/**
 * Training steps spread over worker threads (synchronous data parallelism): each step's batch is split into
 * one shard of whole instances per thread; every thread gets the current weights, computes the gradient of its
 * shard's loss (train-worker.ts), and this thread combines the gradients weighted by rows (the gradient of the
 * whole batch's mean loss), clips and applies them with its one Adam, and pools BatchNorm's running statistics
 * (norm-moments.ts). Sampling draws one stream per row (shard.ts), so the split does not change what a row
 * samples. With BatchNorm frozen the step equals one thread's on the same batch; with batch statistics each
 * shard normalises over its own rows (as data-parallel training without synchronised BatchNorm does).
 */
export interface TrainStepper {
  /** Threads that share each step (1: this thread only, the original code path). */
  readonly threads: number;
  step(recipe: Recipe, c: StepContext, problems: Problem[], rng: Rng): Promise<StepOutcome>;
  close(): Promise<void>;
}

export interface ParallelOutcome extends StepOutcome {
  loss: number;
  gradNorm: number;
  /** The worker threads that computed the shards, in shard order. */
  threadIds: number[];
}

/**
 * The young generation of a training thread's heap. A step keeps its whole rollout on the gradient tape, so with
 * V8's default most of its short-lived objects outlive a scavenge and the garbage collector's helper threads take
 * about a fifth of another core; with two training threads on two cores that time is taken from the other thread.
 * A larger young generation lets them die young (measured: two-thread training 3.85 → 4.2 instances/s, N=20).
 */
const TRAIN_YOUNG_GENERATION_MB = 256;

/**
 * The arrays a training thread keeps for reuse (array-pool.ts). A step at N=20 with 64 rows makes and drops
 * several GB of kernel outputs and holds about 700 MB at its peak; kept arrays cover most of the next step.
 */
export const TRAIN_ARRAY_POOL_BYTES = 768 * 2 ** 20;

/** A stepper on `threads` threads; 1, or a build without the worker's entry file, steps in this thread. */
export function createStepper(threads: number): TrainStepper {
  const size = Math.max(1, Math.floor(threads));
  const entry = size > 1 ? trainWorkerEntry() : null;
  if (entry === null) {
    const arrays = openCpuArrayPool(TRAIN_ARRAY_POOL_BYTES);
    return {
      threads: 1,
      step: async (recipe, c, problems, rng) => trainStep(recipe, c, problems, rng),
      close: async () => arrays?.close(),
    };
  }
  const pool = startTaskPool<ShardRequest, ShardResult>(entry, {
    size,
    resourceLimits: { maxYoungGenerationSizeMb: TRAIN_YOUNG_GENERATION_MB },
  });
  return {
    threads: size,
    step: (recipe, c, problems, rng) => parallelStep(pool, recipe, c, problems, rng),
    close: () => pool.close(),
  };
}

/** One step of the recipe with the batch split over the pool's threads. */
export async function parallelStep(
  pool: TaskPool<ShardRequest, ShardResult>,
  recipe: Recipe,
  c: StepContext,
  problems: Problem[],
  rng: Rng,
): Promise<ParallelOutcome> {
  const stepSeed = rng.int(0, 2 ** 31);
  const P = recipe.name === 'imitation' ? 1 : recipe.samplesPerInstance;
  const values = [...c.policy.params.all()].map(([name, v]): [string, Float32Array] => [name, v.dataSync() as Float32Array]);
  const stateBefore = new Map([...c.policy.params.state].map(([name, v]) => [name, Float32Array.from(v.dataSync() as Float32Array)]));
  const { baseline, afterWarmUp } = rolloutBaseline(recipe, c, problems, P);
  const shards = splitEvenly(problems.length, pool.size);
  // Each shard's weighted gradient is summed in as it arrives, while the other threads still work.
  const sum = new GradientSum(c);
  const results = await Promise.all(
    shards.map(([start, end], k) => {
      const common = { env: c.env, maxGradNorm: recipe.maxGradNorm, frozenNorm: c.frozenNorm };
      const work: ShardWork =
        recipe.name === 'imitation'
          ? { kind: 'imitation', settings: { ...common, expertSeconds: recipe.expertSeconds }, seed: stepSeed + k }
          : {
              kind: 'reinforce',
              settings: { ...common, samplesPerInstance: P, augment: recipe.augment, costScale: recipe.costScale },
              baseline: baseline.kind === 'given' ? { kind: 'given', values: baseline.values.slice(start * P, end * P) } : baseline,
              stepSeed,
              firstRow: start * P,
            };
      return pool.run({ config: c.policy.config, values, problems: problems.slice(start, end), work }).then((r) => {
        sum.add(r);
        return r;
      });
    }),
  );
  const learned = results.filter((r) => r.grads !== null && r.weight > 0);
  const total = learned.reduce((a, r) => a + r.weight, 0);
  const weighted = (f: (r: ShardResult) => number) => (total > 0 ? learned.reduce((a, r) => a + (f(r) * r.weight) / total, 0) : NaN);
  const threadIds = results.map((r) => r.threadId);
  if (total === 0) return { meanCost: NaN, baselineCost: NaN, loss: NaN, gradNorm: 0, threadIds };
  const gradNorm = sum.apply(recipe.maxGradNorm);
  if (!c.frozenNorm) {
    const pooled = combineNormState(
      stateBefore,
      results.map((r) => ({ state: new Map(r.state), rows: r.normRows })),
    );
    for (const [name, data] of pooled) {
      const v = c.policy.params.state.get(name);
      if (v) tf.tidy(() => v.assign(tf.tensor(data, v.shape)));
    }
    c.policy.params.touch();
  }
  afterWarmUp?.(concat(results.map((r) => r.costs)));
  const meanCost = recipe.name === 'imitation' ? weighted((r) => r.meanCost) : mean(concat(results.map((r) => r.costs)));
  return { meanCost, baselineCost: weighted((r) => r.baselineCost), loss: weighted((r) => r.loss), gradNorm, threadIds };
}

/**
 * The rows' baseline as the shards receive it. The rollout baseline's greedy costs are computed here, on the
 * whole batch; during its warm-up epoch each shard averages its own costs into the moving value, and the value
 * moves on with the whole batch's mean afterwards (as one thread would move it).
 */
function rolloutBaseline(
  recipe: Recipe,
  c: StepContext,
  problems: readonly Problem[],
  P: number,
): { baseline: ShardBaseline; afterWarmUp: ((costs: Float64Array) => unknown) | null } {
  if (recipe.name === 'imitation' || c.baseline === null) return { baseline: { kind: 'sample-mean' }, afterWarmUp: null };
  const previous = c.baseline.warmUp;
  const prepared = c.baseline.prepare(c.epoch, problems, P);
  if (c.epoch === 0) return { baseline: { kind: 'warm-up', previous }, afterWarmUp: prepared };
  // After the warm-up the baseline does not depend on the sampled costs.
  return { baseline: { kind: 'given', values: prepared(new Float64Array(problems.length * P)) }, afterWarmUp: null };
}

/**
 * The gradient of the mean loss over all the shards' rows, Σ_k (weight_k / total)·g_k by parameter: shards are
 * added as they arrive (Σ weight_k·g_k), and the division by the total joins clipping's factor in Adam's pass.
 */
class GradientSum {
  private readonly sums = new Map<string, Float64Array>();
  private total = 0;

  constructor(private readonly c: StepContext) {}

  add(r: ShardResult): void {
    if (r.grads === null || !(r.weight > 0)) return;
    this.total += r.weight;
    for (const [name, g] of r.grads) {
      if (!this.c.policy.params.trainable.has(name)) throw new Error(`a training thread returned a gradient for unknown parameter ${name}`);
      let sum = this.sums.get(name);
      if (!sum) {
        sum = new Float64Array(g.length);
        this.sums.set(name, sum);
      }
      for (let i = 0; i < g.length; i++) sum[i] += r.weight * g[i];
    }
  }

  /** Clips the mean gradient to maxGradNorm and applies it with the context's Adam; returns its norm before clipping. */
  apply(maxGradNorm: number): number {
    const meanNorm = globalNorm(this.sums.values()) / this.total;
    this.c.adam.apply(this.sums, clipFactor(meanNorm, maxGradNorm) / this.total);
    this.c.policy.params.touch();
    return meanNorm;
  }
}

/** [start, end) of up to `parts` contiguous, near-equal shards of `count` items (none empty). */
export function splitEvenly(count: number, parts: number): [number, number][] {
  const k = Math.max(1, Math.min(parts, count));
  return Array.from({ length: k }, (_, i) => [Math.floor((i * count) / k), Math.floor(((i + 1) * count) / k)]);
}

function concat(arrays: readonly Float64Array[]): Float64Array {
  const out = new Float64Array(arrays.reduce((a, x) => a + x.length, 0));
  let at = 0;
  for (const x of arrays) {
    out.set(x, at);
    at += x.length;
  }
  return out;
}

/**
 * The worker's entry: the TypeScript source beside this file (tests, web mode, bench scripts), or the file the
 * CLI build (scripts/build-cli.mjs) and the desktop bundle (electron.vite.config.ts) emit beside their main file.
 */
function trainWorkerEntry(): URL | null {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) return new URL('./train-worker.ts', import.meta.url);
  const bundled = [join(dirname(here), 'train-worker.js'), join(dirname(here), '..', 'train-worker.js')].find(existsSync);
  return bundled ? pathToFileURL(bundled) : null;
}
