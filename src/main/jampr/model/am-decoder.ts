import * as tf from '@tensorflow/tfjs';
import type { EnvState } from '../env/state.js';
import type { ModelConfig } from './config.js';
import type { NodeEncoding } from './encoder.js';
import { amStepInputs } from './inputs.js';
import type { ParamStore } from './params.js';
import type { StepDecoder } from './step-decoder.js';

/**
 * The AM+TW baseline's decoder (docs/model.md, "AM+TW"): one tour at a time over N+1 actions, query
 * W_f·ω_graph + W_s·[ω_last ; (Q−ℓ)/Q ; τ/H], glimpse keys/values and pointer keys projected from ω
 * once per rollout (they are static), 8-head glimpse, logits clipped by C·tanh.
 */
export class AmWeights {
  readonly wf: tf.Variable; // [d, D]
  readonly ws: tf.Variable; // [d+2, D]
  readonly wk: tf.Variable; // [d, D]
  readonly wv: tf.Variable;
  readonly wl: tf.Variable;
  readonly wo: tf.Variable; // [D, D]

  constructor(
    params: ParamStore,
    readonly config: ModelConfig,
  ) {
    const d = config.embedDim;
    const D = config.decoderDim;
    this.wf = params.uniform('am/Wf', [d, D], 1 / Math.sqrt(d));
    this.ws = params.uniform('am/Ws', [d + 2, D], 1 / Math.sqrt(d + 2));
    this.wk = params.uniform('am/Wk', [d, D], 1 / Math.sqrt(d));
    this.wv = params.uniform('am/Wv', [d, D], 1 / Math.sqrt(d));
    this.wl = params.uniform('am/Wl', [d, D], 1 / Math.sqrt(d));
    this.wo = params.uniform('am/Wo', [D, D], 1 / Math.sqrt(D));
  }
}

export class AmStepDecoder implements StepDecoder {
  private readonly omega: tf.Tensor3D; // [B, N+1, d]
  private readonly staticQuery: tf.Tensor2D; // [B, D]
  private readonly glimpseKeys: tf.Tensor4D; // [B, H, N+1, hd]
  private readonly glimpseValues: tf.Tensor4D; // [B, H, N+1, hd]
  private readonly pointerKeys: tf.Tensor3D; // [B, N+1, D]
  private readonly wsLast: tf.Tensor2D; // [d, D]
  private readonly wsVehicle: tf.Tensor2D; // [2, D]

  constructor(
    private readonly w: AmWeights,
    encoding: NodeEncoding,
  ) {
    const { embedDim: d, decoderDim: D, decoderHeads: H } = w.config;
    this.omega = tf.keep(encoding.nodes);
    const [B, nodes] = this.omega.shape;
    const flat = this.omega.reshape([B * nodes, d]) as tf.Tensor2D;
    const perHead = (proj: tf.Variable) =>
      tf
        .matMul(flat, proj as tf.Tensor2D)
        .reshape([B, nodes, H, D / H])
        .transpose([0, 2, 1, 3]) as tf.Tensor4D;
    this.staticQuery = tf.keep(tf.matMul(encoding.graph, w.wf as tf.Tensor2D));
    this.glimpseKeys = tf.keep(perHead(w.wk));
    this.glimpseValues = tf.keep(perHead(w.wv));
    this.pointerKeys = tf.keep(tf.matMul(flat, w.wl as tf.Tensor2D).reshape([B, nodes, D]));
    this.wsLast = tf.keep(w.ws.slice([0, 0], [d, D]) as tf.Tensor2D);
    this.wsVehicle = tf.keep(w.ws.slice([d, 0], [2, D]) as tf.Tensor2D);
  }

  step(s: EnvState): tf.Tensor2D {
    const { embedDim: d, decoderDim: D, decoderHeads: H, clip } = this.w.config;
    const x = amStepInputs(s);
    const B = s.batch.problems.length;
    const nodes = s.batch.n + 1;
    return tf.tidy(() => {
      const last = tf.matMul(tf.tensor3d(x.current, [B, 1, nodes]), this.omega).reshape([B, d]) as tf.Tensor2D;
      const q = tf.addN([this.staticQuery, tf.matMul(last, this.wsLast), tf.matMul(tf.tensor2d(x.vehicle, [B, 2]), this.wsVehicle)]);
      const mask = tf.tensor2d(x.maskBias, [B, nodes]);
      const qh = q.reshape([B, H, 1, D / H]);
      const compat = tf.matMul(qh, this.glimpseKeys, false, true).mul(1 / Math.sqrt(D / H)); // [B, H, 1, N+1]
      const attention = tf.softmax(compat.add(mask.reshape([B, 1, 1, nodes])));
      const glimpse = tf.matMul(attention, this.glimpseValues).reshape([B, D]) as tf.Tensor2D; // [B, D]
      const g = tf.matMul(glimpse, this.w.wo as tf.Tensor2D).reshape([B, 1, D]);
      const logits = tf.matMul(g, this.pointerKeys, false, true).reshape([B, nodes]); // [B, N+1]
      return tf.logSoftmax(
        tf
          .tanh(logits.mul(1 / Math.sqrt(D)))
          .mul(clip)
          .add(mask),
      ) as tf.Tensor2D;
    });
  }

  dispose(): void {
    tf.dispose([this.omega, this.staticQuery, this.glimpseKeys, this.glimpseValues, this.pointerKeys, this.wsLast, this.wsVehicle]);
  }
}
