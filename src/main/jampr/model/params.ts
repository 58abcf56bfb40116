import * as tf from '@tensorflow/tfjs';
import { createRng, type Rng } from '../../vrp/rng.js';

/**
 * The model's weights: tf.Variables owned by name. Names are logical ("encoder/0/mha/Wq"), independent
 * of tfjs's global variable registry, so two copies of a model (policy and baseline) can coexist and
 * a checkpoint maps names to tensors. Initial values come from the product's seeded PRNG.
 */
export class ParamStore {
  readonly trainable = new Map<string, tf.Variable>();
  /** Non-trainable state saved with the weights (BatchNorm running statistics). */
  readonly state = new Map<string, tf.Variable>();
  private readonly rng: Rng;
  /** Bumped whenever values change (optimiser step, copy, load): caches of derived weights compare it. */
  version = 0;

  constructor(seed: number) {
    this.rng = createRng(seed);
  }

  /** U(±bound), the AM / PyTorch initialisation. */
  uniform(name: string, shape: number[], bound: number): tf.Variable {
    const size = shape.reduce((a, b) => a * b, 1);
    const values = new Float32Array(size);
    for (let i = 0; i < size; i++) values[i] = (2 * this.rng.next() - 1) * bound;
    return this.add(this.trainable, name, tf.tensor(values, shape), true);
  }

  constant(name: string, shape: number[], value: number, trainable: boolean): tf.Variable {
    return this.add(trainable ? this.trainable : this.state, name, tf.fill(shape, value), trainable);
  }

  /** Every variable by name, trainable first. */
  all(): [string, tf.Variable][] {
    return [...this.trainable, ...this.state];
  }

  /** Copies every value from another store with the same names (e.g. into the frozen baseline). */
  copyFrom(other: ParamStore): void {
    for (const [name, v] of this.all()) {
      const source = other.trainable.get(name) ?? other.state.get(name);
      if (!source) throw new Error(`parameter ${name} is missing in the source model`);
      v.assign(source);
    }
    this.touch();
  }

  touch(): void {
    this.version++;
  }

  dispose(): void {
    for (const [, v] of this.all()) v.dispose();
    this.trainable.clear();
    this.state.clear();
  }

  private add(map: Map<string, tf.Variable>, name: string, init: tf.Tensor, trainable: boolean): tf.Variable {
    if (this.trainable.has(name) || this.state.has(name)) throw new Error(`parameter ${name} is defined twice`);
    const v = tf.variable(init, trainable);
    init.dispose();
    map.set(name, v);
    return v;
  }
}
