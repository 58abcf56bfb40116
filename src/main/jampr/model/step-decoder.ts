import type * as tf from '@tensorflow/tfjs';
import type { EnvState } from '../env/state.js';

/** A policy's per-rollout decoder: static parts built once, then one call per decision. */
export interface StepDecoder {
  /** Log-probabilities of every action of the state's action space: [B, m_con·(N+1)]. The caller disposes. */
  step(state: EnvState): tf.Tensor2D;
  /** Frees the rollout's static tensors. */
  dispose(): void;
}

/**
 * The same for inference (no gradient): log-probabilities as a plain row-major array [B, m_con·(N+1)]. Only the
 * allowed actions' entries are meaningful; masked ones are very negative (MASKED or below).
 */
export interface InferenceDecoder {
  logProbs(state: EnvState): Float32Array;
  dispose(): void;
}

/** Any StepDecoder as an InferenceDecoder (reads each step's tensor back). */
export class TensorInferenceDecoder implements InferenceDecoder {
  constructor(private readonly decoder: StepDecoder) {}

  logProbs(state: EnvState): Float32Array {
    const logp = this.decoder.step(state);
    try {
      return logp.dataSync() as Float32Array;
    } finally {
      logp.dispose();
    }
  }

  dispose(): void {
    this.decoder.dispose();
  }
}
