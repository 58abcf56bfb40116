/**
 * Fast Transpose for float32/int32 on the cpu backend (the stock one computes two multi-indices per element).
 * Dimensions that stay adjacent and in order are merged first, so the usual cases become a plain copy,
 * a (batched) 2-D tiled transpose, or head splitting like [B,N,H,D] -> [B,H,N,D] whose rows of D stay whole.
 */
import type { KernelFunc } from '@tensorflow/tfjs';
import { asCpu, contiguousStrides, numberListAttr, numericValues, sizeOf } from './cpu-tensor.js';
import { transpose2d } from './matmul-core.js';
import { newFloat32 } from '../array-pool.js';

type Values = Float32Array | Int32Array;

/** Drops size-1 dimensions and merges output dimensions that are consecutive in the input. */
export function simplifyPermutation(shape: readonly number[], perm: readonly number[]): { shape: number[]; perm: number[] } {
  const kept = perm.filter((d) => shape[d] !== 1);
  // Runs of input dims that appear consecutively in the output become one dim.
  const runs: number[][] = [];
  for (const d of kept) {
    const last = runs[runs.length - 1];
    if (last !== undefined && last[last.length - 1] + 1 === d) last.push(d);
    else runs.push([d]);
  }
  const byInputOrder = [...runs].sort((p, q) => p[0] - q[0]);
  const mergedShape = byInputOrder.map((run) => run.reduce((s, d) => s * shape[d], 1));
  const mergedPerm = runs.map((run) => byInputOrder.indexOf(run));
  return { shape: mergedShape, perm: mergedPerm };
}

function isIdentity(perm: readonly number[]): boolean {
  return perm.every((d, i) => d === i);
}

/** Input stride of each output dimension, walked with an odometer; the innermost output dim is the loop. */
function generalTranspose(x: Values, shape: number[], perm: number[], out: Values): void {
  const rank = perm.length;
  const inStrides = contiguousStrides(shape);
  const dims = perm.map((d) => shape[d]);
  const strides = perm.map((d) => inStrides[d]);
  const n = dims[rank - 1];
  const step = strides[rank - 1];
  const index = new Array<number>(rank).fill(0);
  let xi = 0;
  for (let o = 0; o < out.length; o += n) {
    for (let i = 0; i < n; i++) out[o + i] = x[xi + i * step];
    for (let d = rank - 2; d >= 0; d--) {
      xi += strides[d];
      if (++index[d] < dims[d]) break;
      xi -= strides[d] * dims[d];
      index[d] = 0;
    }
  }
}

export function transposeValues(x: Values, shape: readonly number[], perm: readonly number[]): Values {
  const out = x instanceof Float32Array ? newFloat32(x.length) : new Int32Array(x.length);
  const simple = simplifyPermutation(shape, perm);
  const rank = simple.perm.length;
  if (isIdentity(simple.perm)) {
    out.set(x);
  } else if (isIdentity(simple.perm.slice(0, rank - 2))) {
    // [..., R, C] -> [..., C, R]: tiled 2-D transposes, one per leading index.
    const rows = simple.shape[rank - 2];
    const cols = simple.shape[rank - 1];
    const matrices = sizeOf(simple.shape.slice(0, rank - 2));
    for (let m = 0; m < matrices; m++) transpose2d(x, m * rows * cols, rows, cols, out, m * rows * cols);
  } else {
    generalTranspose(x, simple.shape, simple.perm, out);
  }
  return out;
}

export function fastTranspose(stock: KernelFunc): KernelFunc {
  return (args) => {
    const backend = asCpu(args.backend);
    const { x } = args.inputs;
    const values = numericValues(backend, x);
    const perm = numberListAttr(args.attrs, 'perm');
    if (x === undefined || values === null || perm === null || perm.length !== x.shape.length) return stock(args);
    const outShape = perm.map((d) => x.shape[d]);
    return backend.makeTensorInfo(outShape, x.dtype, transposeValues(values, x.shape, perm));
  };
}
