import type { Variant } from '../../../shared/domain.js';
import { evaluateIndexRoutes } from '../../vrp/evaluate.js';
import type { Problem } from '../../vrp/problem.js';
import type { EnvConfig } from '../env/config.js';
import { routesOf } from '../env/routes.js';
import type { EnvState } from '../env/state.js';
import { decodeGreedy } from '../decode.js';
import type { Policy } from '../model/policy.js';

/** The reward side of training: every cost is the evaluator's (one cost, not two). */
export function planCosts(state: EnvState, problems: readonly Problem[], variant: Variant): Float64Array {
  return Float64Array.from(problems, (p, b) => evaluateIndexRoutes(p, routesOf(state, b), variant).cost);
}

/** Greedy costs (BatchNorm in eval mode), decoded in batches of `batch` to bound memory. */
export function greedyCosts(policy: Policy, problems: readonly Problem[], config: EnvConfig, batch = 64): Float64Array {
  const out = new Float64Array(problems.length);
  for (let start = 0; start < problems.length; start += batch) {
    const part = problems.slice(start, start + batch);
    decodeGreedy(policy, part, config).forEach((routes, b) => {
      out[start + b] = evaluateIndexRoutes(part[b], routes, config.variant).cost;
    });
  }
  return out;
}

export const mean = (xs: ArrayLike<number>): number => {
  let s = 0;
  for (let i = 0; i < xs.length; i++) s += xs[i];
  return xs.length ? s / xs.length : NaN;
};
