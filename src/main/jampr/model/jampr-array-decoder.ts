import { gemmNT } from '../backend/kernels/matmul-core.js';
import type { EnvState } from '../env/state.js';
import type { ModelConfig } from './config.js';
import { PAIR_FEATURES, vehicleFeatureCount } from './config.js';
import { jamprStepInputs, MASKED } from './inputs.js';
import { type JamprArrayWeights, vehicleEmbedding } from './jampr-array-weights.js';
import { pairFeatures } from './pair-features.js';
import type { InferenceDecoder } from './step-decoder.js';

/**
 * JAMPR's step decoder for inference, on Float32Arrays: the same network and the same folding as
 * jampr-decoder.ts (docs/model.md, "The network"; src/main/jampr/README.md), but one pass of plain loops and
 * gemmNT calls per step instead of ~60 tfjs ops. At batch 1 the per-step work is a few hundred thousand
 * multiply-adds, so tfjs's per-op overhead (allocation, shape checks, dispatch) cost more than the arithmetic.
 * Rows that have finished are skipped (their only action is the no-op, log-probability 0), which also saves
 * the work tfjs spends on them while a sampling chunk's last rollouts finish. Training keeps the tfjs decoder,
 * which the gradient tape needs; tests/unit/jampr/array-decoder.test.ts holds the two to the same numbers.
 */

/** What a rollout computes once (with tfjs, from the node encoder), for U unique rows; row b reads b / repeat. */
export interface RolloutStatics {
  omega: Float32Array; // [U, N+1, d] ω
  tour: Float32Array; // [U, N+1, d/2] g_s(ω)
  staticQuery: Float32Array; // [U, D] ω_graph·Wq_graph + ω_0·Wq_depot
  unused: Float32Array; // [U, K, d/2] g_v of every vehicle while unused
  repeat: number;
}

export class JamprArrayDecoder implements InferenceDecoder {
  private readonly omegaT: Float32Array; // [U, d, N+1]: pooled = a·ω runs as gemmNT(a, ωᵀ)
  private readonly done: Float32Array; // [B, d/2] (1/K)·Σ g_v over finished vehicles
  private readonly buf: Record<string, Float32Array>;

  constructor(
    private readonly w: JamprArrayWeights,
    private readonly config: ModelConfig,
    private readonly statics: RolloutStatics,
    first: EnvState,
    private readonly symmetryOf: (b: number) => number,
  ) {
    const { d, D, H } = w;
    const B = first.batch.problems.length;
    const m = first.batch.config.mCon;
    const nodes = first.batch.n + 1;
    const U = B / statics.repeat;
    const wide = 3 * d + 1;
    this.omegaT = new Float32Array(U * d * nodes);
    for (let u = 0; u < U; u++)
      for (let i = 0; i < nodes; i++)
        for (let c = 0; c < d; c++) this.omegaT[(u * d + c) * nodes + i] = statics.omega[(u * nodes + i) * d + c];
    this.done = new Float32Array(B * (d / 2));
    const F = vehicleFeatureCount(config);
    this.buf = {
      features: new Float32Array(B * m * F),
      vehicle: new Float32Array(B * m * (d / 2)),
      hidden: new Float32Array(B * m * (d / 2)),
      v: new Float32Array(B * m * d),
      context: new Float32Array(B * 3 * d),
      q: new Float32Array(B * D),
      qHeads: new Float32Array(B * D),
      keys: new Float32Array(H * B * wide),
      pooledSums: new Float32Array(H * B * wide),
      glimpseHeads: new Float32Array(B * D),
      glimpse: new Float32Array(B * D),
      g: new Float32Array(B * D),
      pointer: new Float32Array(B * wide),
      r: new Float32Array(H * m * d),
      offset: new Float32Array(H * m),
      attention: new Float32Array(H * m * nodes),
      pooled: new Float32Array(H * m * d),
      logits: new Float32Array(m * nodes),
    };
  }

