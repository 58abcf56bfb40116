import * as tf from '@tensorflow/tfjs';
import type { ParamStore } from './params.js';

/**
 * The few layers the model needs, written in tfjs-layers' style (weights created once, `apply` per
 * call) on variables from a ParamStore. Inputs are 2-D [rows, features] unless stated: weights are
 * shared across the batch, and tfjs's BatchMatMul gradient does not reduce broadcast batch dims.
 */

export class Linear {
  readonly kernel: tf.Variable; // [in, out]
  readonly bias: tf.Variable | null; // [out]
  constructor(params: ParamStore, name: string, inDim: number, outDim: number, opts: { bias?: boolean; bound?: number } = {}) {
    const bound = opts.bound ?? 1 / Math.sqrt(inDim);
    this.kernel = params.uniform(`${name}/kernel`, [inDim, outDim], bound);
    this.bias = opts.bias === false ? null : params.uniform(`${name}/bias`, [outDim], 1 / Math.sqrt(inDim));
  }

  apply(x: tf.Tensor2D, activation: 'linear' | 'relu' = 'linear'): tf.Tensor2D {
    return tf.fused.matMul({ a: x, b: this.kernel as tf.Tensor2D, bias: this.bias ?? undefined, activation }) as tf.Tensor2D;
  }
}

/** Weight of a batch's statistics in the running ones (train/norm-moments.ts undoes the update to combine threads). */
export const BATCH_NORM_MOMENTUM = 0.1;

/** BatchNorm over rows (all instances and nodes), affine, ε = 1e-5, running-stat momentum 0.1. */
export class BatchNorm {
  private readonly gamma: tf.Variable;
  private readonly beta: tf.Variable;
  private readonly movingMean: tf.Variable;
  private readonly movingVariance: tf.Variable;
  constructor(params: ParamStore, name: string, dim: number) {
    this.gamma = params.constant(`${name}/gamma`, [dim], 1, true);
    this.beta = params.constant(`${name}/beta`, [dim], 0, true);
    this.movingMean = params.constant(`${name}/movingMean`, [dim], 0, false);
    this.movingVariance = params.constant(`${name}/movingVariance`, [dim], 1, false);
  }

  /** training: normalise with the batch statistics and update the running ones; else use the running ones. */
  apply(x: tf.Tensor2D, training: boolean): tf.Tensor2D {
    if (!training)
      return tf.batchNorm2d(
        x,
        this.movingMean as tf.Tensor1D,
        this.movingVariance as tf.Tensor1D,
        this.beta as tf.Tensor1D,
        this.gamma as tf.Tensor1D,
        1e-5,
      );
    const { mean, variance } = tf.moments(x, 0);
    tf.tidy(() => {
      // Running statistics are state, not part of the loss (nothing flows from a variable's assign).
      const rows = x.shape[0];
      const unbiased = variance.mul(rows > 1 ? rows / (rows - 1) : 1);
      const keep = 1 - BATCH_NORM_MOMENTUM;
      this.movingMean.assign(this.movingMean.mul(keep).add(mean.mul(BATCH_NORM_MOMENTUM)));
      this.movingVariance.assign(this.movingVariance.mul(keep).add(unbiased.mul(BATCH_NORM_MOMENTUM)));
    });
    return tf.batchNorm2d(x, mean as tf.Tensor1D, variance as tf.Tensor1D, this.beta as tf.Tensor1D, this.gamma as tf.Tensor1D, 1e-5);
  }
}

/** Self-attention over the nodes of each instance: x [B*nodes, d] -> [B*nodes, d]. */
export class MultiHeadAttention {
  private readonly wq: Linear;
  private readonly wk: Linear;
  private readonly wv: Linear;
  private readonly wo: Linear;
  constructor(
    params: ParamStore,
    name: string,
    dim: number,
    private readonly heads: number,
  ) {
    const keyBound = 1 / Math.sqrt(dim / heads);
    this.wq = new Linear(params, `${name}/Wq`, dim, dim, { bias: false, bound: keyBound });
    this.wk = new Linear(params, `${name}/Wk`, dim, dim, { bias: false, bound: keyBound });
    this.wv = new Linear(params, `${name}/Wv`, dim, dim, { bias: false, bound: keyBound });
    this.wo = new Linear(params, `${name}/Wo`, dim, dim, { bias: false, bound: 1 / Math.sqrt(dim) });
  }

  apply(x: tf.Tensor2D, batch: number, nodes: number): tf.Tensor2D {
    const dim = x.shape[1];
    const headDim = dim / this.heads;
    const split = (t: tf.Tensor2D) => t.reshape([batch, nodes, this.heads, headDim]).transpose([0, 2, 1, 3]); // [B, H, nodes, hd]
    const q = split(this.wq.apply(x));
    const k = split(this.wk.apply(x));
    const v = split(this.wv.apply(x));
    const attention = tf.softmax(tf.matMul(q, k, false, true).mul(1 / Math.sqrt(headDim))); // [B, H, nodes, nodes]
    const heads = tf
      .matMul(attention, v)
      .transpose([0, 2, 1, 3])
      .reshape([batch * nodes, dim]) as tf.Tensor2D;
    return this.wo.apply(heads);
  }
}
