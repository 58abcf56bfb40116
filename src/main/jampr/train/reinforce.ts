import * as tf from '@tensorflow/tfjs';
import type { Problem } from '../../vrp/problem.js';
import type { Rng } from '../../vrp/rng.js';
import type { EnvConfig } from '../env/config.js';
import type { Policy } from '../model/policy.js';
import { SYMMETRY_COUNT } from '../model/symmetry.js';
import { rollout } from '../rollout.js';
import { clipByGlobalNorm, type Adam } from './adam.js';
import { mean, planCosts } from './costs.js';

/**
 * One REINFORCE update (jampr-spec section 5): sample P rollouts per instance with BatchNorm in
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
  const names = variableNames(policy);
  const kept: tf.Tensor[] = [];
  const { value, grads } = tf.variableGrads(() => {
    const { state, logLikelihood } = rollout(policy, rows, settings.env, { kind: 'sample', rng }, {
      training: true,
      logLikelihood: true,
      repeat: settings.augment ? 1 : P,
      symmetries,
    });
    if (logLikelihood) kept.push(logLikelihood); // kept by the rollout, so the tape's tidy leaves it to us
    costs = planCosts(state, rows, settings.env.variant);
    baselines = baseline(costs);
    const advantage = tf.tensor1d(Float32Array.from(costs, (c, r) => (c - baselines[r]) * settings.costScale));
    return tf.mean(advantage.mul(logLikelihood as tf.Tensor1D)) as tf.Scalar;
  }, [...policy.params.trainable.values()]);
  const byName = new Map<string, tf.Tensor>();
  for (const [id, g] of Object.entries(grads)) byName.set(names.get(id) ?? id, g);
  const gradNorm = clipByGlobalNorm(byName, settings.maxGradNorm);
  adam.apply(byName);
  policy.params.touch();
  const loss = value.dataSync()[0];
  tf.dispose([value, ...byName.values()]);
  tf.dispose(kept);
  return { meanCost: mean(costs), baselineCost: mean(baselines), loss, gradNorm };
}

/** tfjs variable name -> logical parameter name. */
function variableNames(policy: Policy): Map<string, string> {
  return new Map([...policy.params.trainable].map(([name, v]) => [v.name, name]));
}
