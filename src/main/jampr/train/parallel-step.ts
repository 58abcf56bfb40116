import { existsSync } from 'node:fs';
import { totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Problem } from '../../vrp/problem.js';
import type { Rng } from '../../vrp/rng.js';
import { openCpuArrayPool } from '../backend/array-pool.js';
import { startTaskPool, type TaskPool } from '../parallel.js';
import { clipFactor, globalNorm } from './adam.js';
import { combineNormState, rebaseNormState } from './norm-moments.js';
import type { Recipe } from './recipe.js';
import { loadValues, type ShardBaseline, type ShardRequest, type ShardResult, type ShardWork, stateOf, valuesOf } from './shard.js';
import { type StepContext, type StepOutcome, trainStep } from './step.js';
import { applyGradients } from './update.js';

/**
 * Training steps spread over worker threads. REINFORCE recipes use asynchronous data parallelism with a staleness
 * of at most threads − 1 updates: each batch goes whole to a free thread with the weights of that moment; the
 * thread computes the gradient of the batch's loss (train-worker.ts), and this thread applies it with its one Adam
 * as soon as it arrives, then sends the thread the next batch with the new weights. So there is one update per
 * batch, as on one thread, and on two threads each gradient is one update old when it is applied.
 *
 * Why not split each batch over the threads and combine the gradients (synchronous): at the recipes' small
 * batches (8 instances × 8 samples) half a batch costs more than half the time (every op has a fixed cost), and
 * every step waits for the slower half and for the update in between; measured on two cores, the split reached
 * 1.55–1.6 × one thread where whole batches reach ~1.8 × (bench/RESULTS.md section 7), learning alike per instance.
 * Imitation is the exception (splitStep): its time goes to the classical expert, per instance, so a split step
 * costs nothing and stays one thread's step; whole batches a step stale retrained a city worse (section 8).
 */
export interface TrainStepper {
  /** Threads that train (1: this thread only, the original code path). */
  readonly threads: number;
  /**
   * Trains on one batch. On one thread the step is taken before this resolves; on more, the batch is handed to
   * a free thread (waiting for one) and this resolves with the steps that finished meanwhile, oldest first.
   */
  step(recipe: Recipe, c: StepContext, problems: Problem[], rng: Rng): Promise<StepOutcome[]>;
  /** Waits for every batch in flight and applies it: afterwards the model holds every update. */
  flush(): Promise<StepOutcome[]>;
  close(): Promise<void>;
}

export interface ThreadOutcome extends StepOutcome {
  loss: number;
  gradNorm: number;
  /** The worker thread that computed the gradient. */
  threadId: number;
  /** Updates applied between the moment the batch was sent and its own (its gradient's staleness). */
  stale: number;
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
      step: async (recipe, c, problems, rng) => [trainStep(recipe, c, problems, rng)],
      flush: async () => [],
      close: async () => arrays?.close(),
    };
  }
  const pool = startTaskPool<ShardRequest, ShardResult>(entry, {
    size,
    resourceLimits: { maxYoungGenerationSizeMb: TRAIN_YOUNG_GENERATION_MB },
  });
  return new AsyncStepper(pool);
}

/**
 * A batch's peak tape memory, scaled from a measurement (bench/RESULTS.md section 7): one pomo-mean batch of
 * 8 instances × 8 samples at N=50 (51 nodes) peaked at 2.35 GB; the joint (vehicle, node) space grows with the
 * square of the nodes, and everything with the rows.
 */
export function batchTapeBytes(rows: number, nodes: number): number {
  return 2.35e9 * (rows / 64) * (nodes / 51) ** 2;
}

/** Share of the machine's memory that batches in flight together may hold on their tapes. */
const TAPE_SHARE_OF_MEMORY = 0.4;

/**
 * How many whole batches may train at once: one per thread while their tapes fit in a share of the memory,
 * fewer (at least one, the one-thread memory) for large instances, where every thread holding a whole batch
 * would need threads × the memory of one (N=50 on two threads: 4.91 GB against 2.35 GB).
 */
export function concurrentBatches(threads: number, rows: number, nodes: number, memoryBytes: number): number {
  const fit = Math.floor((TAPE_SHARE_OF_MEMORY * memoryBytes) / Math.max(1, batchTapeBytes(rows, nodes)));
  return Math.max(1, Math.min(threads, fit));
}

