/**
 * Plain Float32Array matrix-product loops for the fast cpu kernels. No tfjs here: offsets, sizes, arrays.
 *
 * Why this shape: V8 does not vectorise, so speed comes from keeping a 4x4 block of sums in registers
 * (16 multiply-adds per 8 loads) with both operands read along k contiguously, and from walking the output
 * in column panels so the panel of B stays in L1 while every row of A passes over it. Sums are doubles and
 * are rounded to float32 once, at the store.
 */

/** Columns of Bt visited per pass over A: 64 rows of Bt x K=128 floats = 32 KiB, the size of L1. */
const COLUMN_PANEL = 64;

/** C[M,N] = A[M,K] · Bt[N,K]ᵀ, all row-major at the given offsets. Overwrites C. */
export function gemmNT(
  a: Float32Array,
  aOff: number,
  bt: Float32Array,
  bOff: number,
  c: Float32Array,
  cOff: number,
  M: number,
  N: number,
  K: number,
): void {
  for (let jb = 0; jb < N; jb += COLUMN_PANEL) {
    const je = Math.min(N, jb + COLUMN_PANEL);
    const jFull = jb + ((je - jb) & ~3);
    let i = 0;
    for (; i + 4 <= M; i += 4) {
      const r0 = aOff + i * K,
        r1 = r0 + K,
        r2 = r1 + K,
        r3 = r2 + K;
      const o0 = cOff + i * N,
        o1 = o0 + N,
        o2 = o1 + N,
        o3 = o2 + N;
      for (let j = jb; j < jFull; j += 4) {
        const q0 = bOff + j * K,
          q1 = q0 + K,
          q2 = q1 + K,
          q3 = q2 + K;
        let s00 = 0,
          s01 = 0,
          s02 = 0,
          s03 = 0,
          s10 = 0,
          s11 = 0,
          s12 = 0,
          s13 = 0;
        let s20 = 0,
          s21 = 0,
          s22 = 0,
          s23 = 0,
          s30 = 0,
          s31 = 0,
          s32 = 0,
          s33 = 0;
        for (let k = 0; k < K; k++) {
          const a0 = a[r0 + k],
            a1 = a[r1 + k],
            a2 = a[r2 + k],
            a3 = a[r3 + k];
          const b0 = bt[q0 + k],
            b1 = bt[q1 + k],
            b2 = bt[q2 + k],
            b3 = bt[q3 + k];
          s00 += a0 * b0;
          s01 += a0 * b1;
          s02 += a0 * b2;
          s03 += a0 * b3;
          s10 += a1 * b0;
          s11 += a1 * b1;
          s12 += a1 * b2;
          s13 += a1 * b3;
          s20 += a2 * b0;
          s21 += a2 * b1;
          s22 += a2 * b2;
          s23 += a2 * b3;
          s30 += a3 * b0;
          s31 += a3 * b1;
          s32 += a3 * b2;
          s33 += a3 * b3;
        }
        c[o0 + j] = s00;
        c[o0 + j + 1] = s01;
        c[o0 + j + 2] = s02;
        c[o0 + j + 3] = s03;
        c[o1 + j] = s10;
        c[o1 + j + 1] = s11;
        c[o1 + j + 2] = s12;
        c[o1 + j + 3] = s13;
        c[o2 + j] = s20;
        c[o2 + j + 1] = s21;
        c[o2 + j + 2] = s22;
        c[o2 + j + 3] = s23;
        c[o3 + j] = s30;
        c[o3 + j + 1] = s31;
        c[o3 + j + 2] = s32;
        c[o3 + j + 3] = s33;
      }
      for (let j = jFull; j < je; j++) {
        const q = bOff + j * K;
        let s0 = 0,
          s1 = 0,
          s2 = 0,
          s3 = 0;
        for (let k = 0; k < K; k++) {
          const b = bt[q + k];
          s0 += a[r0 + k] * b;
          s1 += a[r1 + k] * b;
          s2 += a[r2 + k] * b;
          s3 += a[r3 + k] * b;
        }
        c[o0 + j] = s0;
        c[o1 + j] = s1;
        c[o2 + j] = s2;
        c[o3 + j] = s3;
      }
    }
    for (; i < M; i++) {
      const r = aOff + i * K;
      const o = cOff + i * N;
      for (let j = jb; j < jFull; j += 4) {
        const q0 = bOff + j * K,
          q1 = q0 + K,
          q2 = q1 + K,
          q3 = q2 + K;
        let s0 = 0,
          s1 = 0,
          s2 = 0,
          s3 = 0;
        for (let k = 0; k < K; k++) {
          const av = a[r + k];
          s0 += av * bt[q0 + k];
          s1 += av * bt[q1 + k];
          s2 += av * bt[q2 + k];
          s3 += av * bt[q3 + k];
        }
        c[o + j] = s0;
        c[o + j + 1] = s1;
        c[o + j + 2] = s2;
        c[o + j + 3] = s3;
      }
      for (let j = jFull; j < je; j++) {
        const q = bOff + j * K;
        let s = 0;
        for (let k = 0; k < K; k++) s += a[r + k] * bt[q + k];
        c[o + j] = s;
      }
    }
  }
}

