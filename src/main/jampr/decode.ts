import * as tf from '@tensorflow/tfjs';
import { AppError } from '../../shared/errors.js';
import { DEFAULT_SAMPLES } from '../../shared/methods.js';
import type { Evaluation } from '../../shared/domain.js';
import { evaluateIndexRoutes } from '../vrp/evaluate.js';
import { fitToFleet } from '../vrp/solvers/fleet-fit.js';
import { isBetter } from '../vrp/solvers/plan-score.js';
import { demandOverFleet, leavesOnlyOutOfReach } from '../vrp/unserved.js';
import type { Problem } from '../vrp/problem.js';
import { createRng, type Rng } from '../vrp/rng.js';
import { smallerFleetDays } from './smaller-fleets.js';
import type { EnvConfig } from './env/config.js';
import { reset } from './env/env.js';
import { routesOf } from './env/routes.js';
import type { EnvState } from './env/state.js';
import { PAIR_FEATURES } from './model/config.js';
import { fleetTightness } from './model/pair-features.js';
import type { EncodedRows, Policy } from './model/policy.js';
import { SYMMETRY_COUNT } from './model/symmetry.js';
import type { StopSignal } from './parallel.js';
import { rollout } from './rollout.js';
import { type ChunkHelpers, chunkSeed, drawChunks } from './sample-chunks.js';

/**
 * Inference (docs/model.md, "Planning with a model"): greedy decoding, and sampling S solutions with the encoder run
 * once, rolled out in chunks, keeping the cheapest feasible plan (on a tie, the one with fewer tours). The greedy
 * plan is one of the candidates, so sampling is never worse than greedy (out of its training distribution a
 * policy can be spread so wide that 128 draws miss what its most likely actions find).
 * BatchNorm runs in eval mode throughout.
 */

/**
 * Customers placed so far by a greedy decoding of one day (every few steps, for the plan's progress); `again` while
 * the day is decoded a second time, in its other views, because the first plan left customers out.
 */
export type GreedyProgress = (placed: number, total: number, again?: boolean) => void;

/** Greedy plans for a batch of instances of one size: index routes per instance. */
export function decodeGreedy(
  policy: Policy,
  problems: readonly Problem[],
  config: EnvConfig,
  signal?: StopSignal,
  onPlaced?: GreedyProgress,
): number[][][] {
  const onStep = onPlaced && ((s: EnvState) => onPlaced(s.visitedCount[0], problems[0].n));
  const { state } = rollout(policy, problems, config, { kind: 'greedy' }, { training: false, signal, onStep });
  return problems.map((_, b) => routesOf(state, b));
}

/**
 * JAMPR's greedy plan for the plan job: the single greedy rollout, unless it leaves a customer unserved that some plan
 * could serve (outOfReach: not one whose hard window nobody reaches). On a fleet
 * cut to just what the day needs the fleet rule can still lose one (it estimates, mid-day, what the fleet can still
 * do; bench/RESULTS.md §8), and the day seen under the square's other symmetries is decoded differently; so then
 * the greedy plans of all eight views are decoded (one batch, ~8 × the time, only on such days); where every view
 * still strands someone, the best view's customers left are put back where they fit (fleet-fit.ts, which packs the
 * fleet to make room), and only where some are still left, one chunk of `RESCUE_SAMPLES` sampled plans (seed 1). The plan serving the
 * most customers, then the cheapest, is kept; it names every customer still unserved.
 */
