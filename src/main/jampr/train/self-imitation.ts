import type * as tf from '@tensorflow/tfjs';
import type { Problem } from '../../vrp/problem.js';
import type { Rng } from '../../vrp/rng.js';
import type { EnvConfig } from '../env/config.js';
import { reset, step } from '../env/env.js';
import type { EnvState } from '../env/state.js';
import type { Policy } from '../model/policy.js';
import { SYMMETRY_COUNT } from '../model/symmetry.js';
import { rollout } from '../rollout.js';
import { chooseActions, type Strategy, type Teacher } from '../strategy.js';
import { mean, planCosts } from './costs.js';
import { lossGradients } from './update.js';

/**
 * Self-imitation: the model learns its own best plan. For each instance it decodes the greedy plan under each of
 * the square's 8 views and `samples` sampled plans (spread over the views), keeps the cheapest by the training cost,
 * and maximises that plan's likelihood in the model's own order of moves (teacher forcing, under the view it was
 * found in): L = −mean_batch Σ_t log π(a_t|s_t) / N. Unlike imitating the classical solver (expert.ts), whose plans
 * the network can only approximate in a replay order of our choosing, these targets are plans the model can already
 * make, a little better than its greedy one; the aim is to move the greedy plan towards what sampling finds. From
 * the shipped N=50 models it made the greedy plans worse instead (bench/RESULTS.md §8, tenth round).
 */
export interface SelfImitationSettings {
  env: EnvConfig;
  /** Sampled plans per instance beside the greedy views (each view gets samples / views). */
  samples: number;
  /** Views of each instance searched: all 8 symmetries (default), or 1, the instance as the greedy plan sees it. */
  views?: number;
  /** BatchNorm on its running statistics (fine-tuning). */
  frozenNorm?: boolean;
}

/** One instance's best plan as the actions that made it, and what it and the plain greedy plan cost. */
export interface OwnPlan {
  symmetry: number;
  actions: Int32Array;
  cost: number;
  greedyCost: number;
}

/** The best of each instance's greedy views and samples (BatchNorm in eval mode, no gradient). */
export function bestOwnPlans(policy: Policy, problems: readonly Problem[], settings: SelfImitationSettings, rng: Rng): OwnPlan[] {
  const viewCount = settings.views ?? SYMMETRY_COUNT;
  const views = Array.from({ length: viewCount }, (_, s) => s);
  const perView = Math.max(1, Math.round(settings.samples / viewCount));
  // Unique rows: instance-major, then view. Greedy: one row each; sampled: perView rows each.
  const unique = problems.flatMap((p) => views.map(() => p));
  const symmetries = problems.flatMap(() => views);
  const greedy = recordedRollout(policy, unique, settings.env, { kind: 'greedy' }, symmetries, 1);
  const sampledRows = unique.flatMap((p) => Array<Problem>(perView).fill(p));
  const sampled = recordedRollout(policy, sampledRows, settings.env, { kind: 'sample', rng }, symmetries, perView);
  const greedyCosts = planCosts(greedy.state, unique, settings.env.variant);
  const sampledCosts = planCosts(sampled.state, sampledRows, settings.env.variant);
  return problems.map((_, i) => {
    const first = i * viewCount;
    let best: OwnPlan = { symmetry: 0, actions: greedy.actionsOf(first), cost: greedyCosts[first], greedyCost: greedyCosts[first] };
    for (const s of views) {
      if (greedyCosts[first + s] < best.cost)
        best = { ...best, symmetry: s, actions: greedy.actionsOf(first + s), cost: greedyCosts[first + s] };
      for (let r = 0; r < perView; r++) {
        const row = (first + s) * perView + r;
        if (sampledCosts[row] < best.cost) best = { ...best, symmetry: s, actions: sampled.actionsOf(row), cost: sampledCosts[row] };
      }
    }
    return best;
  });
}

/** An inference rollout that keeps every row's actions, for replaying one of them later. */
function recordedRollout(
  policy: Policy,
  rows: readonly Problem[],
  config: EnvConfig,
  strategy: Strategy,
  symmetries: readonly number[],
  repeat: number,
): { state: EnvState; actionsOf: (row: number) => Int32Array } {
  let state = reset(rows, config);
  const taken: Int32Array[] = [];
  const decoder = policy.beginInference(state, { training: false, repeat, symmetries });
  try {
    while (!state.done) {
      const actions = chooseActions(strategy, decoder.logProbs(state), state);
      taken.push(actions);
      state = step(state, actions);
    }
  } finally {
    decoder.dispose();
  }
  return { state, actionsOf: (row) => Int32Array.from(taken, (actions) => actions[row]) };
}

/** Replays recorded action sequences, one per row, by the state's step count. */
export class ActionReplay implements Teacher {
  constructor(private readonly sequences: readonly Int32Array[]) {}

  actions(s: EnvState): Int32Array {
    return Int32Array.from(this.sequences, (seq, b) => (s.finished[b] || s.steps >= seq.length ? 0 : seq[s.steps]));
  }
}

export interface SelfImitationStats {
  /** Mean training cost of the plans imitated, and of the plain greedy plans they were chosen over. */
  meanCost: number;
  greedyCost: number;
  /** Mean negative log-likelihood per decision. */
  loss: number;
  used: number;
}

/** The self-imitation loss's gradient on a batch of one size (the caller disposes it). */
export function selfImitationGradients(
  policy: Policy,
  settings: SelfImitationSettings,
  problems: readonly Problem[],
  rng: Rng,
): SelfImitationStats & { grads: Map<string, tf.Tensor> } {
  const own = bestOwnPlans(policy, problems, settings, rng);
  return {
    ...ownPlanGradients(policy, settings, problems, own),
    meanCost: mean(own.map((o) => o.cost)),
    greedyCost: mean(own.map((o) => o.greedyCost)),
    used: problems.length,
  };
}

/** −mean_batch log π(own plan) / N and its gradient: each plan replayed under the view it was found in. */
export function ownPlanGradients(
  policy: Policy,
  settings: SelfImitationSettings,
  problems: readonly Problem[],
  own: readonly OwnPlan[],
): { loss: number; grads: Map<string, tf.Tensor> } {
  return lossGradients(policy, (release) => {
    const { logLikelihood } = rollout(
      policy,
      problems,
      settings.env,
      { kind: 'teacher', teacher: new ActionReplay(own.map((o) => o.actions)) },
      { training: true, frozenNorm: settings.frozenNorm, logLikelihood: true, symmetries: own.map((o) => o.symmetry) },
    );
    if (!logLikelihood) throw new Error('the rollout returned no log-likelihood');
    release(logLikelihood);
    return logLikelihood.mean().mul(-1 / problems[0].n) as tf.Scalar;
  });
}
