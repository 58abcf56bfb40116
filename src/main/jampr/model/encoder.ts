import type * as tf from '@tensorflow/tfjs';
import type { ModelConfig } from './config.js';
import { nodeFeatureCount } from './config.js';
import { BatchNorm, Linear, MultiHeadAttention } from './layers.js';
import type { ParamStore } from './params.js';

/**
 * The node encoder (docs/model.md, "The network"), shared by JAMPR and AM+TW: one linear embedding for every node,
 * then blocks of h = BN(z + MHA(z)), z = BN(h + FF(h)).
 */
export interface NodeEncoding {
  /** ω_i: [B, N+1, d]. */
  nodes: tf.Tensor3D;
  /** ω_graph, the mean over all nodes: [B, d]. */
  graph: tf.Tensor2D;
  /** ω_0, the depot: [B, d]. */
  depot: tf.Tensor2D;
}

interface Block {
  attention: MultiHeadAttention;
  norm1: BatchNorm;
  ff1: Linear;
  ff2: Linear;
  norm2: BatchNorm;
}

export class NodeEncoder {
  private readonly embed: Linear;
  private readonly blocks: Block[];

  constructor(
    params: ParamStore,
    private readonly config: ModelConfig,
  ) {
    const d = config.embedDim;
    this.embed = new Linear(params, 'encoder/embed', nodeFeatureCount(config), d);
    this.blocks = Array.from({ length: config.encoderLayers }, (_, l) => ({
      attention: new MultiHeadAttention(params, `encoder/${l}/mha`, d, config.encoderHeads),
      norm1: new BatchNorm(params, `encoder/${l}/bn1`, d),
      ff1: new Linear(params, `encoder/${l}/ff1`, d, config.feedForwardDim),
      ff2: new Linear(params, `encoder/${l}/ff2`, config.feedForwardDim, d),
      norm2: new BatchNorm(params, `encoder/${l}/bn2`, d),
    }));
  }

  /** features: [B, N+1, F] -> ω. training selects BatchNorm's batch statistics (and updates the running ones). */
  apply(features: tf.Tensor3D, training: boolean): NodeEncoding {
    const [batch, nodes] = features.shape;
    const d = this.config.embedDim;
    let z = this.embed.apply(features.reshape([batch * nodes, nodeFeatureCount(this.config)])); // [B*(N+1), d]
    for (const block of this.blocks) {
      const h = block.norm1.apply(z.add(block.attention.apply(z, batch, nodes)), training);
      z = block.norm2.apply(h.add(block.ff2.apply(block.ff1.apply(h, 'relu'))), training);
    }
    const omega = z.reshape([batch, nodes, d]) as tf.Tensor3D;
    return {
      nodes: omega,
      graph: omega.mean(1) as tf.Tensor2D,
      depot: omega.slice([0, 0, 0], [batch, 1, d]).reshape([batch, d]) as tf.Tensor2D,
    };
  }
}
