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

const rng = createRng(11);

/** Runs `f` on fresh random inputs of the given shapes, fast vs stock, and disposes the inputs. */
function compareOn(shapes: number[][], f: (xs: tf.Tensor[]) => tf.Tensor | tf.Tensor[], tolerance?: number): void {
  const xs = shapes.map((s) => randomTensor(rng, s));
  expectFastMatchesStock(() => f(xs), tolerance);
  tf.dispose(xs);
}

describe('fast elementwise and data-movement kernels', () => {
  it('replaces the broadcasting, transpose, reduction, softmax and slicing kernels', () => {
    expect(fastCpuKernelNames()).toEqual(
      expect.arrayContaining([
        'Add',
        'Sub',
        'Multiply',
        'RealDiv',
        'Transpose',
        'Sum',
        'Mean',
        'Softmax',
        'Slice',
        'SplitV',
        'PadV2',
        'GatherV2',
        'UnsortedSegmentSum',
        'Tanh',
        'Exp',
        'Log',
        'Relu',
        'Sigmoid',
        'Sqrt',
      ]),
    );
  });

  const binaryShapes: Array<[number[], number[]]> = [
    [
      [5, 7, 9],
      [5, 7, 9],
    ],
    [[5, 7, 9], [9]],
    [
      [5, 7, 9],
      [5, 1, 9],
    ],
    [
      [5, 7, 9],
      [5, 7, 1],
    ],
    [[5, 7, 9], []],
    [[], [5, 7, 9]],
    [[9], [5, 7, 9]],
    [
      [1, 7, 1],
      [5, 1, 9],
    ],
    [
      [3, 1, 4, 1],
      [1, 5, 1, 6],
    ],
    [[0, 3], [3]],
    [[1], [1]],
    [[], []],
    [
      [4, 1, 130],
      [4, 67, 130],
    ],
  ];
  const ops = { add: tf.add, sub: tf.sub, mul: tf.mul, div: tf.div } as const;
  for (const [name, op] of Object.entries(ops)) {
    it(`${name} matches the stock kernel for same-shape, trailing, middle, scalar and two-sided broadcasting`, () => {
      for (const [a, b] of binaryShapes) compareOn([a, b], ([x, y]) => op(x, y));
    });
  }

  it('leaves int32 arithmetic and incompatible shapes to the stock kernels', () => {
    const i = tf.tensor1d([1, 2, 3], 'int32');
    expectFastMatchesStock(() => [tf.add(i, i), tf.mul(i, tf.scalar(3, 'int32'))]);
    expect(() => tf.add(tf.ones([2, 3]), tf.ones([4]))).toThrow(/could not be broadcast/);
    i.dispose();
  });

  const perms: Array<[number[], number[]]> = [
    [
      [5, 7, 9],
      [0, 1, 2],
    ],
    [
      [5, 7, 9],
      [0, 2, 1],
    ],
    [
      [5, 7, 9],
      [1, 0, 2],
    ],
    [
      [5, 7, 9],
      [1, 2, 0],
    ],
    [
      [5, 7, 9],
      [2, 0, 1],
    ],
    [
      [5, 7, 9],
      [2, 1, 0],
    ],
    [
      [2, 3, 4, 5],
      [0, 2, 1, 3],
    ],
    [
      [2, 3, 4, 5],
      [0, 2, 3, 1],
    ],
    [
      [2, 3, 4, 5],
      [3, 2, 1, 0],
    ],
    [
      [2, 3, 4, 5],
      [1, 0, 2, 3],
    ],
    [
      [1, 7, 1, 9],
      [2, 3, 0, 1],
    ],
    [
      [33, 65],
      [1, 0],
    ],
    [
      [0, 3],
      [1, 0],
    ],
    [[6], [0]],
  ];
  it('transpose matches the stock kernel for 1-D to 4-D permutations', () => {
    for (const [shape, perm] of perms) compareOn([shape], ([x]) => tf.transpose(x, perm));
  });

  it('transpose moves int32 data like the stock kernel', () => {
    const x = tf.range(0, 24, 1, 'int32').reshape([2, 3, 4]);
    expectFastMatchesStock(() => tf.transpose(x, [2, 0, 1]));
    x.dispose();
  });

  const reductions: Array<[number[], number[]]> = [
    [[5, 7, 9], [2]],
    [[5, 7, 9], [1]],
    [[5, 7, 9], [0]],
    [
      [5, 7, 9],
      [0, 1],
    ],
    [
      [5, 7, 9],
      [1, 2],
    ],
    [
      [5, 7, 9],
      [0, 2],
    ],
    [
      [5, 7, 9],
      [0, 1, 2],
    ],
    [[5, 7, 9], [-1]],
    [
      [1, 7, 1, 9],
      [0, 1],
    ],
    [[6], [0]],
  ];
  for (const keepDims of [false, true]) {
    it(`sum and mean match the stock kernels over leading, middle, trailing and all axes (keepDims=${keepDims})`, () => {
      for (const [shape, axes] of reductions) {
        compareOn([shape], ([x]) => [tf.sum(x, axes, keepDims), tf.mean(x, axes, keepDims)]);
      }
    });
  }

  it('softmax and logSoftmax match the stock kernels over the last axis', () => {
    for (const shape of [[4, 7], [3, 5, 21], [1], [6, 1]]) {
      compareOn([shape], ([x]) => [tf.softmax(x), tf.logSoftmax(x)]);
    }
    compareOn([[2, 5]], ([x]) => tf.softmax(tf.mul(x, tf.scalar(1000))));
  });

  it('slice matches the stock kernel for strided, last-axis, contiguous and int32 slices', () => {
    compareOn([[5, 7, 9]], ([x]) => [
      tf.slice(x, [1, 2, 3], [3, 4, 5]),
      tf.slice(x, [0, 0, 3], [-1, -1, 4]),
      tf.slice(x, [2, 0, 0], [2, -1, -1]),
      tf.slice(x, [4, 6, 8], [1, 1, 1]),
      tf.slice(x, [0, 0, 0], [0, 7, 9]),
    ]);
    const i = tf.range(0, 60, 1, 'int32').reshape([3, 4, 5]);
    expectFastMatchesStock(() => tf.slice(i, [1, 1, 1], [2, 2, 3]));
    i.dispose();
  });

  it('split and pad match the stock kernels', () => {
    compareOn([[4, 5, 9]], ([x]) => [
      ...tf.split(x, 3, -1),
      ...tf.split(x, [2, 3], 1),
      ...tf.split(x, 2, 0),
      tf.pad(x, [
        [1, 2],
        [0, 0],
        [3, 1],
      ]),
      tf.pad(
        x,
        [
          [0, 0],
          [2, 2],
          [0, 0],
        ],
        1.5,
      ),
    ]);
  });

  it('unary kernels match the stock ones, including large, tiny, negative and non-finite inputs', () => {
    const special = tf.tensor1d([0, -0, 1e-8, -1e-8, 20, -20, 50, -50, 100, -100, 1e30, -1e30, Infinity, -Infinity, NaN]);
    for (const op of [tf.tanh, tf.exp, tf.log, tf.relu, tf.sigmoid, tf.sqrt]) {
      compareOn([[5, 7, 9]], ([x]) => [op(x), op(tf.abs(x)), op(special)], 1e-6);
    }
    special.dispose();
  });

  it('gather matches the stock kernel on every axis, with batch dims, repeats and int32 data', () => {
    const rows = tf.tensor1d([3, 0, 3, 1], 'int32');
    const batched = tf.tensor2d(
      [
        [1, 0],
        [2, 2],
        [0, 1],
      ],
      [3, 2],
      'int32',
    );
    compareOn([[4, 5, 6]], ([x]) => [
      tf.gather(x, rows),
      tf.gather(x, rows, 1),
      tf.gather(x, tf.tensor1d([5, 0], 'int32'), 2),
      tf.gather(x.slice([0, 0, 0], [3, 5, 6]), batched, 1, 1),
      tf.gather(tf.cast(x, 'int32'), rows),
    ]);
    expect(() => tf.gather(tf.ones([2, 2]), tf.tensor1d([2], 'int32'))).toThrow(/not in \[0, 1\]/);
    tf.dispose([rows, batched]);
  });

  it('unsorted segment sums (the gradient of gather) match the stock kernel, out-of-range ids included', () => {
    const ids = tf.tensor1d([3, 0, 3, 1, 7, -1], 'int32');
    compareOn([[6, 4, 5], [6]], ([x, v]) => [tf.unsortedSegmentSum(x, ids, 5), tf.unsortedSegmentSum(v, ids, 4)]);
    compareOn([[12]], ([table]) =>
      tf.grads((t: tf.Tensor) => tf.sum(tf.mul(tf.gather(t, tf.tensor1d([4, 4, 0, 11], 'int32')), tf.range(1, 5))))([table]),
    );
    ids.dispose();
  });

  it('gives the stock gradients of a composite attention-like function', () => {
    compareOn(
      [[3, 6, 8], [8, 24], [24], [3, 1, 8]],
      ([x, w, b, g]) =>
        tf.grads((xi: tf.Tensor, wi: tf.Tensor, bi: tf.Tensor, gi: tf.Tensor) => {
          const h = tf.add(tf.matMul(tf.reshape(tf.mul(xi, gi), [18, 8]), wi).reshape([3, 6, 24]), bi);
          const [q, k, v] = tf.split(h, 3, -1); // 3 x [3, 6, 8]
          const heads = (t: tf.Tensor) => tf.transpose(tf.reshape(t, [3, 6, 2, 4]), [0, 2, 1, 3]); // [3, 2, 6, 4]
          const scores = tf.div(tf.matMul(heads(q), heads(k), false, true), tf.scalar(2)); // [3, 2, 6, 6]
          const attended = tf.matMul(tf.softmax(scores), heads(v)); // [3, 2, 6, 4]
          const merged = tf.reshape(tf.transpose(attended, [0, 2, 1, 3]), [3, 6, 8]);
          const centred = tf.sub(merged, tf.mean(merged, -1, true));
          const picked = tf.gather(tf.sigmoid(centred), tf.tensor1d([2, 0, 2], 'int32'), 1); // [3, 3, 8]
          const logits = tf.slice(tf.sum(tf.mul(tf.tanh(centred), tf.sqrt(tf.exp(picked.mean(1, true)))), 0), [1, 0], [4, 8]);
          return tf.neg(tf.mean(tf.logSoftmax(logits)));
        })([x, w, b, g]),
      1e-4,
    );
  });
});
