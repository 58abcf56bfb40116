import * as tf from '@tensorflow/tfjs';
import type { EnvState } from '../env/state.js';
import { PAIR_FEATURES, vehicleFeatureCount } from './config.js';
import type { NodeEncoding } from './encoder.js';
import { jamprStepInputs, unusedVehicleFeatures } from './inputs.js';
import { disposeFolded, type FoldedWeights, type JamprWeights } from './jampr-weights.js';
import { pairFeatures } from './pair-features.js';
import type { StepDecoder } from './step-decoder.js';

/**
 * One JAMPR rollout's decoder (docs/model.md, "The network", with the precomputation of "Planning with a model"): static tensors
 * (ω, g_s(ω), the static query part, the unused vehicles' g_v) are built once; each step embeds only
 * the slot vehicles (and those that just finished), forms the 640-d context and scores all
 * m_con·(N+1) joint actions through the folded weights.
 */
export class JamprStepDecoder implements StepDecoder {
  private readonly omega: tf.Tensor3D; // [B, N+1, d]
  private readonly omegaT: tf.Tensor3D; // [B, d, N+1]: products of the form x·ω run as x·(ωᵀ)ᵀ, the matMul kernel's fast layout
  private readonly tourEmbed: tf.Tensor3D; // [B, N+1, d/2] g_s(ω)
  private readonly staticQuery: tf.Tensor2D; // [B, D] ω_graph·Wq_graph + ω_0·Wq_depot
  private readonly unusedVehicles: tf.Tensor3D; // [B, K, d/2] g_v of every vehicle while unused
  private readonly queryBlocks: tf.Tensor2D[]; // fleet, act, last rows of W_q
  private doneSum: tf.Tensor2D; // [B, d/2] (1/K)·Σ g_v over finished vehicles
  private readonly owned: tf.Tensor[];

  constructor(
    private readonly w: JamprWeights,
    private readonly folded: FoldedWeights,
    encoding: NodeEncoding,
    first: EnvState,
    private readonly symmetryOf: (b: number) => number,
    private readonly ownsFolded: boolean,
  ) {
    const c = w.config;
    const B = first.batch.problems.length;
    const nodes = first.batch.n + 1;
    const K = first.batch.kMax;
    const d = c.embedDim;
    this.omega = encoding.nodes;
    this.omegaT = this.omega.transpose([0, 2, 1]);
    this.tourEmbed = w.tour(this.omega.reshape([B * nodes, d])).reshape([B, nodes, d / 2]);
    this.staticQuery = tf.add(tf.matMul(encoding.graph, w.queryBlock(0)), tf.matMul(encoding.depot, w.queryBlock(3)));
    const unused = tf.tensor2d(unusedVehicleFeatures(first, c, symmetryOf), [B * K, vehicleFeatureCount(c)]);
    this.unusedVehicles = w.vehicle(unused).reshape([B, K, d / 2]);
    this.queryBlocks = [w.queryBlock(1), w.queryBlock(2), w.queryBlock(4)];
    this.doneSum = tf.zeros([B, d / 2]);
    this.owned = [this.omega, this.omegaT, this.tourEmbed, this.staticQuery, this.unusedVehicles, ...this.queryBlocks, unused];
    tf.keep(this.doneSum);
    for (const t of this.owned) tf.keep(t);
  }

  /** Log-probabilities of all joint actions: [B, m_con·(N+1)]. */
  step(s: EnvState): tf.Tensor2D {
    const c = this.w.config;
    const x = jamprStepInputs(s, c, this.symmetryOf);
    const B = s.batch.problems.length;
    const m = s.batch.config.mCon;
    const nodes = s.batch.n + 1;
    const K = s.batch.kMax;
    const F = vehicleFeatureCount(c);
    const d = c.embedDim;
    const h = d / 2;
    const [logp, doneSum] = tf.tidy(() => {
      let done = this.doneSum;
      if (x.anyRetired) {
        const retired = this.w.vehicle(tf.tensor2d(x.retiredFeatures, [B * m, F])).reshape([B, m, h]);
        done = done.add(tf.matMul(tf.tensor3d(x.retiredWeight, [B, 1, m]), retired).reshape([B, h]));
      }
      const slotVehicle = this.w.vehicle(tf.tensor2d(x.slotFeatures, [B * m, F])).reshape([B, m, h]) as tf.Tensor3D;
      const slotTour = tf.matMul(tf.tensor3d(x.slotTour, [B, m, nodes]), this.tourEmbed); // [B, m, h]
      const v = tf.concat([slotVehicle, slotTour], 2) as tf.Tensor3D; // [B, m, d]  ω_veh of each slot
      const fleetVehicle = tf.addN<tf.Tensor2D>([
        tf.matMul(tf.tensor3d(x.unusedFleet, [B, 1, K]), this.unusedVehicles).reshape([B, h]) as tf.Tensor2D,
        tf.matMul(tf.tensor3d(x.activeFleet, [B, 1, m]), slotVehicle).reshape([B, h]) as tf.Tensor2D,
        done,
      ]);
      const fleetTour = tf.matMul(tf.tensor3d(x.fleetTour, [B, 1, nodes]), this.tourEmbed).reshape([B, h]);
      const fleet = tf.concat([fleetVehicle, fleetTour], 1) as tf.Tensor2D; // [B, d]
      const act = tf.matMul(tf.tensor3d(x.activeMean, [B, 1, m]), v).reshape([B, d]) as tf.Tensor2D;
      const last = tf.matMul(tf.tensor3d(x.fleetLast, [B, 1, nodes]), this.omega).reshape([B, d]) as tf.Tensor2D;
      const [qf, qa, ql] = this.queryBlocks;
      const q = tf.addN([this.staticQuery, tf.matMul(fleet, qf), tf.matMul(act, qa), tf.matMul(last, ql)]) as tf.Tensor2D; // [B, D]
      const mask = tf.tensor2d(x.maskBias, [B, m * nodes]);
      const pair = this.w.pair;
      const bias = pair
        ? tf.matMul(tf.tensor2d(pairFeatures(s), [B * m * nodes, PAIR_FEATURES]), pair as tf.Tensor2D).reshape([B, m * nodes])
        : null;
      return [foldedPointer(this.w, this.folded, q, v, this.omega, this.omegaT, mask, bias as tf.Tensor2D | null), done];
    });
    if (doneSum !== this.doneSum) {
      this.doneSum.dispose();
      this.doneSum = tf.keep(doneSum);
    }
    return logp;
  }

