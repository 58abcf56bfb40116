import * as tf from '@tensorflow/tfjs';
import type { Problem } from '../../vrp/problem.js';
import type { Rng } from '../../vrp/rng.js';
import type { EnvConfig } from '../env/config.js';
import type { Policy } from '../model/policy.js';
import { SYMMETRY_COUNT } from '../model/symmetry.js';
import { rollout } from '../rollout.js';
import type { Adam } from './adam.js';
import { applyGradients, lossGradients } from './update.js';
import { mean, planCosts } from './costs.js';

/**
 * One REINFORCE update (docs/model.md, "Training"): sample P rollouts per instance with BatchNorm in
 * training mode, price them with the evaluator, form L = mean(((c − b)·scale)·Σ log π), clip the
 * gradient to a global norm and take an Adam step. The advantage is a constant (no gradient).
 */
export interface ReinforceSettings {
  env: EnvConfig;
  samplesPerInstance: number;
  /** Give sample c of each instance the square symmetry c mod 8 (the encoder then sees every copy). */
  augment: boolean;
  /** 1/100 for CVRP-TW: advantages of O(1–10). */
  costScale: number;
  maxGradNorm: number;
  /** BatchNorm on its running statistics (fine-tuning). */
  frozenNorm?: boolean;
}

export interface StepStats {
  meanCost: number;
  baselineCost: number;
  loss: number;
  gradNorm: number;
}

/** `baseline` maps the batch's sampled costs (B·P rows, instance-major) to one baseline per row. */
export function reinforceStep(
  policy: Policy,
  adam: Adam,
  settings: ReinforceSettings,
  problems: readonly Problem[],
  rng: Rng,
  baseline: (costs: Float64Array) => Float64Array,
  /** One sampling stream per row instead of `rng` (as a training thread samples; shard.ts). */
  rowRngs?: readonly Rng[],
): StepStats {
  const draws = rowRngs ? { rng, rows: rowRngs } : { rng };
  const { grads, ...stats } = reinforceGradients(policy, settings, problems, draws, baseline);
  return {
    meanCost: mean(stats.costs),
    baselineCost: mean(stats.baselines),
    loss: stats.loss,
    gradNorm: applyGradients(policy, adam, grads, settings.maxGradNorm),
  };
}

export interface ReinforceGradients {
  /** By logical parameter name; the caller disposes them. */
  grads: Map<string, tf.Tensor>;
  loss: number;
  /** Sampled cost and baseline of each row (B·P, instance-major). */
  costs: Float64Array;
  baselines: Float64Array;
}

/**
 * The gradient of the REINFORCE loss without the update. `draws.rows` gives each row its own sampling
 * stream (strategy.ts); a shard of a batch split over threads passes the streams of its rows.
 */
export function reinforceGradients(
  policy: Policy,
  settings: ReinforceSettings,
  problems: readonly Problem[],
  draws: { rng: Rng; rows?: readonly Rng[] },
  baseline: (costs: Float64Array) => Float64Array,
): ReinforceGradients {
  const P = settings.samplesPerInstance;
  const rows = problems.flatMap((p) => Array<Problem>(P).fill(p));
  const symmetries = settings.augment ? Int32Array.from(rows, (_, r) => (r % P) % SYMMETRY_COUNT) : undefined;
  let costs: Float64Array = new Float64Array(0);
  let baselines: Float64Array = new Float64Array(0);
  const { loss, grads } = lossGradients(policy, (release) => {
    const { state, logLikelihood } = rollout(
      policy,
      rows,
      settings.env,
      { kind: 'sample', ...draws },
      {
        training: true,
        frozenNorm: settings.frozenNorm,
        logLikelihood: true,
        repeat: settings.augment ? 1 : P,
        symmetries,
      },
    );
    if (!logLikelihood) throw new Error('the rollout returned no log-likelihood');
    release(logLikelihood);
    costs = planCosts(state, rows, settings.env.variant);
    baselines = baseline(costs);
    const advantage = tf.tensor1d(Float32Array.from(costs, (c, r) => (c - baselines[r]) * settings.costScale));
    return tf.mean(advantage.mul(logLikelihood)) as tf.Scalar;
  });
  return { grads, loss, costs, baselines };
}
