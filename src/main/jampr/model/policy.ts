import * as tf from '@tensorflow/tfjs';
import type { EnvState } from '../env/state.js';
import { AmStepDecoder, AmWeights } from './am-decoder.js';
import type { ModelConfig } from './config.js';
import { nodeFeatureCount } from './config.js';
import { NodeEncoder, type NodeEncoding } from './encoder.js';
import { nodeFeatures, unusedVehicleFeatures } from './inputs.js';
import { JamprArrayDecoder } from './jampr-array-decoder.js';
import { type JamprArrayWeights, jamprArrayWeights, vehicleEmbedding } from './jampr-array-weights.js';
import { JamprStepDecoder } from './jampr-decoder.js';
import { disposeFolded, JamprWeights, keepFolded, type FoldedWeights } from './jampr-weights.js';
import { ParamStore } from './params.js';
import { type InferenceDecoder, type StepDecoder, TensorInferenceDecoder } from './step-decoder.js';

/** Node embeddings computed once and reused by several rollouts (sampling chunks). The owner disposes. */
export interface EncodedRows {
  encoding: NodeEncoding;
  dispose(): void;
}

export interface BeginOptions {
  /** BatchNorm mode: batch statistics (and running-stat updates) vs running statistics. */
  training: boolean;
  /**
   * Keep BatchNorm on its running statistics even while training (no batch statistics, no updates): for
   * fine-tuning a trained model on a distribution whose statistics differ, e.g. one user's days.
   */
  frozenNorm?: boolean;
  /** Rows b·repeat .. b·repeat+repeat−1 hold the same instance: it is encoded once and replicated (AM's batch_rep). */
  repeat?: number;
  /** Symmetry (0..7) of each encoded row, for augmentation: [B / repeat]. */
  symmetries?: ArrayLike<number>;
  /** Reuse these embeddings of the B / repeat unique rows instead of running the encoder. */
  encoded?: EncodedRows;
}

/**
 * A JAMPR or AM+TW policy: its weights, the shared node encoder and the kind's decoder. `begin` runs
 * the encoder once for a batch and returns the per-step decoder of one rollout.
 */
export class Policy {
  readonly params: ParamStore;
  readonly encoder: NodeEncoder;
  private readonly jampr: JamprWeights | null;
  private readonly am: AmWeights | null;
  private folded: { version: number; weights: FoldedWeights } | null = null;
  private arrays: { version: number; weights: JamprArrayWeights } | null = null;

  constructor(
    readonly config: ModelConfig,
    seed = 1,
  ) {
    this.params = new ParamStore(seed);
    this.encoder = new NodeEncoder(this.params, config);
    this.jampr = config.kind === 'jampr' ? new JamprWeights(this.params, config) : null;
    this.am = config.kind === 'am' ? new AmWeights(this.params, config) : null;
  }

  begin(first: EnvState, opts: BeginOptions): StepDecoder {
    const repeat = opts.repeat ?? 1;
    const B = first.batch.problems.length;
    if (B % repeat !== 0) throw new RangeError(`batch ${B} is not a multiple of repeat ${repeat}`);
    const symmetryOf = (b: number) => (opts.symmetries ? opts.symmetries[Math.floor(b / repeat)] : 0);
    let decoder: StepDecoder | undefined;
    tf.tidy(() => {
      const unique = opts.encoded?.encoding ?? this.encode(first, repeat, symmetryOf, opts.training && !opts.frozenNorm);
      const encoding = expand(unique, repeat, opts.encoded !== undefined);
      if (this.am) {
        decoder = new AmStepDecoder(this.am, encoding);
      } else if (this.jampr) {
        // Under the gradient tape the folded weights must be part of the graph; otherwise reuse the cache.
        const folded = opts.training ? keepFolded(this.jampr.fold()) : this.cachedFold(this.jampr);
        decoder = new JamprStepDecoder(this.jampr, folded, encoding, first, symmetryOf, opts.training);
      }
    });
    if (!decoder) throw new Error(`unknown model kind ${this.config.kind}`);
    return decoder;
  }

