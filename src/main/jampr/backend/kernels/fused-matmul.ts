/**
 * Fast _FusedMatMul (matMul + bias + activation, what tf.layers.dense and tf.fused.matMul run): the product
 * from batch-matmul.ts, then bias and activation applied in place on the fresh output. Bias or PReLU weights
 * that are neither per-column nor full-shape, and unknown activations, go to the stock kernel.
 */
import type { KernelFunc, TensorInfo } from '@tensorflow/tfjs';
import { planFromInputs, runMatMul } from './batch-matmul.js';
import { asCpu, float32Values, sizeOf } from './cpu-tensor.js';

type Activation = 'linear' | 'relu' | 'relu6' | 'elu' | 'sigmoid' | 'leakyrelu' | 'prelu';
const ACTIVATIONS: readonly string[] = ['linear', 'relu', 'relu6', 'elu', 'sigmoid', 'leakyrelu', 'prelu'];

function isActivation(name: string): name is Activation {
  return ACTIVATIONS.includes(name);
}

/**
 * How a per-element operand (bias, PReLU weights) lines up with the [.., M, N] output: one value per column
 * (shape [N] or [1, .., N]), one per element (the output's shape), a single value, or neither (null).
 */
type Layout = 'column' | 'full' | 'scalar';

function layoutOf(t: TensorInfo, outShape: readonly number[]): Layout | null {
  const size = sizeOf(t.shape);
  const n = outShape[outShape.length - 1];
  if (size === 1 && t.shape.length <= outShape.length) return 'scalar';
  if (size === n && t.shape.length <= outShape.length && t.shape[t.shape.length - 1] === n) return 'column';
  if (t.shape.length === outShape.length && t.shape.every((d, i) => d === outShape[i])) return 'full';
  return null;
}

/** The operand's value for output element `index` in column `column`. */
function pick(values: Float32Array, layout: Layout, index: number, column: number): number {
  return layout === 'column' ? values[column] : layout === 'full' ? values[index] : values[0];
}

function addBias(out: Float32Array, n: number, bias: Float32Array, layout: Layout): void {
  if (layout === 'column') {
    for (let o = 0; o < out.length; o += n) for (let j = 0; j < n; j++) out[o + j] += bias[j];
  } else if (layout === 'full') {
    for (let i = 0; i < out.length; i++) out[i] += bias[i];
  } else {
    const v = bias[0];
    for (let i = 0; i < out.length; i++) out[i] += v;
  }
}

function activate(
  out: Float32Array,
  n: number,
  activation: Activation,
  leakyAlpha: number,
  preluWeights: Float32Array | null,
  preluLayout: Layout | null,
): void {
  switch (activation) {
    case 'linear':
      return;
    case 'relu':
      for (let i = 0; i < out.length; i++) if (out[i] < 0) out[i] = 0;
      return;
    case 'relu6':
      for (let i = 0; i < out.length; i++) out[i] = out[i] < 0 ? 0 : Math.min(out[i], 6);
      return;
    case 'elu':
      for (let i = 0; i < out.length; i++) if (out[i] < 0) out[i] = Math.exp(out[i]) - 1;
      return;
    case 'sigmoid':
      for (let i = 0; i < out.length; i++) out[i] = 1 / (1 + Math.exp(-out[i]));
      return;
    case 'leakyrelu':
      for (let i = 0; i < out.length; i++) if (out[i] < 0) out[i] *= leakyAlpha;
      return;
    case 'prelu':
      if (preluWeights === null || preluLayout === null) throw new Error('prelu needs its weights');
      for (let i = 0; i < out.length; i++) if (out[i] < 0) out[i] *= pick(preluWeights, preluLayout, i, i % n);
      return;
  }
}

export function fastFusedMatMul(stock: KernelFunc): KernelFunc {
  return (args) => {
    const { a, b, bias, preluActivationWeights } = args.inputs;
    const activationName = args.attrs?.activation ?? 'linear';
    const leakyAlpha = args.attrs?.leakyreluAlpha ?? 0.2;
    if (typeof activationName !== 'string' || !isActivation(activationName) || typeof leakyAlpha !== 'number') {
      return stock(args);
    }
    const planned = planFromInputs(args, a, b);
    if (planned === null) return stock(args);
    const { plan } = planned;
    const backend = asCpu(args.backend);
    const biasValues = bias === undefined ? null : float32Values(backend, bias);
    const biasLayout = bias === undefined ? null : layoutOf(bias, plan.outShape);
    if (bias !== undefined && (biasValues === null || biasLayout === null)) return stock(args);
    let preluValues: Float32Array | null = null;
    let preluLayout: Layout | null = null;
    if (activationName === 'prelu') {
      preluValues = float32Values(backend, preluActivationWeights);
      preluLayout = preluActivationWeights === undefined ? null : layoutOf(preluActivationWeights, plan.outShape);
      if (preluValues === null || preluLayout === null) return stock(args);
    }
    const out = runMatMul(plan, planned.a, planned.b);
    if (biasValues !== null && biasLayout !== null) addBias(out, plan.N, biasValues, biasLayout);
    activate(out, plan.N, activationName, leakyAlpha, preluValues, preluLayout);
    return backend.makeTensorInfo(plan.outShape, 'float32', out);
  };
}
