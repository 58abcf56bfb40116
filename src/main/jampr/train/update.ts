import * as tf from '@tensorflow/tfjs';
import type { Policy } from '../model/policy.js';
import { clipByGlobalNorm, type Adam } from './adam.js';

/**
 * One optimiser step on a loss: gradients of every trainable variable (variableGrads), clipped to a
 * global L2 norm, applied by Adam, everything disposed. `loss` may hand over tensors that were kept
 * beyond the tape's tidy (e.g. a rollout's log-likelihood) through `release`; they are freed here.
 */
export function gradientStep(
  policy: Policy,
  adam: Adam,
  maxGradNorm: number,
  loss: (release: (t: tf.Tensor) => void) => tf.Scalar,
): { loss: number; gradNorm: number } {
  const released: tf.Tensor[] = [];
  const { value, grads } = tf.variableGrads(() => loss((t) => released.push(t)), [...policy.params.trainable.values()]);
  const logical = new Map([...policy.params.trainable].map(([name, v]) => [v.name, name]));
  const byName = new Map<string, tf.Tensor>();
  for (const [id, g] of Object.entries(grads)) byName.set(logical.get(id) ?? id, g);
  const gradNorm = clipByGlobalNorm(byName, maxGradNorm);
  adam.apply(byName);
  policy.params.touch();
  const lossValue = value.dataSync()[0];
  tf.dispose([value, ...byName.values(), ...released]);
  return { loss: lossValue, gradNorm };
}
