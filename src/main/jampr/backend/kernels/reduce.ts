/**
 * Fast Sum and Mean on float32 for the cpu backend. The stock kernels transpose the reduced axes to the end
 * first (one multi-index per element), which is what reducing a broadcast gradient over [B, N] does on every
 * backward pass. Here contiguous runs of reduced and kept axes are merged into [outer, reduce, inner] and
 * summed in doubles directly.
 */
import type { KernelFunc } from '@tensorflow/tfjs';
import { asCpu, float32Values, numberListAttr, sizeOf } from './cpu-tensor.js';
import { newFloat32 } from '../array-pool.js';

interface ReducePlan {
  outer: number;
  reduce: number;
  inner: number;
}

/** The [outer, reduce, inner] view of a reduction, or null when reduced axes are not one contiguous run. */
export function planReduction(shape: readonly number[], axes: readonly number[]): ReducePlan | null {
  const reduced = new Set(axes.map((a) => (a < 0 ? a + shape.length : a)));
  const groups: Array<{ size: number; reduced: boolean }> = [];
  shape.forEach((size, d) => {
    if (size === 1) return;
    const last = groups[groups.length - 1];
    if (last !== undefined && last.reduced === reduced.has(d)) last.size *= size;
    else groups.push({ size, reduced: reduced.has(d) });
  });
  const pattern = groups.map((g) => (g.reduced ? 'R' : 'K')).join('');
  const sizes = groups.map((g) => g.size);
  switch (pattern) {
    case '':
      return { outer: 1, reduce: 1, inner: 1 };
    case 'R':
      return { outer: 1, reduce: sizes[0], inner: 1 };
    case 'K':
      return { outer: sizes[0], reduce: 1, inner: 1 };
    case 'KR':
      return { outer: sizes[0], reduce: sizes[1], inner: 1 };
    case 'RK':
      return { outer: 1, reduce: sizes[0], inner: sizes[1] };
    case 'KRK':
      return { outer: sizes[0], reduce: sizes[1], inner: sizes[2] };
    default:
      return null;
  }
}

/** Sums of x over the planned axis, times `scale` (1 for Sum, 1/count for Mean). */
export function reduceSum(x: Float32Array, { outer, reduce, inner }: ReducePlan, scale: number): Float32Array {
  const out = newFloat32(outer * inner);
  if (inner === 1) {
    for (let o = 0; o < outer; o++) {
      const base = o * reduce;
      let s = 0;
      for (let r = 0; r < reduce; r++) s += x[base + r];
      out[o] = s * scale;
    }
    return out;
  }
  const acc = new Float64Array(inner);
  for (let o = 0; o < outer; o++) {
    acc.fill(0);
    const base = o * reduce * inner;
    for (let r = 0; r < reduce; r++) {
      const row = base + r * inner;
      for (let i = 0; i < inner; i++) acc[i] += x[row + i];
    }
    for (let i = 0; i < inner; i++) out[o * inner + i] = acc[i] * scale;
  }
  return out;
}

function fastReduction(kind: 'sum' | 'mean'): (stock: KernelFunc) => KernelFunc {
  return (stock) => (args) => {
    const backend = asCpu(args.backend);
    const { x } = args.inputs;
    const values = float32Values(backend, x);
    const axes = numberListAttr(args.attrs, 'axis');
    if (x === undefined || values === null || axes === null || values.length === 0) return stock(args);
    const rank = x.shape.length;
    const normalized = axes.map((a) => (a < 0 ? a + rank : a));
    if (normalized.some((a) => a < 0 || a >= rank)) return stock(args);
    const plan = planReduction(x.shape, normalized);
    if (plan === null) return stock(args);
    const count = sizeOf(normalized.filter((a, i) => normalized.indexOf(a) === i).map((a) => x.shape[a]));
    const scale = kind === 'mean' ? 1 / count : 1;
    const keepDims = args.attrs?.keepDims === true;
    const outShape = keepDims ? x.shape.map((d, i) => (normalized.includes(i) ? 1 : d)) : x.shape.filter((_, i) => !normalized.includes(i));
    return backend.makeTensorInfo(outShape, 'float32', reduceSum(values, plan, scale));
  };
}

export const fastSum = fastReduction('sum');
export const fastMean = fastReduction('mean');
