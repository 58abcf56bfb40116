import * as tf from '@tensorflow/tfjs';

/**
 * Adam as in PyTorch (docs/model.md, "Training": η 1e-4, betas 0.9/0.999, ε 1e-8), written out so that its
 * learning rate can decay per epoch and its moments can be saved in a checkpoint and restored.
 * Gradients are keyed by the logical parameter names of a ParamStore.
 */
export interface AdamOptions {
  learningRate: number;
  beta1: number;
  beta2: number;
  epsilon: number;
}

export const PAPER_ADAM: AdamOptions = { learningRate: 1e-4, beta1: 0.9, beta2: 0.999, epsilon: 1e-8 };

export interface AdamState {
  step: number;
  learningRate: number;
  /** First and second moments by name ("m/<param>", "v/<param>"). */
  moments: Map<string, tf.Tensor>;
}

export class Adam {
  learningRate: number;
  step = 0;
  private readonly m = new Map<string, tf.Variable>();
  private readonly v = new Map<string, tf.Variable>();

  constructor(
    private readonly params: ReadonlyMap<string, tf.Variable>,
    private readonly opts: AdamOptions = PAPER_ADAM,
  ) {
    this.learningRate = opts.learningRate;
    for (const [name, p] of params) {
      this.m.set(name, tf.variable(tf.zerosLike(p), false));
      this.v.set(name, tf.variable(tf.zerosLike(p), false));
    }
  }

  /**
   * One update from gradients by parameter name (missing names are left unchanged), each multiplied by `scale`
   * (gradient clipping's factor). The update of one parameter is one pass over plain arrays, not a dozen
   * TensorFlow.js ops: in a step split over threads this runs while the training threads wait.
   */
  apply(grads: ReadonlyMap<string, Gradient>, scale = 1): void {
    this.step++;
    const { beta1, beta2, epsilon } = this.opts;
    const correction1 = 1 - beta1 ** this.step;
    const correction2 = 1 - beta2 ** this.step;
    const rate = this.learningRate;
    for (const [name, g] of grads) {
      const p = this.params.get(name);
      const m = this.m.get(name);
      const v = this.v.get(name);
      if (!p || !m || !v) throw new Error(`no parameter ${name} to update`);
      const gs = valuesOf(g);
      const [ps, ms, vs] = [p, m, v].map((t) => t.dataSync() as Float32Array);
      const [np, nm, nv] = [new Float32Array(ps.length), new Float32Array(ps.length), new Float32Array(ps.length)];
      for (let i = 0; i < ps.length; i++) {
        const gi = gs[i] * scale;
        nm[i] = beta1 * ms[i] + (1 - beta1) * gi;
        nv[i] = beta2 * vs[i] + (1 - beta2) * gi * gi;
        np[i] = ps[i] - (rate * (nm[i] / correction1)) / (Math.sqrt(nv[i] / correction2) + epsilon);
      }
      for (const [target, values] of [
        [m, nm],
        [v, nv],
        [p, np],
      ] as const) {
        const next = tf.tensor(values, target.shape);
        target.assign(next);
        next.dispose();
      }
    }
  }

  state(): AdamState {
    const moments = new Map<string, tf.Tensor>();
    for (const [name, t] of this.m) moments.set(`m/${name}`, t);
    for (const [name, t] of this.v) moments.set(`v/${name}`, t);
    return { step: this.step, learningRate: this.learningRate, moments };
  }

  load(state: AdamState): void {
    this.step = state.step;
    this.learningRate = state.learningRate;
    for (const [key, t] of state.moments) {
      const [kind, ...rest] = key.split('/');
      const target = (kind === 'm' ? this.m : this.v).get(rest.join('/'));
      if (!target) throw new Error(`optimizer state ${key} has no parameter`);
      // A weight that has grown since (the pair bias's second half) starts its moments afresh.
      if (target.shape.join() !== t.shape.join()) continue;
      target.assign(t);
    }
  }

  dispose(): void {
    tf.dispose([...this.m.values(), ...this.v.values()]);
  }
}

/** A gradient as a tensor or as the flat values a training thread sends back. */
export type Gradient = tf.Tensor | Float32Array | Float64Array;

function valuesOf(g: Gradient): Float32Array | Float64Array {
  return g instanceof tf.Tensor ? (g.dataSync() as Float32Array) : g;
}

/** The global L2 norm of all gradients, as torch.nn.utils.clip_grad_norm_ measures it. */
export function globalNorm(grads: Iterable<Gradient>): number {
  let squares = 0;
  for (const g of grads) {
    const values = valuesOf(g);
    for (let i = 0; i < values.length; i++) squares += values[i] * values[i];
  }
  return Math.sqrt(squares);
}

/**
 * Gradient clipping as torch.nn.utils.clip_grad_norm_: the factor (≤ 1) that brings gradients of global norm
 * `norm` down to maxNorm. Adam.apply takes the factor, so no clipped copy is made.
 */
export function clipFactor(norm: number, maxNorm: number): number {
  return Math.min(1, maxNorm / (norm + 1e-6));
}
