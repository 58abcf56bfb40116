import type { EnvState } from './env/state.js';
import type { Rng } from '../vrp/rng.js';
import { PAIR_FEATURES } from './model/config.js';
import { pairFeatures } from './model/pair-features.js';

/** Supplies known actions (an expert's plan replayed) for teacher forcing. */
export interface Teacher {
  /** One action per row for the current state (finished rows: anything, they take the no-op). */
  actions(state: EnvState): Int32Array;
}

/**
 * How a rollout turns log-probabilities into actions: a closed union, passed per call. A sampling strategy may
 * give each row its own stream (`rows`): a row's draws then do not depend on which rows share its batch, so a
 * training batch split over threads samples exactly what the whole batch would in one thread. It may also give its
 * first rows a shift of the pair bias each (`shifts`, PAIR_FEATURES numbers a row): such a row acts greedily under the
 * bias θ + δ instead of drawing, a plan drawn whole rather than action by action (docs/model.md, "Sampling").
 */
export type Strategy =
  | { kind: 'greedy' }
  | { kind: 'sample'; rng: Rng; rows?: readonly Rng[]; shifts?: Float32Array }
  | { kind: 'teacher'; teacher: Teacher };

/** One action per row from logp [B, A] (row-major). Masked actions are never chosen; finished rows take 0. */
export function chooseActions(strategy: Strategy, logp: Float32Array, state: EnvState): Int32Array {
  const rows = state.batch.problems.length;
  const width = logp.length / rows;
  const actions = new Int32Array(rows);
  const taught = strategy.kind === 'teacher' ? strategy.teacher.actions(state) : null;
  const shifts = strategy.kind === 'sample' ? strategy.shifts : undefined;
  const shifted = shifts ? shifts.length / PAIR_FEATURES : 0;
  const pair = shifts ? pairFeatures(state) : null;
  for (let b = 0; b < rows; b++) {
    if (state.finished[b]) continue;
    switch (strategy.kind) {
      case 'greedy':
        actions[b] = argmaxAllowed(logp, state.mask, b * width, width);
        break;
      case 'sample':
        actions[b] =
          b < shifted
            ? argmaxShifted(logp, state.mask, b * width, width, pair as Float32Array, shifts as Float32Array, b)
            : drawAllowed(logp, state.mask, b * width, width, (strategy.rows?.[b] ?? strategy.rng).next());
        break;
      case 'teacher':
        actions[b] = (taught as Int32Array)[b];
        break;
      default: {
        const unknown: never = strategy;
        throw new Error(`unknown strategy ${JSON.stringify(unknown)}`);
      }
    }
  }
  return actions;
}

function argmaxAllowed(logp: Float32Array, mask: Uint8Array, base: number, width: number): number {
  let best = -1;
  for (let a = 0; a < width; a++) {
    if (mask[base + a] && (best < 0 || logp[base + a] > logp[base + best])) best = a;
  }
  return best;
}

/**
 * The allowed action of most log-probability plus δ·φ (row b's shift δ, the pair features φ): the log-softmax
 * includes θ·φ and a row's constant, so this is the greedy action under the bias θ + δ.
 */
function argmaxShifted(
  logp: Float32Array,
  mask: Uint8Array,
  base: number,
  width: number,
  pair: Float32Array,
  shifts: Float32Array,
  b: number,
): number {
  let best = -1;
  let bestScore = -Infinity;
  for (let a = 0; a < width; a++) {
    if (!mask[base + a]) continue;
    let score = logp[base + a];
    for (let f = 0, po = (base + a) * PAIR_FEATURES; f < PAIR_FEATURES; f++) score += shifts[b * PAIR_FEATURES + f] * pair[po + f];
    if (best < 0 || score > bestScore) {
      best = a;
      bestScore = score;
    }
  }
  return best;
}

/** Inverse-CDF draw over the allowed actions, renormalised so float rounding cannot pick a masked one. */
function drawAllowed(logp: Float32Array, mask: Uint8Array, base: number, width: number, u: number): number {
  let total = 0;
  for (let a = 0; a < width; a++) if (mask[base + a]) total += Math.exp(logp[base + a]);
  let threshold = u * total;
  let last = -1;
  for (let a = 0; a < width; a++) {
    if (!mask[base + a]) continue;
    last = a;
    threshold -= Math.exp(logp[base + a]);
    if (threshold < 0) return a;
  }
  return last;
}