export function decodeGreedyServing(
  policy: Policy,
  problem: Problem,
  config: EnvConfig,
  signal?: AbortSignal,
  onPlaced?: GreedyProgress,
): number[][] {
  // The day's own fleet and the smaller ones its demand allows, in one batch (a row decodes as it would alone).
  const best = bestOf(problem, config, decodeGreedy(policy, [problem, ...smallerFleetDays(problem)], config, signal, onPlaced));
  // Customers no plan can serve (a hard window nobody reaches) are left by every plan: they call for no second look.
  const servesAll = (e: Evaluation) => leavesOnlyOutOfReach(problem, config.variant, e);
  if (servesAll(best.evaluation)) return best.routes;
  // A day whose demand is more than the fleet carries strands someone whatever the plan: the plan job's fleet fit
  // fills what room is left, and eight views and samples would only spend tens of seconds on a large day.
  if (demandOverFleet(problem)) return best.routes;
  // View 0 is the plain plan again (a batch decodes as each row alone), so the best view is never worse than it.
  const views = decodeGreedyViews(
    policy,
    problem,
    config,
    undefined,
    signal,
    onPlaced && ((s) => onPlaced(s.visitedCount[0], problem.n, true)),
  );
  const leading = bestOf(problem, config, [best, views]);
  if (servesAll(leading.evaluation)) return leading.routes;
  // Putting the customers left back in (and packing the fleet to make room) takes milliseconds; sampling takes
  // tens of seconds on a large day.
  const fitted = fitToFleet(problem, config.variant, leading.routes);
  if (servesAll(evaluateIndexRoutes(problem, fitted, config.variant))) return fitted;
  const sampled = sampleChunk(policy, problem, config, null, 1, RESCUE_SAMPLES, 0, signal);
  return bestOf(problem, config, [leading, sampled]).routes;
}

type PricedPlan = Omit<SampledPlan, 'samples'>;

/** The plan serving the most customers, then the cheapest, of plans for `problem` (index routes are priced here, priced plans are not priced again). */
function bestOf(problem: Problem, config: EnvConfig, plans: (number[][] | PricedPlan)[]): PricedPlan {
  let best: PricedPlan | null = null;
  for (const plan of plans) {
    const priced = Array.isArray(plan) ? { routes: plan, evaluation: evaluateIndexRoutes(problem, plan, config.variant) } : plan;
    if (!best || isBetter(priced.evaluation, best.evaluation)) best = priced;
  }
  if (!best) throw new Error('no plan to choose from');
  return best;
}

/**
 * The greedy candidates sampling counts among its own: the best of the eight views' greedy plans with the day's
 * fleet and the plain view's with the smaller fleets JAMPR greedy also tries (smaller-fleets.ts), so that sampling
 * is never worse than JAMPR greedy's plan.
 */
function greedyCandidates(
  policy: Policy,
  problem: Problem,
  config: EnvConfig,
  encodings: SymmetricEncodings,
  signal?: AbortSignal,
  onStep?: (state: EnvState) => void,
): PricedPlan {
  const views = decodeGreedyViews(policy, problem, config, encodings, signal, onStep);
  const smaller = smallerFleetDays(problem);
  if (smaller.length === 0) return views;
  return bestOf(problem, config, [views, ...decodeGreedy(policy, smaller, config, signal)]);
}

/** Sampled plans drawn when neither the greedy plan nor its views serve everyone. */
export const RESCUE_SAMPLES = 32;

export const DEFAULT_CHUNK = 320;

export interface SampleOptions {
  samples?: number;
  /** Rollouts per batch: bounds memory, and the unit of progress, cancel and work handed to other threads. */
  chunk?: number;
  seed?: number;
  signal?: AbortSignal;
  onProgress?: (drawn: number, total: number, bestCost: number) => void;
  /**
   * The share of the work done (0..1), the eight greedy views counted as eight samples: at every chunk's end, and
   * about every step while this thread decodes the views or draws a chunk (each takes seconds on a day of a hundred
   * stops), by the customers placed.
   */
  onShare?: (share: number) => void;
  /** Helper threads drawing chunks beside this one (sampling-pool.ts); the plan is the same with or without. */
  helpers?: ChunkHelpers<SampledPlan>;
}

export interface SampledPlan {
  routes: number[][];
  evaluation: Evaluation;
  samples: number;
}

/** Sampling's answer, and whether any sampled plan beat the greedy candidates it counts among its own. */
export type SamplingResult = SampledPlan & { greedyKept: boolean };

/**
 * Best of S sampled plans for one instance; deterministic for a given seed and chunk size (chunk k draws from
 * its own stream, sample-chunks.ts), on this thread alone or with helpers.
 */