  /**
   * The per-rollout decoder for inference (no gradient, so no log-likelihood tensor): JAMPR's runs on plain
   * arrays (jampr-array-decoder.ts), with only the encoder and the rollout's static parts in tfjs; AM+TW's
   * reads its tfjs decoder back each step.
   */
  beginInference(first: EnvState, opts: BeginOptions): InferenceDecoder {
    if (!this.jampr) return new TensorInferenceDecoder(this.begin(first, opts));
    const w = this.jampr;
    const weights = this.cachedArrays(w);
    const repeat = opts.repeat ?? 1;
    const B = first.batch.problems.length;
    if (B % repeat !== 0) throw new RangeError(`batch ${B} is not a multiple of repeat ${repeat}`);
    const symmetryOf = (b: number) => (opts.symmetries ? opts.symmetries[Math.floor(b / repeat)] : 0);
    const { embedDim: d } = this.config;
    const nodes = first.batch.n + 1;
    const U = B / repeat;
    const copy = (t: tf.Tensor) => Float32Array.from(t.dataSync() as Float32Array);
    const [omega, tour, staticQuery] = tf.tidy(() => {
      const e = opts.encoded?.encoding ?? this.encode(first, repeat, symmetryOf, opts.training && !opts.frozenNorm);
      const gs = w.tour(e.nodes.reshape([U * nodes, d]));
      const sq = tf.add(tf.matMul(e.graph, w.queryBlock(0)), tf.matMul(e.depot, w.queryBlock(3)));
      return [copy(e.nodes), copy(gs), copy(sq)];
    });
    // g_v of every vehicle while unused, for the unique rows only (a repeated row has the same fleet and symmetry).
    const K = first.batch.kMax;
    const F = weights.gv[0].inDim;
    const all = unusedVehicleFeatures(first, this.config, symmetryOf);
    const features = new Float32Array(U * K * F);
    for (let u = 0; u < U; u++) features.set(all.subarray(u * repeat * K * F, (u * repeat + 1) * K * F), u * K * F);
    const unused = new Float32Array(U * K * (d / 2));
    vehicleEmbedding(weights, features, U * K, unused, new Float32Array(U * K * (d / 2)));
    return new JamprArrayDecoder(weights, this.config, { omega, tour, staticQuery, unused, repeat }, first, symmetryOf);
  }

  /** Runs the encoder once (BatchNorm in eval mode) for rows 0, repeat, 2·repeat, ... of the state, seen under `symmetry`. */
  encodeOnce(first: EnvState, repeat: number, symmetry = 0): EncodedRows {
    const encoding = tf.tidy(() => {
      const e = this.encode(first, repeat, () => symmetry, false);
      return { nodes: tf.keep(e.nodes), graph: tf.keep(e.graph), depot: tf.keep(e.depot) };
    });
    return { encoding, dispose: () => tf.dispose([encoding.nodes, encoding.graph, encoding.depot]) };
  }

  dispose(): void {
    if (this.folded) disposeFolded(this.folded.weights);
    this.folded = null;
    this.arrays = null;
    this.params.dispose();
  }

  private encode(first: EnvState, repeat: number, symmetryOf: (b: number) => number, training: boolean): NodeEncoding {
    const unique = first.batch.problems.length / repeat;
    const nodes = first.batch.n + 1;
    const width = nodeFeatureCount(this.config);
    const features = new Float32Array(unique * nodes * width);
    for (let u = 0; u < unique; u++) {
      nodeFeatures(first.batch.problems[u * repeat], this.config, symmetryOf(u * repeat), features, u * nodes * width);
    }
    return this.encoder.apply(tf.tensor3d(features, [unique, nodes, width]), training);
  }

  private cachedFold(w: JamprWeights): FoldedWeights {
    if (this.folded?.version === this.params.version) return this.folded.weights;
    if (this.folded) disposeFolded(this.folded.weights);
    const weights = keepFolded(w.fold());
    this.folded = { version: this.params.version, weights };
    return weights;
  }

  /** The folded weights as arrays, read once per weight version (after every optimiser step while training). */
  private cachedArrays(w: JamprWeights): JamprArrayWeights {
    if (this.arrays?.version === this.params.version) return this.arrays.weights;
    const weights = jamprArrayWeights(w, this.cachedFold(w));
    this.arrays = { version: this.params.version, weights };
    return weights;
  }
}

/** Replicates each unique row `repeat` times; always copies shared embeddings (the decoder disposes its own). */
function expand(e: NodeEncoding, repeat: number, shared: boolean): NodeEncoding {
  if (repeat === 1 && !shared) return e;
  const unique = e.nodes.shape[0];
  const rows = tf.tensor1d(
    Int32Array.from({ length: unique * repeat }, (_, b) => Math.floor(b / repeat)),
    'int32',
  );
  return { nodes: tf.gather(e.nodes, rows), graph: tf.gather(e.graph, rows), depot: tf.gather(e.depot, rows) };
}
