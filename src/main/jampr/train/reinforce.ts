import * as tf from '@tensorflow/tfjs';
import type { Problem } from '../../vrp/problem.js';
import type { Rng } from '../../vrp/rng.js';
import type { EnvConfig } from '../env/config.js';
import type { Policy } from '../model/policy.js';
import { SYMMETRY_COUNT } from '../model/symmetry.js';
import { rollout } from '../rollout.js';
import type { Adam } from './adam.js';
import { gradientStep } from './update.js';
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
): StepStats {
  const P = settings.samplesPerInstance;
  const rows = problems.flatMap((p) => Array<Problem>(P).fill(p));
  const symmetries = settings.augment ? Int32Array.from(rows, (_, r) => (r % P) % SYMMETRY_COUNT) : undefined;
  let costs: Float64Array = new Float64Array(0);
  let baselines: Float64Array = new Float64Array(0);
  const { loss, gradNorm } = gradientStep(policy, adam, settings.maxGradNorm, (release) => {
    const { state, logLikelihood } = rollout(
      policy,
      rows,
      settings.env,
      { kind: 'sample', rng },
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
  return { meanCost: mean(costs), baselineCost: mean(baselines), loss, gradNorm };
}
