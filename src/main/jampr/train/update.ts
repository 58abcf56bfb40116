import * as tf from '@tensorflow/tfjs';
import type { Policy } from '../model/policy.js';
import { type Adam, clipFactor, type Gradient, globalNorm } from './adam.js';

/**
 * One optimiser step on a loss: gradients of every trainable variable (variableGrads), clipped to a
 * global L2 norm, applied by Adam, everything disposed. `loss` may hand over tensors that were kept
 * beyond the tape's tidy (e.g. a rollout's log-likelihood) through `release`; they are freed here.
 * The two halves are separate so that a step split over threads (parallel-step.ts) computes gradients in
 * each and applies their combination once.
 */
export function gradientStep(
  policy: Policy,
  adam: Adam,
  maxGradNorm: number,
  loss: (release: (t: tf.Tensor) => void) => tf.Scalar,
): { loss: number; gradNorm: number } {
  const { loss: value, grads } = lossGradients(policy, loss);
  return { loss: value, gradNorm: applyGradients(policy, adam, grads, maxGradNorm) };
}

/** The loss's value and its gradient by logical parameter name; the caller owns (disposes) the gradients. */
export function lossGradients(
  policy: Policy,
  loss: (release: (t: tf.Tensor) => void) => tf.Scalar,
): { loss: number; grads: Map<string, tf.Tensor> } {
  const released: tf.Tensor[] = [];
  const { value, grads } = tf.variableGrads(() => loss((t) => released.push(t)), [...policy.params.trainable.values()]);
  const logical = new Map([...policy.params.trainable].map(([name, v]) => [v.name, name]));
  const byName = new Map<string, tf.Tensor>();
  for (const [id, g] of Object.entries(grads)) byName.set(logical.get(id) ?? id, g);
  const lossValue = value.dataSync()[0];
  tf.dispose([value, ...released]);
  return { loss: lossValue, grads: byName };
}

/** The loss's value alone, with no gradient tape (what a step along a gradient did to it). */
export function lossValue(loss: (release: (t: tf.Tensor) => void) => tf.Scalar): number {
  const released: tf.Tensor[] = [];
  const value = tf.tidy(() => loss((t) => released.push(tf.keep(t))).dataSync()[0]);
  tf.dispose(released);
  return value;
}

/** Clips the gradients to a global norm, applies them with Adam and disposes them; returns the norm before clipping. */
export function applyGradients(policy: Policy, adam: Adam, grads: Map<string, Gradient>, maxGradNorm: number): number {
  const norm = globalNorm(grads.values());
  adam.apply(grads, clipFactor(norm, maxGradNorm));
  policy.params.touch();
  tf.dispose([...grads.values()].filter((g) => g instanceof tf.Tensor));
  return norm;
}
