/**
 * Fast Softmax over the last axis on float32 for the cpu backend: one pass per row (max, exp and sum, scale)
 * instead of the stock chain of max, broadcast sub, exp, sum and broadcast div kernels.
 */
import type { KernelFunc } from '@tensorflow/tfjs';
import { asCpu, float32Values } from './cpu-tensor.js';
import { newFloat32 } from '../array-pool.js';

export function softmaxRows(x: Float32Array, n: number): Float32Array {
  const out = newFloat32(x.length);
  for (let o = 0; o < x.length; o += n) {
    let max = -Infinity;
    for (let i = 0; i < n; i++) if (x[o + i] > max) max = x[o + i];
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const e = Math.exp(x[o + i] - max);
      out[o + i] = e;
      sum += e;
    }
    const scale = 1 / sum;
    for (let i = 0; i < n; i++) out[o + i] *= scale;
  }
  return out;
}

export function fastSoftmax(stock: KernelFunc): KernelFunc {
  return (args) => {
    const backend = asCpu(args.backend);
    const { logits } = args.inputs;
    const values = float32Values(backend, logits);
    const dim = args.attrs?.dim;
    if (logits === undefined || values === null || typeof dim !== 'number') return stock(args);
    const rank = logits.shape.length;
    const n = logits.shape[rank - 1];
    if ((dim !== -1 && dim !== rank - 1) || rank === 0 || n === 0) return stock(args);
    return backend.makeTensorInfo([...logits.shape], 'float32', softmaxRows(values, n));
  };
}
