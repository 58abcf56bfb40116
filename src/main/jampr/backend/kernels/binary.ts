/**
 * Fast broadcasting Add / Sub / Mul / RealDiv on float32 for the cpu backend. The stock kernels compute a
 * multi-index per output element whenever shapes differ ([B,N,D] + [D], [B,N,D] * [B,1,D], [B,N,D] - [B,N,1]);
 * here the shapes are merged into as few dimensions as possible and the innermost one runs as a plain loop
 * in which each operand either advances (stride 1) or stays put (stride 0, broadcast).
 */
import { broadcast_util, type KernelFunc } from '@tensorflow/tfjs';
import { asCpu, contiguousStrides, float32Values, sizeOf } from './cpu-tensor.js';
import { newFloat32 } from '../array-pool.js';

export type BinaryOp = 'add' | 'sub' | 'mul' | 'div';

/** Output dimensions (merged) and, per operand, the stride that moves one step along each of them. */
interface BroadcastLayout {
  outShape: number[];
  dims: number[];
  aStrides: number[];
  bStrides: number[];
}

/** Broadcast layout of a and b, or null when they do not broadcast (the stock kernel then throws its error). */
export function broadcastLayout(aShape: readonly number[], bShape: readonly number[]): BroadcastLayout | null {
  let outShape: number[];
  try {
    outShape = broadcast_util.assertAndGetBroadcastShape([...aShape], [...bShape]);
  } catch {
    return null;
  }
  const rank = outShape.length;
  const pad = (shape: readonly number[]) => [...new Array<number>(rank - shape.length).fill(1), ...shape];
  const aFull = pad(aShape);
  const bFull = pad(bShape);
  const aContig = contiguousStrides(aFull);
  const bContig = contiguousStrides(bFull);
  const dims: number[] = [];
  const aStrides: number[] = [];
  const bStrides: number[] = [];
  for (let d = 0; d < rank; d++) {
    const size = outShape[d];
    if (size === 1) continue;
    const sa = aFull[d] === 1 ? 0 : aContig[d];
    const sb = bFull[d] === 1 ? 0 : bContig[d];
    const last = dims.length - 1;
    // Merge with the previous dimension when one flat index walks both for each operand.
    if (last >= 0 && aStrides[last] === sa * size && bStrides[last] === sb * size) {
      dims[last] *= size;
      aStrides[last] = sa;
      bStrides[last] = sb;
    } else {
      dims.push(size);
      aStrides.push(sa);
      bStrides.push(sb);
    }
  }
  if (dims.length === 0) return { outShape, dims: [1], aStrides: [0], bStrides: [0] };
  return { outShape, dims, aStrides, bStrides };
}

/** out[o..o+n) = a op b along one row; each operand's stride is 1 or 0 (broadcast). */
function row(
  op: BinaryOp,
  out: Float32Array,
  o: number,
  a: Float32Array,
  ai: number,
  sa: number,
  b: Float32Array,
  bi: number,
  sb: number,
  n: number,
): void {
  if (sa !== 0 && sb !== 0) {
    switch (op) {
      case 'add':
        for (let i = 0; i < n; i++) out[o + i] = a[ai + i] + b[bi + i];
        return;
      case 'sub':
        for (let i = 0; i < n; i++) out[o + i] = a[ai + i] - b[bi + i];
        return;
      case 'mul':
        for (let i = 0; i < n; i++) out[o + i] = a[ai + i] * b[bi + i];
        return;
      case 'div':
        for (let i = 0; i < n; i++) out[o + i] = a[ai + i] / b[bi + i];
        return;
    }
  }
  if (sa !== 0) {
    const y = b[bi];
    switch (op) {
      case 'add':
        for (let i = 0; i < n; i++) out[o + i] = a[ai + i] + y;
        return;
      case 'sub':
        for (let i = 0; i < n; i++) out[o + i] = a[ai + i] - y;
        return;
      case 'mul':
        for (let i = 0; i < n; i++) out[o + i] = a[ai + i] * y;
        return;
      case 'div':
        for (let i = 0; i < n; i++) out[o + i] = a[ai + i] / y;
        return;
    }
  }
  const x = a[ai];
  const step = sb !== 0 ? 1 : 0;
  switch (op) {
    case 'add':
      for (let i = 0; i < n; i++) out[o + i] = x + b[bi + i * step];
      return;
    case 'sub':
      for (let i = 0; i < n; i++) out[o + i] = x - b[bi + i * step];
      return;
    case 'mul':
      for (let i = 0; i < n; i++) out[o + i] = x * b[bi + i * step];
      return;
    case 'div':
      for (let i = 0; i < n; i++) out[o + i] = x / b[bi + i * step];
      return;
  }
}

/** Applies op over a broadcast layout; rows are the innermost merged dimension, walked with an odometer. */
export function broadcastBinary(op: BinaryOp, layout: BroadcastLayout, a: Float32Array, b: Float32Array): Float32Array {
  const { dims, aStrides, bStrides } = layout;
  const rank = dims.length;
  const n = dims[rank - 1];
  const out = newFloat32(sizeOf(dims));
  const rows = n === 0 ? 0 : out.length / n;
  const index = new Array<number>(rank).fill(0);
  let ai = 0;
  let bi = 0;
  for (let r = 0; r < rows; r++) {
    row(op, out, r * n, a, ai, aStrides[rank - 1], b, bi, bStrides[rank - 1], n);
    for (let d = rank - 2; d >= 0; d--) {
      ai += aStrides[d];
      bi += bStrides[d];
      if (++index[d] < dims[d]) break;
      ai -= aStrides[d] * dims[d];
      bi -= bStrides[d] * dims[d];
      index[d] = 0;
    }
  }
  return out;
}

export function fastBinary(op: BinaryOp): (stock: KernelFunc) => KernelFunc {
  return (stock) => (args) => {
    const backend = asCpu(args.backend);
    const { a, b } = args.inputs;
    const aValues = float32Values(backend, a);
    const bValues = float32Values(backend, b);
    if (a === undefined || b === undefined || aValues === null || bValues === null) return stock(args);
    const layout = broadcastLayout(a.shape, b.shape);
    if (layout === null) return stock(args);
    return backend.makeTensorInfo(layout.outShape, 'float32', broadcastBinary(op, layout, aValues, bValues));
  };
}
