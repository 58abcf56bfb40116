/**
 * Fast BatchMatMul for the cpu backend: shape planning, operand packing and the choice of loop.
 * Anything unusual (non-float32, mismatched shapes, partial batch broadcasting) goes to the stock kernel,
 * which also produces the stock error messages.
 */
import { broadcast_util, type KernelFunc, type TensorInfo } from '@tensorflow/tfjs';
import { asCpu, boolAttr, float32Values, sizeOf, type KernelArgs } from './cpu-tensor.js';
import { gemmNT, gemmRowsNN, transpose2d } from './matmul-core.js';
import { newFloat32 } from '../array-pool.js';

export interface MatMulPlan {
  /** Matrices in the output, in A and in B (A or B may hold a single matrix shared by the whole batch). */
  batch: number;
  batchA: number;
  batchB: number;
  M: number;
  N: number;
  K: number;
  transposeA: boolean;
  transposeB: boolean;
  outShape: number[];
}

/** Below this many output rows per matrix, packing B costs about as much as the product: stream B instead. */
const ROWS_PATH_MAX_M = 4;

export function planMatMul(
  aShape: readonly number[],
  bShape: readonly number[],
  transposeA: boolean,
  transposeB: boolean,
): MatMulPlan | null {
  const ra = aShape.length;
  const rb = bShape.length;
  if (ra < 2 || rb < 2) return null;
  const K = transposeA ? aShape[ra - 2] : aShape[ra - 1];
  if (K !== (transposeB ? bShape[rb - 1] : bShape[rb - 2])) return null;
  const M = transposeA ? aShape[ra - 1] : aShape[ra - 2];
  const N = transposeB ? bShape[rb - 2] : bShape[rb - 1];
  const outerA = aShape.slice(0, -2);
  const outerB = bShape.slice(0, -2);
  let outer: number[];
  try {
    outer = broadcast_util.assertAndGetBroadcastShape(outerA, outerB);
  } catch {
    return null;
  }
  const batch = sizeOf(outer);
  const batchA = sizeOf(outerA);
  const batchB = sizeOf(outerB);
  const aFits = batchA === batch || batchA === 1;
  const bFits = batchB === batch || batchB === 1;
  if (!aFits || !bFits) return null;
  return { batch, batchA, batchB, M, N, K, transposeA, transposeB, outShape: [...outer, M, N] };
}

/** Computes the planned product of a and b (flat, float32) into a new array. */
export function runMatMul(plan: MatMulPlan, a: Float32Array, b: Float32Array): Float32Array {
  const { batch, batchA, batchB, M, N, K, transposeA, transposeB } = plan;
  const out = newFloat32(batch * M * N);
  const aStep = batchA === 1 ? 0 : M * K;
  const bStep = batchB === 1 ? 0 : K * N;
  if (!transposeB && M < ROWS_PATH_MAX_M) {
    const acc = new Float64Array(N);
    const [strideI, strideK] = transposeA ? [1, M] : [K, 1];
    for (let bi = 0; bi < batch; bi++) {
      gemmRowsNN(a, bi * aStep, strideI, strideK, b, bi * bStep, out, bi * M * N, M, N, K, acc);
    }
    return out;
  }
  if (batchB === 1 && batchA === batch && !transposeA) {
    // One shared B: the batch is just more rows of A ([B, N, D] x [D, E] is one [B*N, D] x [D, E] product).
    packedProduct(a, 0, b, 0, false, transposeB, out, 1, batch * M, N, K);
    return out;
  }
  packedProduct(a, aStep, b, bStep, transposeA, transposeB, out, batch, M, N, K);
  return out;
}

/** Runs gemmNT per batch matrix, packing A to [M,K] and B to [N,K] where they are not already so. */
function packedProduct(
  a: Float32Array,
  aStep: number,
  b: Float32Array,
  bStep: number,
  transposeA: boolean,
  transposeB: boolean,
  out: Float32Array,
  batch: number,
  M: number,
  N: number,
  K: number,
): void {
  const aPack = transposeA ? new Float32Array(M * K) : null;
  const bPack = transposeB ? null : new Float32Array(N * K);
  for (let bi = 0; bi < batch; bi++) {
    let aArr = a;
    let aOff = bi * aStep;
    if (aPack !== null) {
      if (bi === 0 || aStep !== 0) transpose2d(a, aOff, K, M, aPack, 0);
      aArr = aPack;
      aOff = 0;
    }
    let bArr = b;
    let bOff = bi * bStep;
    if (bPack !== null) {
      if (bi === 0 || bStep !== 0) transpose2d(b, bOff, K, N, bPack, 0);
      bArr = bPack;
      bOff = 0;
    }
    gemmNT(aArr, aOff, bArr, bOff, out, bi * M * N, M, N, K);
  }
}

/** Plans a product of two kernel inputs, or null when the stock kernel should handle it. */
export function planFromInputs(
  args: KernelArgs,
  a: TensorInfo | undefined,
  b: TensorInfo | undefined,
): { plan: MatMulPlan; a: Float32Array; b: Float32Array } | null {
  const backend = asCpu(args.backend);
  const aValues = float32Values(backend, a);
  const bValues = float32Values(backend, b);
  if (a === undefined || b === undefined || aValues === null || bValues === null) return null;
  const plan = planMatMul(a.shape, b.shape, boolAttr(args.attrs, 'transposeA'), boolAttr(args.attrs, 'transposeB'));
  return plan === null ? null : { plan, a: aValues, b: bValues };
}

export function fastBatchMatMul(stock: KernelFunc): KernelFunc {
  return (args) => {
    const planned = planFromInputs(args, args.inputs.a, args.inputs.b);
    if (planned === null) return stock(args);
    const values = runMatMul(planned.plan, planned.a, planned.b);
    return asCpu(args.backend).makeTensorInfo(planned.plan.outShape, 'float32', values);
  };
}