  logProbs(s: EnvState): Float32Array {
    const { d, D, H, clip } = this.w;
    const half = d / 2;
    const hd = D / H;
    const wide = 3 * d + 1;
    const B = s.batch.problems.length;
    const m = s.batch.config.mCon;
    const nodes = s.batch.n + 1;
    const A = m * nodes;
    const K = s.batch.kMax;
    const F = vehicleFeatureCount(this.config);
    const { omega, tour, staticQuery, unused, repeat } = this.statics;
    const x = jamprStepInputs(s, this.config, this.symmetryOf);
    const b = this.buf;
    const out = new Float32Array(B * A).fill(MASKED);

    // Vehicles that retired in the last transition join the finished sum (rows that just finished are never read again).
    if (x.anyRetired) {
      const rows: number[] = [];
      for (let r = 0; r < B * m; r++) {
        if (x.retiredWeight[r] === 0 || s.finished[Math.floor(r / m)]) continue;
        b.features.set(x.retiredFeatures.subarray(r * F, (r + 1) * F), rows.length * F);
        rows.push(r);
      }
      vehicleEmbedding(this.w, b.features, rows.length, b.vehicle, b.hidden);
      rows.forEach((r, k) => {
        const row = Math.floor(r / m);
        const weight = x.retiredWeight[r];
        for (let c = 0; c < half; c++) this.done[row * half + c] += weight * b.vehicle[k * half + c];
      });
    }

    const live: number[] = [];
    for (let row = 0; row < B; row++) {
      if (s.finished[row])
        out[row * A] = 0; // the no-op, the only action of a finished row
      else live.push(row);
    }
    const L = live.length;
    if (L === 0) return out;

    // ω_veh of every live slot: [g_v(features) ; tour mean of g_s(ω)].
    for (let l = 0; l < L; l++) b.features.set(x.slotFeatures.subarray(live[l] * m * F, (live[l] + 1) * m * F), l * m * F);
    vehicleEmbedding(this.w, b.features, L * m, b.vehicle, b.hidden);
    for (let l = 0; l < L; l++) {
      const row = live[l];
      const u = Math.floor(row / repeat);
      for (let j = 0; j < m; j++) {
        const vo = (l * m + j) * d;
        for (let c = 0; c < half; c++) b.v[vo + c] = b.vehicle[(l * m + j) * half + c];
        b.v.fill(0, vo + half, vo + d);
        weightedRows(x.slotTour, (row * m + j) * nodes, nodes, tour, u * nodes * half, half, b.v, vo + half);
      }
      // Context minus its static part: [ω_fleet ; ω_act ; ω_last].
      const co = l * 3 * d;
      b.context.fill(0, co, co + 3 * d);
      for (let c = 0; c < half; c++) b.context[co + c] = this.done[row * half + c];
      weightedRows(x.unusedFleet, row * K, K, unused, u * K * half, half, b.context, co);
      weightedRows(x.activeFleet, row * m, m, b.vehicle, l * m * half, half, b.context, co);
      weightedRows(x.fleetTour, row * nodes, nodes, tour, u * nodes * half, half, b.context, co + half);
      weightedRows(x.activeMean, row * m, m, b.v, l * m * d, d, b.context, co + d);
      weightedRows(x.fleetLast, row * nodes, nodes, omega, u * nodes * d, d, b.context, co + 2 * d);
    }

    // Query, then the folded glimpse keys of every head: [r1 | r2 | r3 | c] = q_h·(key folds).
    gemmNT(b.context, 0, this.w.queryT, 0, b.q, 0, L, D, 3 * d);
    for (let l = 0; l < L; l++) {
      const sq = Math.floor(live[l] / repeat) * D;
      for (let h = 0; h < H; h++)
        for (let t = 0; t < hd; t++) b.qHeads[(h * L + l) * hd + t] = b.q[l * D + h * hd + t] + staticQuery[sq + h * hd + t];
    }
    for (let h = 0; h < H; h++) gemmNT(b.qHeads, h * L * hd, this.w.keyT, h * wide * hd, b.keys, h * L * wide, L, wide, hd);

    // Per row: compatibilities of all m·(N+1) actions per head, softmax, and the pooled sums the value folds read.
    const scale = 1 / Math.sqrt(hd);
    for (let l = 0; l < L; l++) {
      const row = live[l];
      const u = Math.floor(row / repeat);
      const mask = row * A;
      for (let h = 0; h < H; h++) {
        const k = (h * L + l) * wide;
        const cK = b.keys[k + 3 * d];
        for (let j = 0; j < m; j++) {
          const vo = (l * m + j) * d;
          const ro = (h * m + j) * d;
          let offset = 0;
          for (let c = 0; c < d; c++) {
            const vc = b.v[vo + c];
            b.r[ro + c] = b.keys[k + c] + vc * (b.keys[k + 2 * d + c] + cK);
            offset += b.keys[k + d + c] * vc;
          }
          b.offset[h * m + j] = offset;
        }
      }
      gemmNT(b.r, 0, omega, u * nodes * d, b.attention, 0, H * m, nodes, d);
      for (let h = 0; h < H; h++) {
        const ao = h * A;
        let max = -Infinity;
        for (let a = 0; a < A; a++) {
          if (!s.mask[mask + a]) continue;
          const z = (b.attention[ao + a] + b.offset[h * m + Math.floor(a / nodes)]) * scale;
          b.attention[ao + a] = z;
          if (z > max) max = z;
        }
        let sum = 0;
        for (let a = 0; a < A; a++) if (s.mask[mask + a]) sum += Math.exp(b.attention[ao + a] - max);
        for (let a = 0; a < A; a++) b.attention[ao + a] = s.mask[mask + a] ? Math.exp(b.attention[ao + a] - max) / sum : 0;
      }
      gemmNT(b.attention, 0, this.omegaT, u * d * nodes, b.pooled, 0, H * m, d, nodes);
      for (let h = 0; h < H; h++) {
        const so = (h * L + l) * wide; // [u1 = Σ_j pooled | u2 = Σ_j (Σ_i a) v_j | u3 = Σ_j pooled ⊙ v_j | u4 = Σ u3]
        b.pooledSums.fill(0, so, so + wide);
        let u4 = 0;
        for (let j = 0; j < m; j++) {
          const po = (h * m + j) * d;
          const vo = (l * m + j) * d;
          let weight = 0;
          for (let i = 0; i < nodes; i++) weight += b.attention[h * A + j * nodes + i];
          for (let c = 0; c < d; c++) {
            const p = b.pooled[po + c];
            b.pooledSums[so + c] += p;
            b.pooledSums[so + d + c] += weight * b.v[vo + c];
            b.pooledSums[so + 2 * d + c] += p * b.v[vo + c];
          }
        }
        for (let c = 0; c < d; c++) u4 += b.pooledSums[so + 2 * d + c];
        b.pooledSums[so + 3 * d] = u4;
      }
    }

    // Glimpse per head, W_o, then the folded pointer keys [l1 | l2 | l3 | lc] = g·(pointer folds).
    for (let h = 0; h < H; h++) gemmNT(b.pooledSums, h * L * wide, this.w.valueT, h * hd * wide, b.glimpseHeads, h * L * hd, L, hd, wide);
    for (let l = 0; l < L; l++)
      for (let h = 0; h < H; h++) for (let t = 0; t < hd; t++) b.glimpse[l * D + h * hd + t] = b.glimpseHeads[(h * L + l) * hd + t];
    gemmNT(b.glimpse, 0, this.w.woT, 0, b.g, 0, L, D, D);
    gemmNT(b.g, 0, this.w.pointer, 0, b.pointer, 0, L, wide, D);

    // Pointer logits C·tanh(g·key/√D) plus the pair bias θ·φ, then the log-softmax over the allowed actions.
    const pointerScale = 1 / Math.sqrt(D);
    const theta = this.w.pair;
    const pair = theta ? pairFeatures(s) : null;
    for (let l = 0; l < L; l++) {
      const row = live[l];
      const u = Math.floor(row / repeat);
      const p = l * wide;
      const lc = b.pointer[p + 3 * d];
      for (let j = 0; j < m; j++) {
        const vo = (l * m + j) * d;
        let offset = 0;
        for (let c = 0; c < d; c++) {
          const vc = b.v[vo + c];
          b.r[j * d + c] = b.pointer[p + c] + vc * (b.pointer[p + 2 * d + c] + lc);
          offset += vc * b.pointer[p + d + c];
        }
        b.offset[j] = offset;
      }
      gemmNT(b.r, 0, omega, u * nodes * d, b.logits, 0, m, nodes, d);
      const o = row * A;
      let max = -Infinity;
      for (let a = 0; a < A; a++) {
        if (!s.mask[o + a]) continue;
        let z = clip * Math.tanh((b.logits[a] + b.offset[Math.floor(a / nodes)]) * pointerScale);
        if (theta && pair) for (let f = 0, po = (o + a) * PAIR_FEATURES; f < PAIR_FEATURES; f++) z += theta[f] * pair[po + f];
        b.logits[a] = z;
        if (z > max) max = z;
      }
      let sum = 0;
      for (let a = 0; a < A; a++) if (s.mask[o + a]) sum += Math.exp(b.logits[a] - max);
      const lse = max + Math.log(sum);
      for (let a = 0; a < A; a++) if (s.mask[o + a]) out[o + a] = b.logits[a] - lse;
    }
    return out;
  }

  dispose(): void {
    // Plain arrays: nothing to free.
  }
}

/** out[outOff + c] += Σ_r coef[coefOff + r]·rows[rowsOff + r·width + c] over r < count, skipping zero coefficients. */
function weightedRows(
  coef: Float32Array,
  coefOff: number,
  count: number,
  rows: Float32Array,
  rowsOff: number,
  width: number,
  out: Float32Array,
  outOff: number,
): void {
  for (let r = 0; r < count; r++) {
    const w = coef[coefOff + r];
    if (w === 0) continue;
    const ro = rowsOff + r * width;
    for (let c = 0; c < width; c++) out[outOff + c] += w * rows[ro + c];
  }
}