export async function decodeSampled(
  policy: Policy,
  problem: Problem,
  config: EnvConfig,
  opts: SampleOptions = {},
): Promise<SamplingResult> {
  const total = opts.samples ?? DEFAULT_SAMPLES;
  const chunk = Math.max(1, Math.min(opts.chunk ?? DEFAULT_CHUNK, total));
  if (!Number.isInteger(total) || total < 1) throw new AppError('input', `samples must be a positive integer, got ${total}`);
  const seed = opts.seed ?? 1;
  const encodings = symmetricEncodings(policy, problem, config);
  const work = total + SYMMETRY_COUNT;
  let viewsDone = 0;
  let drawnSoFar = 0;
  // Never backwards: a helper's chunk read at 98 % and then counted whole, beside another just started, can sum lower.
  let shown = 0;
  const share = (drawing: number) => {
    const done = Math.min(1, (viewsDone + drawing) / work);
    if (done <= shown) return;
    shown = done;
    opts.onShare?.(done);
  };
  try {
    // The greedy candidates are this thread's first job once the helpers have their chunks.
    let greedy: SampledPlan | null = null;
    const greedyPlan = (): SampledPlan => {
      greedy ??= {
        ...greedyCandidates(policy, problem, config, encodings, opts.signal, (state) => {
          viewsDone = SYMMETRY_COUNT * placedShare(state, SYMMETRY_COUNT, problem.n);
          share(drawnSoFar + (opts.helpers?.within() ?? 0));
        }),
        samples: total,
      };
      viewsDone = SYMMETRY_COUNT;
      return greedy;
    };
    const chunks = await drawChunks({
      total,
      chunk,
      first: greedyPlan,
      // The signal reaches into the chunk: a cancel stops its rollout at the next step, not after the whole chunk.
      local: (index, size, within) =>
        sampleChunk(policy, problem, config, encodings, chunkSeed(seed, index), size, chunkSymmetry(index), opts.signal, (state) =>
          within(placedShare(state, size, problem.n)),
        ),
      onWithin: share,
      helpers: opts.helpers,
      isBetter: (a, b) => isBetter(a.evaluation, b.evaluation),
      signal: opts.signal,
      onProgress: (drawn, chunkBest) => {
        drawnSoFar = drawn;
        share(drawn);
        const lead = greedy && isBetter(greedy.evaluation, chunkBest.evaluation) ? greedy : chunkBest;
        opts.onProgress?.(drawn, total, lead.evaluation.cost);
      },
    });
    const greedyBest = greedyPlan();
    let best = greedyBest;
    for (const plan of chunks) if (isBetter(plan.evaluation, best.evaluation)) best = { ...plan, samples: total };
    return { ...best, greedyKept: best === greedyBest };
  } finally {
    encodings.dispose();
  }
}

/**
 * The best of the greedy plans of the instance seen under each of the square's 8 symmetries (rotated and mirrored
 * copies: the same problem, other inputs), decoded as one batch. The views' embeddings come from `encodings`
 * (sampling's, so its chunks reuse them) or are encoded here.
 */
export function decodeGreedyViews(
  policy: Policy,
  problem: Problem,
  config: EnvConfig,
  encodings?: SymmetricEncodings,
  signal?: AbortSignal,
  onStep?: (state: EnvState) => void,
): PricedPlan {
  const own = encodings ? null : symmetricEncodings(policy, problem, config);
  const views = Array.from({ length: SYMMETRY_COUNT }, (_, s) => s);
  const rows = views.map((s) => (encodings ?? own)!.of(s).encoding);
  const joined = tf.tidy(() => ({
    nodes: tf.concat(rows.map((e) => e.nodes)),
    graph: tf.concat(rows.map((e) => e.graph)),
    depot: tf.concat(rows.map((e) => e.depot)),
  }));
  try {
    const { state } = rollout(
      policy,
      Array<Problem>(views.length).fill(problem),
      config,
      { kind: 'greedy' },
      { training: false, symmetries: views, encoded: { encoding: joined, dispose: () => {} }, signal, onStep },
    );
    return bestOf(
      problem,
      config,
      views.map((b) => routesOf(state, b)),
    );
  } finally {
    tf.dispose([joined.nodes, joined.graph, joined.depot]);
    own?.dispose();
  }
}

