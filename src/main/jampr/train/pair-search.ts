import * as tf from '@tensorflow/tfjs';
import type { Problem } from '../../vrp/problem.js';
import { createRng } from '../../vrp/rng.js';
import type { EnvConfig } from '../env/config.js';
import { PAIR_FEATURES, PAIR_QUANTITIES } from '../model/config.js';
import { PAIR_BIAS } from '../model/jampr-weights.js';
import type { Policy } from '../model/policy.js';
import { AppError } from '../../../shared/errors.js';
import type { StopSignal } from '../parallel.js';
import { PAIR_GENERATION } from '../../../shared/training-time.js';
import { greedyCosts, mean } from './costs.js';

/**
 * Fits the pair bias's weights (docs/model.md, "Pair bias"; all or some of them) with the rest of the network held
 * fixed, on what training lowers: the mean greedy cost (model frame) of a set of training instances. A handful of
 * weights is few enough for a direct search on the cost itself, which a gradient cannot follow (greedy plans change
 * in jumps). Each instance's cost is read relative to its cost at the start, so that every instance weighs alike (a
 * generated instance costs about three city days in the model frame, and would otherwise decide alone). The search: the
 * cross-entropy method draws a generation of weights around a mean, moves the mean to the best few and shrinks the
 * spread to theirs. The weights interact (waiting against slack), so a search along one weight at a time stalls
 * where a joint move would still gain. The policy keeps the best weights seen; a model without the bias is left alone.
 */
export interface PairSearchOptions {
  /** Greedy evaluations of the whole set at most (the start counts as one). */
  evaluations: number;
  /** The first spread of every weight around the start. */
  spread?: number;
  /** Which weights to search (indices into θ); the others keep their values. Default: all. */
  weights?: readonly number[];
  seed?: number;
  /**
   * Instances the weights must not harm: where their mean cost relative to the start exceeds `tolerance`, the
   * excess counts tenfold against the weights (e.g. the paper's instances while fitting for city days).
   */
  guard?: { problems: readonly Problem[]; tolerance: number };
  /**
   * Stop early when this returns true (a deadline, a cancelled job); the best weights so far are kept. Read before the
   * first pass (true then: no pass is begun) and during each pass whose work would be thrown away at the next check: the
   * start's pass and a generation's passes but its last (a generation cut short is dropped, so ending its pass at the
   * stop loses nothing, where running it whole overran a deadline by a pass: 20 s on 32 days of 120 stops).
   */
  stop?: () => boolean;
  /**
   * Read during each greedy pass (seconds each on large days): an abort ends the search at once with
   * AppError('cancelled'), the policy back on the best weights so far.
   */
  signal?: StopSignal;
  /** After each generation: the best weights so far and their cost. */
  onGeneration?: (best: PairSearchResult) => void;
}

export interface PairSearchResult {
  theta: number[];
  /** Mean over the instances of greedy cost / greedy cost at the start (1 at the start). */
  cost: number;
  /** The mean greedy cost at the start and with `theta` (NaN where the start's pass was not made: `evaluations` 0). */
  startMean: number;
  mean: number;
  /** Passes over the set made whole, the start's included: 0 or 1 where the stop came before a generation ended (θ unchanged). */
  evaluations: number;
}

/** The indices of θ's two halves (pair-features.ts): weights on the quantities, and on them times the fleet's tightness. */
export const PAIR_QUANTITY_WEIGHTS = Array.from({ length: PAIR_QUANTITIES }, (_, f) => f);
export const PAIR_TIGHTNESS_WEIGHTS = Array.from({ length: PAIR_QUANTITIES }, (_, f) => PAIR_QUANTITIES + f);

/** Weights drawn per generation (runTime counts on it), and how many of the best the next one is centred on. */
const GENERATION = PAIR_GENERATION;
const ELITE = 3;
/** The spread never falls below this: smaller changes hardly move a greedy plan. */
const MIN_SPREAD = 0.05;

