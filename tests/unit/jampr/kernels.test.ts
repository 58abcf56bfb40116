import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { selectCpuBackend } from '../../../src/main/jampr/backend/backend.js';
import { fastCpuKernelNames, registerFastCpuKernels } from '../../../src/main/jampr/backend/fast-kernels.js';
import { createRng } from '../../../src/main/vrp/rng.js';
import { expectFastMatchesStock, randomTensor } from './kernel-compare.js';

beforeAll(async () => {
  await selectCpuBackend();
  registerFastCpuKernels();
});

const rng = createRng(7);

describe('fast matMul kernels', () => {
  it('replaces BatchMatMul and _FusedMatMul on the cpu backend', () => {
    expect(fastCpuKernelNames()).toEqual(expect.arrayContaining(['BatchMatMul', '_FusedMatMul']));
  });

  const cases: Array<{ a: number[]; b: number[]; ta: boolean; tb: boolean }> = [
    { a: [1, 1], b: [1, 1], ta: false, tb: false },
    { a: [7, 13], b: [13, 5], ta: false, tb: false },
    { a: [67, 130], b: [130, 71], ta: false, tb: false },
    { a: [130, 67], b: [130, 71], ta: true, tb: false },
    { a: [67, 130], b: [71, 130], ta: false, tb: true },
    { a: [130, 67], b: [71, 130], ta: true, tb: true },
    { a: [3, 1, 33], b: [3, 33, 9], ta: false, tb: false },
    { a: [3, 2, 33], b: [3, 9, 33], ta: false, tb: true },
    { a: [3, 33, 2], b: [3, 33, 9], ta: true, tb: false },
    { a: [5, 21, 16], b: [5, 21, 16], ta: false, tb: true },
    { a: [2, 3, 5, 6], b: [2, 3, 6, 7], ta: false, tb: false },
    { a: [4, 9, 17], b: [17, 6], ta: false, tb: false },
    { a: [4, 17, 9], b: [17, 6], ta: true, tb: false },
    { a: [9, 17], b: [4, 17, 6], ta: false, tb: false },
    { a: [1, 9, 17], b: [4, 6, 17], ta: false, tb: true },
    { a: [2, 1, 5, 8], b: [1, 3, 8, 4], ta: false, tb: false },
    { a: [1, 0, 8], b: [1, 8, 3], ta: false, tb: false },
  ];
  for (const { a, b, ta, tb } of cases) {
    it(`matches the stock matMul for [${a}] x [${b}] (transposeA=${ta}, transposeB=${tb})`, () => {
      const x = randomTensor(rng, a);
      const y = randomTensor(rng, b);
      expectFastMatchesStock(() => tf.matMul(x, y, ta, tb));
      tf.dispose([x, y]);
    });
  }

  it('leaves int32 products and shape errors to the stock kernel', () => {
    const x = tf.tensor2d(
      [
        [1, 2],
        [3, 4],
      ],
      [2, 2],
      'int32',
    );
    expectFastMatchesStock(() => tf.matMul(x, x));
    expect(() => tf.matMul(tf.ones([2, 3]), tf.ones([2, 3]))).toThrow(/inner shapes/);
    x.dispose();
  });

  const activations = ['linear', 'relu', 'relu6', 'elu', 'sigmoid', 'leakyrelu', 'prelu'] as const;
  for (const activation of activations) {
    it(`matches the stock fused matMul with a bias and ${activation}`, () => {
      const x = randomTensor(rng, [2, 9, 13]);
      const w = randomTensor(rng, [2, 13, 6]);
      const bias = randomTensor(rng, [6]);
      const alpha = randomTensor(rng, [6]);
      expectFastMatchesStock(() =>
        tf.fused.matMul({
          a: x,
          b: w,
          bias,
          activation,
          preluActivationWeights: activation === 'prelu' ? alpha : undefined,
          leakyreluAlpha: 0.3,
        }),
      );
      tf.dispose([x, w, bias, alpha]);
    });
  }

  it('matches the stock fused matMul with a full-shape bias and transposed operands', () => {
    const x = randomTensor(rng, [13, 9]);
    const w = randomTensor(rng, [6, 13]);
    const bias = randomTensor(rng, [9, 6]);
    expectFastMatchesStock(() => tf.fused.matMul({ a: x, b: w, bias, transposeA: true, transposeB: true, activation: 'relu' }));
    tf.dispose([x, w, bias]);
  });

  it('gives the stock gradients of a dense layer stack', () => {
    const x = randomTensor(rng, [3, 7, 10]);
    const w1 = randomTensor(rng, [10, 12]);
    const b1 = randomTensor(rng, [12]);
    const w2 = randomTensor(rng, [12, 5]);
    const loss = (a: tf.Tensor, p: tf.Tensor, q: tf.Tensor, r: tf.Tensor) => {
      const h = tf.fused.matMul({ a: a.reshape([21, 10]), b: p, bias: q, activation: 'relu' });
      const h3 = h.reshape([3, 7, 12]);
      const values = tf.matMul(h3, r.reshape([1, 12, 5]).tile([3, 1, 1])); // [3, 7, 5]
      const attention = tf.matMul(h3, h3, false, true); // [3, 7, 7]
      return tf.sum(tf.matMul(attention, values, true, false));
    };
    expectFastMatchesStock(() => tf.grads(loss)([x, w1, b1, w2]), 1e-4);
    tf.dispose([x, w1, b1, w2]);
  });
});
