import type { Variant } from '../../../shared/domain.js';
import { evaluateIndexRoutes } from '../../vrp/evaluate.js';
import type { Problem } from '../../vrp/problem.js';
import type { EnvConfig } from '../env/config.js';
import { routesOf } from '../env/routes.js';
import type { EnvState } from '../env/state.js';
import { decodeGreedy } from '../decode.js';
import type { Policy } from '../model/policy.js';
import { modelFrame } from '../frame.js';

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

/** Greedy training costs (BatchNorm in eval mode), decoded in batches of one size and at most `batch` rows. */
export function greedyCosts(policy: Policy, problems: readonly Problem[], config: EnvConfig, batch = 64): Float64Array {
  const out = new Float64Array(problems.length);
  const bySize = new Map<number, number[]>();
  problems.forEach((p, i) => {
    const rows = bySize.get(p.n);
    if (rows) rows.push(i);
    else bySize.set(p.n, [i]);
  });
  for (const rows of bySize.values()) {
    for (let start = 0; start < rows.length; start += batch) {
      const part = rows.slice(start, start + batch);
      const planned = decodeGreedy(
        policy,
        part.map((i) => problems[i]),
        config,
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