/** The symmetry (0..7) under which chunk `index` sees the instance. */
export const chunkSymmetry = (index: number): number => index % SYMMETRY_COUNT;

/** One instance's embeddings under each symmetry, encoded when first asked for. */
export interface SymmetricEncodings {
  of(symmetry: number): EncodedRows;
  dispose(): void;
}

export function symmetricEncodings(policy: Policy, problem: Problem, config: EnvConfig): SymmetricEncodings {
  const bySymmetry = new Map<number, EncodedRows>();
  return {
    of: (symmetry) => {
      let encoded = bySymmetry.get(symmetry);
      if (!encoded) {
        encoded = policy.encodeOnce(reset([problem], config), 1, symmetry);
        bySymmetry.set(symmetry, encoded);
      }
      return encoded;
    },
    dispose: () => {
      for (const encoded of bySymmetry.values()) encoded.dispose();
      bySymmetry.clear();
    },
  };
}

/**
 * The best of `size` rollouts sampled from one stream with the instance seen under `symmetry` (`encodings`: the
 * instance's embeddings, or null to encode here).
 */
export function sampleChunk(
  policy: Policy,
  problem: Problem,
  config: EnvConfig,
  encodings: SymmetricEncodings | null,
  seed: number,
  size: number,
  symmetry = 0,
  signal?: StopSignal,
  onStep?: (state: EnvState) => void,
): SampledPlan {
  const rng = createRng(seed);
  const problems = Array<Problem>(size).fill(problem);
  const { state } = rollout(
    policy,
    problems,
    config,
    { kind: 'sample', rng, shifts: biasShifts(policy, problem, size, rng) },
    { training: false, repeat: size, symmetries: [symmetry], encoded: encodings?.of(symmetry), signal, onStep },
  );
  let best: SampledPlan | null = null;
  for (let b = 0; b < size; b++) {
    const routes = routesOf(state, b);
    const evaluation = evaluateIndexRoutes(problem, routes, config.variant);
    if (!best || isBetter(evaluation, best.evaluation)) best = { routes, evaluation, samples: size };
  }
  if (!best) throw new Error('no sample was drawn');
  return best;
}

/** The share of rows shifted on days with fleet tightness 0 (the paper's instances). */
const SHIFTED_SHARE = 0.5;
const SHIFT_SPREAD = 0.3;

/**
 * How many of a chunk's `size` rows act greedily under a pair bias of their own (a JAMPR model with a pair bias), θ
 * plus a draw of N(0, SHIFT_SPREAD²) on each weight; the others draw their actions (strategy.ts). On a day whose fleet
 * carries less than twice its demand (fleet tightness above 0: dispatchers' days with a fleet near what they need)
 * every row does: there the model's softmax draws hardly beat its greedy plans, while greedy plans under shifted
 * weights differ as whole plans (earlier or later windows first, nearer or farther stops). On the paper's instances
 * (a vehicle per customer) half the rows do, which keeps what the draws find there (bench/RESULTS.md §8, twentieth
 * and twenty-first rounds). Models without a pair bias (AM+TW) draw every row.
 */
export function shiftedRowCount(problem: Problem, size: number): number {
  return fleetTightness(problem) > 0 ? size : Math.round(size * SHIFTED_SHARE);
}

function biasShifts(policy: Policy, problem: Problem, size: number, rng: Rng): Float32Array | undefined {
  if (policy.config.kind !== 'jampr' || !policy.config.pairBias) return undefined;
  const rows = shiftedRowCount(problem, size);
  return Float32Array.from({ length: rows * PAIR_FEATURES }, () => SHIFT_SPREAD * rng.normal());
}

/** The share of the `n` customers that the `rows` rollouts of a batch have placed so far. */
export function placedShare(state: EnvState, rows: number, n: number): number {
  let placed = 0;
  for (let b = 0; b < rows; b++) placed += state.visitedCount[b];
  return n > 0 ? placed / (rows * n) : 1;
}
