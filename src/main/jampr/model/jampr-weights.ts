import * as tf from '@tensorflow/tfjs';
import type { ModelConfig } from './config.js';
import { PAIR_FEATURES, vehicleFeatureCount } from './config.js';
import { Linear } from './layers.js';
import type { ParamStore } from './params.js';

/**
 * JAMPR's decoder weights (docs/model.md, "The network") and their exact folding (precomputations 2 and 6,
 * carried one step further). The joint action embedding is linear,
 *   M[j,i] = ω_i·W1 + v_j·W2 + (v_j ⊙ ω_i)·W3a + (v_j·ω_i)·w3b        (row vectors; W3 = [W3a ; w3b]),
 * so every product of a decoder vector with a projection of M folds into the weights:
 *   q_h·(M[j,i]·Wk_h) = ω_i·(r1_h + v_j ⊙ (r3_h + c_h)) + v_j·r2_h,   r1_h = q_h·(W1·Wk_h)ᵀ, ...
 * M and its 768-wide projections are never materialised; a step costs a few products with ω instead.
 */
export interface FoldedWeights {
  /** Glimpse keys per head: [H, hd, d] for W1, W2, W3a and [H, hd, 1] for w3b. */
  key: [tf.Tensor3D, tf.Tensor3D, tf.Tensor3D, tf.Tensor3D];
  /** Glimpse values per head: [H, d, hd] (and [H, 1, hd] for w3b). */
  value: [tf.Tensor3D, tf.Tensor3D, tf.Tensor3D, tf.Tensor3D];
  /** Pointer keys: [d, D] (and [1, D]); used as g·Fᵀ. */
  pointer: [tf.Tensor2D, tf.Tensor2D, tf.Tensor2D, tf.Tensor2D];
}

/** The pair bias's weights by name (checkpoints made before it get them as zeros). */
export const PAIR_BIAS = 'jampr/pair';

export class JamprWeights {
  readonly gv: Linear[];
  readonly gs: Linear[];
  /** W_q [640, D]: rows for ω_graph, ω_fleet, ω_act, ω_0, ω_last in that order. */
  readonly wq: tf.Variable;
  readonly w1: tf.Variable; // [d, d]
  readonly w2: tf.Variable; // [d, d]
  readonly w3: tf.Variable; // [d+1, d]
  readonly wk: tf.Variable; // [d, D]
  readonly wv: tf.Variable; // [d, D]
  readonly wl: tf.Variable; // [d, D]
  readonly wo: tf.Variable; // [D, D]
  /** θ [PAIR_FEATURES, 1] of the pair bias (pair-features.ts), null without it. Starts at zero: no effect until trained. */
  readonly pair: tf.Variable | null;

  constructor(
    params: ParamStore,
    readonly config: ModelConfig,
  ) {
    const d = config.embedDim;
    const h = d / 2;
    const D = config.decoderDim;
    this.gv = [
      new Linear(params, 'jampr/gv/0', vehicleFeatureCount(config), h),
      new Linear(params, 'jampr/gv/1', h, h),
      new Linear(params, 'jampr/gv/2', h, h),
    ];
    this.gs = [new Linear(params, 'jampr/gs/0', d, h), new Linear(params, 'jampr/gs/1', h, h)];
    this.wq = params.uniform('jampr/Wq', [5 * d, D], 1 / Math.sqrt(5 * d));
    this.w1 = params.uniform('jampr/W1', [d, d], 1 / Math.sqrt(d));
    this.w2 = params.uniform('jampr/W2', [d, d], 1 / Math.sqrt(d));
    this.w3 = params.uniform('jampr/W3', [d + 1, d], 1 / Math.sqrt(d + 1));
    this.wk = params.uniform('jampr/Wk', [d, D], 1 / Math.sqrt(d));
    this.wv = params.uniform('jampr/Wv', [d, D], 1 / Math.sqrt(d));
    this.wl = params.uniform('jampr/Wl', [d, D], 1 / Math.sqrt(d));
    this.wo = params.uniform('jampr/Wo', [D, D], 1 / Math.sqrt(D));
    this.pair = config.pairBias ? params.constant(PAIR_BIAS, [PAIR_FEATURES, 1], 0, true) : null;
  }

  /** g_v: Linear → ReLU → Linear → ReLU → Linear. x [rows, F] -> [rows, d/2]. */
  vehicle(x: tf.Tensor2D): tf.Tensor2D {
    return this.gv[2].apply(this.gv[1].apply(this.gv[0].apply(x, 'relu'), 'relu'));
  }

  /** g_s: Linear → ReLU → Linear. x [rows, d] -> [rows, d/2]. */
  tour(x: tf.Tensor2D): tf.Tensor2D {
    return this.gs[1].apply(this.gs[0].apply(x, 'relu'));
  }

  /** Row block `index` (0 graph, 1 fleet, 2 act, 3 depot, 4 last) of W_q: [d, D]. */
  queryBlock(index: number): tf.Tensor2D {
    const d = this.config.embedDim;
    return this.wq.slice([index * d, 0], [d, this.config.decoderDim]) as tf.Tensor2D;
  }

  /** The folded products. Recomputed per training batch (inside the gradient tape), cached for inference. */
  fold(): FoldedWeights {
    const d = this.config.embedDim;
    const D = this.config.decoderDim;
    const H = this.config.decoderHeads;
    const hd = D / H;
    const parts = [
      this.w1 as tf.Tensor2D,
      this.w2 as tf.Tensor2D,
      this.w3.slice([0, 0], [d, d]) as tf.Tensor2D,
      this.w3.slice([d, 0], [1, d]) as tf.Tensor2D,
    ];
    const perHead = (w: tf.Tensor2D, proj: tf.Variable, perm: number[]) =>
      tf
        .matMul(w, proj as tf.Tensor2D)
        .reshape([w.shape[0], H, hd])
        .transpose(perm) as tf.Tensor3D;
    const four = <T>(f: (w: tf.Tensor2D) => T) => parts.map(f) as [T, T, T, T];
    return {
      key: four((w) => perHead(w, this.wk, [1, 2, 0])),
      value: four((w) => perHead(w, this.wv, [1, 0, 2])),
      pointer: four((w) => tf.matMul(w, this.wl as tf.Tensor2D)),
    };
  }
}

export function keepFolded(f: FoldedWeights): FoldedWeights {
  for (const t of [...f.key, ...f.value, ...f.pointer]) tf.keep(t);
  return f;
}

export function disposeFolded(f: FoldedWeights): void {
  tf.dispose([...f.key, ...f.value, ...f.pointer]);
}
