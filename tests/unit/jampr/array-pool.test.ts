import * as tf from '@tensorflow/tfjs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type OpenArrayPool, openCpuArrayPool } from '../../../src/main/jampr/backend/array-pool.js';
import { selectCpuBackend } from '../../../src/main/jampr/backend/backend.js';
import { registerFastCpuKernels } from '../../../src/main/jampr/backend/fast-kernels.js';
import { jamprEnvConfig } from '../../../src/main/jampr/env/config.js';
import { Policy } from '../../../src/main/jampr/model/policy.js';
import { Adam } from '../../../src/main/jampr/train/adam.js';
import { resolveRecipe } from '../../../src/main/jampr/train/recipe.js';
import { trainStep } from '../../../src/main/jampr/train/step.js';
import { createRng } from '../../../src/main/vrp/rng.js';
import { makeVariant } from '../../../src/shared/domain.js';
import { tinyModelConfig, tinyProblems } from './fixtures.js';

let pool: OpenArrayPool | null = null;

beforeAll(async () => {
  await selectCpuBackend();
  registerFastCpuKernels();
});
afterEach(() => {
  pool?.close();
  pool = null;
});

const open = () => {
  pool = openCpuArrayPool(64 * 2 ** 20);
  if (pool === null) throw new Error('the cpu backend is active, so a pool opens');
  return pool;
};
/** The array the backend holds for a tensor (what a kernel reads and writes). */
const arrayOf = (t: tf.Tensor) => (tf.backend() as unknown as { data: { get(id: object): { values: unknown } } }).data.get(t.dataId).values;

const a = () => tf.tensor2d([1, 2, 3, 4, 5, 6, 7, 8], [4, 2]);
const b = () => tf.tensor2d([10, 20, 30, 40, 50, 60, 70, 80], [4, 2]);

describe('the kernel output array pool', () => {
  it("reuses a disposed kernel output's array for the next output of its size, zeroed and overwritten", () => {
    open();
    const [x, y] = [a(), b()];
    const sum = tf.add(x, y);
    const array = arrayOf(sum);
    sum.dispose();
    const product = tf.mul(x, y);
    expect(arrayOf(product)).toBe(array);
    expect(product.arraySync()).toEqual([
      [10, 40],
      [90, 160],
      [250, 360],
      [490, 640],
    ]);
    expect(pool?.heldBytes).toBe(0);
    tf.dispose([x, y, product]);
  });

  it('never reuses an array whose values were read out (dataSync returns the backend array itself)', () => {
    open();
    const [x, y] = [a(), b()];
    const sum = tf.add(x, y);
    const read = sum.dataSync();
    sum.dispose();
    const product = tf.mul(x, y);
    expect(arrayOf(product)).not.toBe(read);
    expect([...read]).toEqual([11, 22, 33, 44, 55, 66, 77, 88]);
    tf.dispose([x, y, product]);
  });

  it('keeps an array while a view of it lives (a contiguous slice shares its input)', () => {
    open();
    const [x, y] = [a(), b()];
    const sum = tf.add(x, y);
    const head = tf.slice(sum, [0, 0], [2, 2]);
    expect((arrayOf(head) as Float32Array).buffer).toBe((arrayOf(sum) as Float32Array).buffer);
    sum.dispose();
    const product = tf.mul(x, y);
    expect(arrayOf(product)).not.toBe(arrayOf(head));
    expect(head.arraySync()).toEqual([
      [11, 22],
      [33, 44],
    ]);
    tf.dispose([x, y, product, head]);
  });

  it('keeps an array while a reshaped tensor shares it, and reuses it once both are gone', () => {
    open();
    const [x, y] = [a(), b()];
    const sum = tf.add(x, y);
    const array = arrayOf(sum);
    const flat = sum.reshape([8]);
    sum.dispose();
    const first = tf.mul(x, y);
    expect(arrayOf(first)).not.toBe(array);
    expect([...(arrayOf(flat) as Float32Array)]).toEqual([11, 22, 33, 44, 55, 66, 77, 88]);
    flat.dispose();
    const second = tf.sub(x, y);
    expect(arrayOf(second)).toBe(array);
    tf.dispose([x, y, first, second]);
  });

  it('never reuses arrays handed in by other code (tf.tensor keeps the caller array)', () => {
    open();
    const mine = new Float32Array([1, 2, 3, 4, 5, 6, 7, 8]);
    const t = tf.tensor2d(mine, [4, 2]);
    t.dispose();
    const [x, y] = [a(), b()];
    const sum = tf.add(x, y);
    expect(arrayOf(sum)).not.toBe(mine);
    expect([...mine]).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    tf.dispose([x, y, sum]);
  });

  it('reuses nothing once closed', () => {
    open().close();
    const [x, y] = [a(), b()];
    const sum = tf.add(x, y);
    const array = arrayOf(sum);
    sum.dispose();
    const product = tf.mul(x, y);
    expect(arrayOf(product)).not.toBe(array);
    tf.dispose([x, y, product]);
  });

  it('leaves training unchanged: two steps with the pool open give the same weights as without it', () => {
    const recipe = resolveRecipe({ name: 'pomo-mean', samplesPerInstance: 3, batchSize: 4, learningRate: 1e-3 });
    const env = jamprEnvConfig(makeVariant('tw1'), 6);
    const problems = tinyProblems(6, 4, 5, true);
    const train = () => {
      const policy = new Policy(tinyModelConfig(), 3);
      const adam = new Adam(policy.params.trainable, { learningRate: 1e-3, beta1: 0.9, beta2: 0.999, epsilon: 1e-8 });
      const context = { policy, adam, env, baseline: null, epoch: 0, frozenNorm: false };
      const rng = createRng(5);
      const costs = [trainStep(recipe, context, problems, rng).meanCost, trainStep(recipe, context, problems, rng).meanCost];
      const weights = policy.params.all().map(([name, v]) => [name, [...(v.dataSync() as Float32Array)]]);
      adam.dispose();
      policy.dispose();
      return { costs, weights };
    };
    const without = train();
    const held = open();
    const withPool = train();
    expect(held.heldBytes).toBeGreaterThan(0); // the steps did hand arrays back
    expect(withPool).toEqual(without);
  });
});
