import type { Variant } from '../../../shared/domain.js';
import { AppError } from '../../../shared/errors.js';
import { evaluateIndexRoutes } from '../../vrp/evaluate.js';
import type { Problem } from '../../vrp/problem.js';
import type { EnvConfig } from '../env/config.js';
import { routesOf } from '../env/routes.js';
import type { EnvState } from '../env/state.js';
import { decodeGreedy } from '../decode.js';
import type { Policy } from '../model/policy.js';
import { modelFrame } from '../frame.js';
import type { StopSignal } from '../parallel.js';

/**
 * The reward side of training: the evaluator's cost (one cost, not two) plus one shift length per customer
 * left unserved (a fixed fleet can run out; without the charge, stranding customers would look cheap), read
 * in the model frame so that a day in clock minutes and a generated day weigh alike.
 */
export function trainingCost(p: Problem, routes: number[][], variant: Variant): number {
  const e = evaluateIndexRoutes(p, routes, variant);
  let served = 0;
  for (const r of routes) served += r.length;
  const shift = p.due[0] - p.ready[0];
  return (e.cost + (p.n - served) * shift) * modelFrame(p).scale;
}

export function planCosts(state: EnvState, problems: readonly Problem[], variant: Variant): Float64Array {
  return Float64Array.from(problems, (p, b) => trainingCost(p, routesOf(state, b), variant));
}

/**
 * Rows per batch where the caller may cancel: the encoder runs a batch in one go, and a cancel is heard only between
 * batches and decoding steps. Measured on the shipped jampr-tw1-n50 and perturbed 50-stop days, on a loaded 2-core
 * machine: the encoder took 42 s for 64 rows and under 3 s for 8; 64 rows took 15-17 s in batches of 8 against
 * 13-16 s in one, with the same costs (a row's greedy plan does not depend on its batch).
 */
const CANCELLABLE_BATCH = 8;

/**
 * Greedy training costs (BatchNorm in eval mode), decoded in batches of one size and at most `batch` rows. A set of
 * large days takes tens of seconds: with a `signal`, it is read before each batch and at every decoding step, and an
 * abort ends the call with AppError('cancelled').
 */
export function greedyCosts(
  policy: Policy,
  problems: readonly Problem[],
  config: EnvConfig,
  signal?: StopSignal,
  batch = 64,
): Float64Array {
  const out = new Float64Array(problems.length);
  const rows = signal ? Math.min(batch, CANCELLABLE_BATCH) : batch;
  const bySize = new Map<number, number[]>();
  problems.forEach((p, i) => {
    const sameSize = bySize.get(p.n);
    if (sameSize) sameSize.push(i);
    else bySize.set(p.n, [i]);
  });
  for (const sameSize of bySize.values()) {
    for (let start = 0; start < sameSize.length; start += rows) {
      if (signal?.aborted) throw new AppError('cancelled', 'cancelled before it finished');
      const part = sameSize.slice(start, start + rows);
      const planned = decodeGreedy(
        policy,
        part.map((i) => problems[i]),
        config,
        signal,
      );
      planned.forEach((routes, b) => {
        out[part[b]] = trainingCost(problems[part[b]], routes, config.variant);
      });
    }
  }
  return out;
}

export const mean = (xs: ArrayLike<number>): number => {
  let s = 0;
  for (let i = 0; i < xs.length; i++) s += xs[i];
  return xs.length ? s / xs.length : NaN;
};
