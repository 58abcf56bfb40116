import { gemmNT } from '../backend/kernels/matmul-core.js';
import type { Linear } from './layers.js';
import type { FoldedWeights, JamprWeights } from './jampr-weights.js';

/**
 * JAMPR's decoder weights as plain Float32Arrays, laid out for gemmNT (C = A·Btᵀ, both read along k), for the
 * inference decoder (jampr-array-decoder.ts). The folding itself is jampr-weights.ts's `fold()`: this file only
 * reads its tensors once and reorders them, so the math lives in one place.
 */

/** A Linear layer: y = x·W + b with W stored transposed ([out, in]) for gemmNT. */
export interface ArrayLinear {
  readonly inDim: number;
  readonly outDim: number;
  readonly wt: Float32Array; // [out, in]
  readonly bias: Float32Array; // [out] (zeros when the layer has none)
}

export interface JamprArrayWeights {
  readonly d: number;
  readonly D: number;
  readonly H: number;
  readonly clip: number;
  /** g_v's three layers (ReLU after the first two). */
  readonly gv: readonly ArrayLinear[];
  /** W_q's fleet, act and last row blocks, transposed: [D, 3d] (the graph and depot blocks are per-rollout constants). */
  readonly queryT: Float32Array;
  /** Per head h, the folded glimpse keys as rows [r1 (d) | r2 (d) | r3 (d) | c (1)] over hd: [H, 3d+1, hd]. */
  readonly keyT: Float32Array;
  /** Per head h, the folded glimpse values over the pooled [u1 | u2 | u3 | u4] (3d+1): [H, hd, 3d+1]. */
  readonly valueT: Float32Array;
  /** W_o transposed: [D, D]. */
  readonly woT: Float32Array;
  /** Folded pointer keys, rows [l1 (d) | l2 (d) | l3 (d) | lc (1)] over D: [3d+1, D]. */
  readonly pointer: Float32Array;
  /** The pair bias's θ (pair-features.ts), null without it. */
  readonly pair: Float32Array | null;
}

function arrayLinear(layer: Linear): ArrayLinear {
  const [inDim, outDim] = layer.kernel.shape;
  const wt = new Float32Array(inDim * outDim);
  const kernel = layer.kernel.dataSync() as Float32Array;
  for (let i = 0; i < inDim; i++) for (let o = 0; o < outDim; o++) wt[o * inDim + i] = kernel[i * outDim + o];
  const bias = layer.bias ? Float32Array.from(layer.bias.dataSync()) : new Float32Array(outDim);
  return { inDim, outDim, wt, bias };
}

/** Reads the folded products of `fold()` (and the unfolded layers) into the arrays' layouts. */
export function jamprArrayWeights(w: JamprWeights, folded: FoldedWeights): JamprArrayWeights {
  const { embedDim: d, decoderDim: D, decoderHeads: H, clip } = w.config;
  const hd = D / H;
  const wide = 3 * d + 1;
  const wq = w.wq.dataSync() as Float32Array; // [5d, D]
  const queryT = new Float32Array(D * 3 * d);
  [1, 2, 4].forEach((block, slot) => {
    for (let r = 0; r < d; r++) for (let c = 0; c < D; c++) queryT[c * 3 * d + slot * d + r] = wq[(block * d + r) * D + c];
  });
  // key[k]: [H, hd, d_k] (d_k = d, or 1 for w3b) -> keyT[h, row_k + col, t]
  const keyT = new Float32Array(H * wide * hd);
  folded.key.forEach((tensor, k) => {
    const rows = k === 3 ? 1 : d;
    const src = tensor.dataSync() as Float32Array;
    for (let h = 0; h < H; h++)
      for (let t = 0; t < hd; t++)
        for (let col = 0; col < rows; col++) keyT[(h * wide + k * d + col) * hd + t] = src[(h * hd + t) * rows + col];
  });
  // value[k]: [H, d_k, hd] -> valueT[h, t, row_k + col]
  const valueT = new Float32Array(H * hd * wide);
  folded.value.forEach((tensor, k) => {
    const rows = k === 3 ? 1 : d;
    const src = tensor.dataSync() as Float32Array;
    for (let h = 0; h < H; h++)
      for (let col = 0; col < rows; col++)
        for (let t = 0; t < hd; t++) valueT[(h * hd + t) * wide + k * d + col] = src[(h * rows + col) * hd + t];
  });
  const wo = w.wo.dataSync() as Float32Array;
  const woT = new Float32Array(D * D);
  for (let r = 0; r < D; r++) for (let c = 0; c < D; c++) woT[c * D + r] = wo[r * D + c];
  // pointer[k]: [d_k, D], already the Bt of g·Fᵀ.
  const pointer = new Float32Array(wide * D);
  folded.pointer.forEach((tensor, k) => {
    pointer.set(tensor.dataSync() as Float32Array, k * d * D);
  });
  const pair = w.pair ? Float32Array.from(w.pair.dataSync()) : null;
  return { d, D, H, clip, gv: w.gv.map(arrayLinear), queryT, keyT, valueT, woT, pointer, pair };
}

/** y[rows, out] = x[rows, in]·W + b, ReLU when asked. */
export function applyLinear(layer: ArrayLinear, x: Float32Array, rows: number, y: Float32Array, relu: boolean): void {
  gemmNT(x, 0, layer.wt, 0, y, 0, rows, layer.outDim, layer.inDim);
  const { outDim, bias } = layer;
  for (let r = 0; r < rows; r++) {
    const o = r * outDim;
    for (let c = 0; c < outDim; c++) {
      const v = y[o + c] + bias[c];
      y[o + c] = relu && v < 0 ? 0 : v;
    }
  }
}

/** g_v on `rows` feature rows: [rows, F] -> out [rows, d/2]. `scratch` holds at least rows·d/2 floats. */
export function vehicleEmbedding(w: JamprArrayWeights, x: Float32Array, rows: number, out: Float32Array, scratch: Float32Array): void {
  const [l0, l1, l2] = w.gv;
  applyLinear(l0, x, rows, out, true);
  applyLinear(l1, out, rows, scratch, true);
  applyLinear(l2, scratch, rows, out, false);
}