/**
 * C[M,N] = A · B[K,N] for a few rows of A, streaming B row by row (no packing, which would cost as much as
 * the product itself when M is 1). A's element (i,k) is at aOff + i*aStrideI + k*aStrideK, so a transposed
 * A needs no copy either. `acc` is scratch of at least N doubles.
 */
export function gemmRowsNN(
  a: Float32Array,
  aOff: number,
  aStrideI: number,
  aStrideK: number,
  b: Float32Array,
  bOff: number,
  c: Float32Array,
  cOff: number,
  M: number,
  N: number,
  K: number,
  acc: Float64Array,
): void {
  for (let i = 0; i < M; i++) {
    acc.fill(0, 0, N);
    const ai = aOff + i * aStrideI;
    let k = 0;
    for (; k + 4 <= K; k += 4) {
      const x0 = a[ai + k * aStrideK],
        x1 = a[ai + (k + 1) * aStrideK];
      const x2 = a[ai + (k + 2) * aStrideK],
        x3 = a[ai + (k + 3) * aStrideK];
      const p0 = bOff + k * N,
        p1 = p0 + N,
        p2 = p1 + N,
        p3 = p2 + N;
      for (let j = 0; j < N; j++) acc[j] += x0 * b[p0 + j] + x1 * b[p1 + j] + x2 * b[p2 + j] + x3 * b[p3 + j];
    }
    for (; k < K; k++) {
      const x = a[ai + k * aStrideK];
      const p = bOff + k * N;
      for (let j = 0; j < N; j++) acc[j] += x * b[p + j];
    }
    const o = cOff + i * N;
    for (let j = 0; j < N; j++) c[o + j] = acc[j];
  }
}

/** Tile edge for the cache-friendly transpose (32x32 floats = 4 KiB per tile on each side). */
const TILE = 32;

/** dst[cols,rows] = src[rows,cols]ᵀ at the given offsets; used to pack operands for gemmNT. */
export function transpose2d(
  src: Float32Array | Int32Array,
  srcOff: number,
  rows: number,
  cols: number,
  dst: Float32Array | Int32Array,
  dstOff: number,
): void {
  for (let r0 = 0; r0 < rows; r0 += TILE) {
    const r1 = Math.min(rows, r0 + TILE);
    for (let c0 = 0; c0 < cols; c0 += TILE) {
      const c1 = Math.min(cols, c0 + TILE);
      for (let r = r0; r < r1; r++) {
        const s = srcOff + r * cols;
        for (let c = c0; c < c1; c++) dst[dstOff + c * rows + r] = src[s + c];
      }
    }
  }
}