  dispose(): void {
    tf.dispose([...this.owned, this.doneSum]);
    if (this.ownsFolded) disposeFolded(this.folded);
  }
}

/**
 * Glimpse (H heads over all joint actions) and clipped pointer logits, folded. q [B, D],
 * v [B, m, d] slot vehicle embeddings, ω [B, N+1, d] and its transpose, mask [B, m·(N+1)] additive, and the pair
 * bias [B, m·(N+1)] added to the clipped logits (null without it). Returns the log-softmax over all m·(N+1) actions.
 */
export function foldedPointer(
  w: JamprWeights,
  f: FoldedWeights,
  q: tf.Tensor2D,
  v: tf.Tensor3D,
  omega: tf.Tensor3D,
  omegaT: tf.Tensor3D,
  mask: tf.Tensor2D,
  pairBias: tf.Tensor2D | null = null,
): tf.Tensor2D {
  const { decoderHeads: H, decoderDim: D, embedDim: d, clip } = w.config;
  const hd = D / H;
  const [B, m] = v.shape;
  const nodes = omega.shape[1];
  const heads = (t: tf.Tensor3D) => t.transpose([1, 0, 2]) as tf.Tensor3D; // [B, H, x] <-> [H, B, x]
  const qh = heads(q.reshape([B, H, hd])); // [H, B, hd]
  const [r1, r2, r3, c] = f.key.map((k) => heads(tf.matMul(qh, k))); // [B, H, d] ×3, [B, H, 1]
  const v4 = v.reshape([B, 1, m, d]);
  const r = r1.reshape([B, H, 1, d]).add(v4.mul(r3.add(c).reshape([B, H, 1, d]))); // [B, H, m, d]
  const offset = tf.matMul(r2, v, false, true); // [B, H, m]
  const compat = tf.matMul(r.reshape([B, H * m, d]), omega, false, true).add(offset.reshape([B, H * m, 1])); // [B, H·m, N+1]
  const attention = tf.softmax(
    compat
      .mul(1 / Math.sqrt(hd))
      .reshape([B, H, m * nodes])
      .add(mask.reshape([B, 1, m * nodes])),
  );
  const a = attention.reshape([B, H * m, nodes]);
  const pooled = tf.matMul(a, omegaT, false, true).reshape([B, H, m, d]); // Σ_i a·ω_i per head and slot
  const u1 = pooled.sum(2) as tf.Tensor3D; // [B, H, d]
  const u2 = tf.matMul(a.sum(2).reshape([B, H, m]), v) as tf.Tensor3D; // [B, H, d]
  const u3 = pooled.mul(v4).sum(2) as tf.Tensor3D; // [B, H, d]
  const u4 = u3.sum(2, true) as tf.Tensor3D; // [B, H, 1]
  const glimpse = tf.addN([u1, u2, u3, u4].map((u, i) => tf.matMul(heads(u), f.value[i]))) as tf.Tensor3D; // [H, B, hd]
  const g = tf.matMul(heads(glimpse).reshape([B, D]), w.wo as tf.Tensor2D); // [B, D]
  const [l1, l2, l3, lc] = f.pointer.map((p) => tf.matMul(g, p, false, true)); // [B, d] ×3, [B, 1]
  const rl = l1.reshape([B, 1, d]).add(v.mul(l3.add(lc).reshape([B, 1, d]))); // [B, m, d]
  const logits = tf.matMul(rl, omega, false, true).add(tf.matMul(v, l2.reshape([B, d, 1]))); // [B, m, N+1]
  const clipped = tf
    .tanh(logits.mul(1 / Math.sqrt(D)))
    .mul(clip)
    .reshape([B, m * nodes]);
  const scored = pairBias ? clipped.add(pairBias) : clipped;
  return tf.logSoftmax(scored.add(mask)) as tf.Tensor2D;
}