export async function fitPairBias(
  policy: Policy,
  problems: readonly Problem[],
  env: EnvConfig,
  o: PairSearchOptions,
): Promise<PairSearchResult | null> {
  const variable = policy.params.trainable.get(PAIR_BIAS);
  if (!variable) return null;
  const rng = createRng(o.seed ?? 1);
  const guard = o.guard;
  const start = Array.from(variable.dataSync());
  /** Whether `stop` may end the pass under way (`o.stop`'s comment): set before each pass. */
  let cuttable = true;
  const stop = o.stop;
  // Read in every pass, between its batches and at its decoding steps: a cancel, or the stop where the pass may end.
  const passSignal: StopSignal | undefined = stop
    ? {
        get aborted() {
          return (o.signal?.aborted ?? false) || (cuttable && stop());
        },
      }
    : o.signal;
  /** A pass ended by the stop rather than by a cancel (which goes on to the caller). */
  const endedByStop = (err: unknown) => err instanceof AppError && err.kind === 'cancelled' && !o.signal?.aborted;
  const unfitted = { theta: start, cost: 1, startMean: NaN, mean: NaN, evaluations: 0 };
  if (stop?.()) return unfitted;
  let reference: Float64Array;
  let guardReference: Float64Array | null;
  try {
    reference = greedyCosts(policy, problems, env, passSignal);
    guardReference = guard ? greedyCosts(policy, guard.problems, env, passSignal) : null;
  } catch (err) {
    if (endedByStop(err)) return unfitted;
    throw err;
  }
  const startMean = mean(reference);
  /** Mean over a set of greedy cost relative to the start's. */
  const relative = (costs: Float64Array, base: Float64Array) => mean(costs.map((v, i) => v / base[i]));
  const evaluate = (theta: number[]) => {
    setPairBias(policy, theta);
    const costs = greedyCosts(policy, problems, env, passSignal);
    // The guard's excess over its tolerance counts tenfold.
    const harm =
      guard && guardReference
        ? 10 * Math.max(0, relative(greedyCosts(policy, guard.problems, env, passSignal), guardReference) - guard.tolerance)
        : 0;
    return { theta, cost: relative(costs, reference) + harm, mean: mean(costs) };
  };
  const best: PairSearchResult = { theta: start, cost: 1, startMean, mean: startMean, evaluations: 1 };
  let centre = start;
  const searched = start.map((_, f) => o.weights?.includes(f) ?? true);
  let spread = start.map((_, f) => (searched[f] ? (o.spread ?? 1) : 0));
  try {
    await searchGenerations();
  } finally {
    // Also when a pass was cancelled halfway: the policy never keeps a candidate it was being tried with.
    setPairBias(policy, best.theta);
  }
  return best;

  async function searchGenerations(): Promise<void> {
    while (best.evaluations + GENERATION <= o.evaluations && !o.stop?.()) {
      const generation: ReturnType<typeof evaluate>[] = [];
      for (let k = 0; k < GENERATION; k++) {
        // Each evaluation decodes every instance (seconds): between two, a cancel or Ctrl-C gets through.
        await new Promise<void>((resolve) => setImmediate(resolve));
        if (o.stop?.()) break;
        // Its last pass is made whole: the generation counts where that pass began before the stop.
        cuttable = k < GENERATION - 1;
        const theta = centre.map((c, f) => c + spread[f] * rng.normal());
        try {
          generation.push(evaluate(theta));
        } catch (err) {
          if (!endedByStop(err)) throw err;
          break; // the check before the next pass would have ended the generation: it is dropped all the same
        }
      }
      if (generation.length < GENERATION) break; // stopped within a generation: the best so far stands
      best.evaluations += GENERATION;
      generation.sort((a, b) => a.cost - b.cost);
      if (generation[0].cost < best.cost) Object.assign(best, generation[0]);
      const elite = generation.slice(0, ELITE);
      centre = centre.map((_, f) => mean(elite.map((e) => e.theta[f])));
      spread = centre.map((c, f) => (searched[f] ? Math.max(MIN_SPREAD, Math.sqrt(mean(elite.map((e) => (e.theta[f] - c) ** 2)))) : 0));
      o.onGeneration?.({ ...best, theta: best.theta.slice() });
    }
  }
}

export function setPairBias(policy: Policy, theta: readonly number[]): void {
  const variable = policy.params.trainable.get(PAIR_BIAS);
  if (!variable) throw new Error('the model has no pair bias');
  if (theta.length !== PAIR_FEATURES) throw new RangeError(`the pair bias has ${PAIR_FEATURES} weights, got ${theta.length}`);
  const values = tf.tensor2d([...theta], [theta.length, 1]);
  variable.assign(values);
  values.dispose();
  policy.params.touch();
}
