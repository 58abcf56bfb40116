import type * as tf from '@tensorflow/tfjs';
import type { EnvState } from '../env/state.js';

/** A policy's per-rollout decoder: static parts built once, then one call per decision. */
export interface StepDecoder {
  /** Log-probabilities of every action of the state's action space: [B, m_con·(N+1)]. The caller disposes. */
  step(state: EnvState): tf.Tensor2D;
  /** Frees the rollout's static tensors. */
  dispose(): void;
}