class AsyncStepper implements TrainStepper {
  private readonly inFlight = new Set<Promise<void>>();
  private finished: StepOutcome[] = [];
  private failure: unknown = null;
  private updates = 0;

  constructor(private readonly pool: TaskPool<ShardRequest, ShardResult>) {}

  get threads(): number {
    return this.pool.size;
  }

  async step(recipe: Recipe, c: StepContext, problems: Problem[], rng: Rng): Promise<StepOutcome[]> {
    if (recipe.name === 'imitation' || recipe.name === 'self-imitation') {
      const earlier = await this.flush();
      return [...earlier, await splitStep(this.pool, recipe, c, problems, rng)];
    }
    const rows = problems.length * recipe.samplesPerInstance;
    const nodes = Math.max(0, ...problems.map((p) => p.n + 1));
    const limit = concurrentBatches(this.pool.size, rows, nodes, totalmem());
    while (this.inFlight.size >= limit) await Promise.race(this.inFlight);
    this.rethrow();
    this.send(recipe, c, problems, rng);
    return this.take();
  }

  async flush(): Promise<StepOutcome[]> {
    while (this.inFlight.size > 0) await Promise.race(this.inFlight);
    this.rethrow();
    return this.take();
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  /** Hands the batch to a thread with the weights of this moment; its update is applied when it comes back. */
  private send(recipe: Recipe, c: StepContext, problems: Problem[], rng: Rng): void {
    const stepSeed = rng.int(0, 2 ** 31);
    const P = recipe.samplesPerInstance;
    const values = valuesOf(c.policy); // the weights of this moment: later updates assign new arrays
    const stateAtSend = new Map(stateOf(c.policy));
    const { baseline, afterWarmUp } = rolloutBaseline(recipe, c, problems, P);
    const work: ShardWork = {
      kind: 'reinforce',
      settings: {
        env: c.env,
        maxGradNorm: recipe.maxGradNorm,
        frozenNorm: c.frozenNorm,
        samplesPerInstance: P,
        augment: recipe.augment,
        costScale: recipe.costScale,
      },
      baseline,
      stepSeed,
    };
    const updatesAtSend = this.updates;
    const done = this.pool
      .run({ config: c.policy.config, values, problems, work })
      .then((r) => {
        this.finished.push(this.apply(r, recipe, c, stateAtSend, updatesAtSend));
        afterWarmUp?.(r.costs);
      })
      .catch((error: unknown) => {
        this.failure ??= error;
      })
      .finally(() => this.inFlight.delete(done));
    this.inFlight.add(done);
  }

  /** Applies a thread's gradient and BatchNorm statistics to the model as it is now. */
  private apply(r: ShardResult, recipe: Recipe, c: StepContext, stateAtSend: Map<string, Float32Array>, updatesAtSend: number) {
    const outcome = { meanCost: r.meanCost, baselineCost: r.baselineCost, loss: r.loss, threadId: r.threadId };
    const stale = this.updates - updatesAtSend;
    if (r.grads === null || !(r.weight > 0)) return { ...outcome, gradNorm: 0, stale };
    const gradNorm = applyGradients(c.policy, c.adam, new Map(r.grads), recipe.maxGradNorm);
    this.updates++;
    if (!c.frozenNorm) loadValues(c.policy, [...rebaseNormState(new Map(stateOf(c.policy)), stateAtSend, new Map(r.state))]);
    return { ...outcome, gradNorm, stale } satisfies ThreadOutcome;
  }

  private take(): StepOutcome[] {
    const out = this.finished;
    this.finished = [];
    return out;
  }

  private rethrow(): void {
    if (this.failure !== null) throw this.failure;
  }
}

/**
 * One imitation step with the batch split into one shard of whole instances per thread: each runs the classical
 * expert on its instances and returns the gradient of its shard's loss at the step's weights; they are combined
 * weighted by rows into one update (the gradient of the whole batch's mean loss). Imitation is split rather than
 * sent whole: its time goes mostly to the expert, which runs per instance, so splitting costs nothing and keeps
 * each step one thread's step; measured on retraining one city, whole batches a step stale did worse (bench/RESULTS.md
 * section 8).
 */
async function splitStep(
  pool: TaskPool<ShardRequest, ShardResult>,
  recipe: Recipe,
  c: StepContext,
  problems: Problem[],
  rng: Rng,
): Promise<ThreadOutcome> {
  const stepSeed = rng.int(0, 2 ** 31);
  const values = valuesOf(c.policy);
  const stateBefore = new Map(stateOf(c.policy));
  const workFor = (seed: number): ShardWork =>
    recipe.name === 'self-imitation'
      ? {
          kind: 'self-imitation',
          settings: { env: c.env, samples: recipe.samplesPerInstance, views: recipe.views, frozenNorm: c.frozenNorm },
          seed,
        }
      : {
          kind: 'imitation',
          settings: { env: c.env, maxGradNorm: recipe.maxGradNorm, frozenNorm: c.frozenNorm, expertSeconds: recipe.expertSeconds },
          seed,
        };
  const results = await Promise.all(
    splitEvenly(problems.length, pool.size).map(([start, end], k) =>
      pool.run({
        config: c.policy.config,
        values,
        problems: problems.slice(start, end),
        work: workFor(stepSeed + k),
      }),
    ),
  );
  const learned = results.filter((r) => r.grads !== null && r.weight > 0);
  const total = learned.reduce((a, r) => a + r.weight, 0);
  const weighted = (f: (r: ShardResult) => number) => (total > 0 ? learned.reduce((a, r) => a + (f(r) * r.weight) / total, 0) : NaN);
  const outcome = { meanCost: weighted((r) => r.meanCost), loss: weighted((r) => r.loss), threadId: results[0].threadId, stale: 0 };
  if (total === 0) return { ...outcome, baselineCost: NaN, gradNorm: 0 };
  // Σ_k (weight_k / total)·g_k by parameter; the division by the total joins clipping's factor in Adam's pass.
  const sums = new Map<string, Float64Array>();
  for (const r of learned) {
    for (const [name, g] of r.grads ?? []) {
      if (!c.policy.params.trainable.has(name)) throw new Error(`a training thread returned a gradient for unknown parameter ${name}`);
      let sum = sums.get(name);
      if (!sum) {
        sum = new Float64Array(g.length);
        sums.set(name, sum);
      }
      for (let i = 0; i < g.length; i++) sum[i] += r.weight * g[i];
    }
  }
  const gradNorm = globalNorm(sums.values()) / total;
  c.adam.apply(sums, clipFactor(gradNorm, recipe.maxGradNorm) / total);
  c.policy.params.touch();
  if (!c.frozenNorm) {
    const pooled = combineNormState(
      stateBefore,
      results.map((r) => ({ state: new Map(r.state), rows: r.normRows })),
    );
    loadValues(c.policy, [...pooled]);
  }
  return { ...outcome, baselineCost: weighted((r) => r.baselineCost), gradNorm };
}

/** [start, end) of up to `parts` contiguous, near-equal shards of `count` items (none empty). */
export function splitEvenly(count: number, parts: number): [number, number][] {
  const k = Math.max(1, Math.min(parts, count));
  return Array.from({ length: k }, (_, i) => [Math.floor((i * count) / k), Math.floor(((i + 1) * count) / k)]);
}

/**
 * The batch's baseline as the thread receives it. The rollout baseline's greedy costs are computed here; during
 * its warm-up epoch the thread averages the batch's costs into the moving value, which moves on here when the
 * costs come back.
 */
function rolloutBaseline(
  recipe: Recipe,
  c: StepContext,
  problems: readonly Problem[],
  P: number,
): { baseline: ShardBaseline; afterWarmUp: ((costs: Float64Array) => unknown) | null } {
  if (recipe.name === 'imitation' || recipe.name === 'self-imitation' || c.baseline === null)
    return { baseline: { kind: 'sample-mean' }, afterWarmUp: null };
  const previous = c.baseline.warmUp;
  const prepared = c.baseline.prepare(c.epoch, problems, P);
  if (c.epoch === 0) return { baseline: { kind: 'warm-up', previous }, afterWarmUp: prepared };
  // After the warm-up the baseline does not depend on the sampled costs.
  return { baseline: { kind: 'given', values: prepared(new Float64Array(problems.length * P)) }, afterWarmUp: null };
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
