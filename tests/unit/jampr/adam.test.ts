import * as tf from '@tensorflow/tfjs';
import { describe, expect, it } from 'vitest';
import { Adam, clipByGlobalNorm } from '../../../src/main/jampr/train/adam.js';

describe('Adam and gradient clipping', () => {
  it('moves a parameter as the PyTorch update rule does, step after step', () => {
    const p = tf.variable(tf.tensor1d([1, -2, 0.5]));
    const adam = new Adam(new Map([['w', p]]), { learningRate: 0.1, beta1: 0.9, beta2: 0.999, epsilon: 1e-8 });
    const gradients = [
      [0.3, -1, 2],
      [-0.5, 0.25, 4],
    ];
    // The rule written out in doubles: m, v moments with bias correction.
    const expected = [1, -2, 0.5];
    const m = [0, 0, 0];
    const v = [0, 0, 0];
    gradients.forEach((g, k) => {
      const t = k + 1;
      for (let i = 0; i < 3; i++) {
        m[i] = 0.9 * m[i] + 0.1 * g[i];
        v[i] = 0.999 * v[i] + 0.001 * g[i] * g[i];
        expected[i] -= (0.1 * (m[i] / (1 - 0.9 ** t))) / (Math.sqrt(v[i] / (1 - 0.999 ** t)) + 1e-8);
      }
      adam.apply(new Map([['w', tf.tensor1d(g)]]));
    });
    for (const [i, x] of Array.from(p.dataSync()).entries()) expect(x).toBeCloseTo(expected[i], 5);
    expect(adam.step).toBe(2);
    adam.dispose();
    p.dispose();
  });

  it('rescales gradients to the global norm only when they exceed it', () => {
    const grads = new Map([
      ['a', tf.tensor1d([3, 0])],
      ['b', tf.tensor1d([4])],
    ]);
    expect(clipByGlobalNorm(grads, 10)).toBeCloseTo(5, 6);
    expect(Array.from(grads.get('a')!.dataSync())).toEqual([3, 0]);
    expect(clipByGlobalNorm(grads, 1)).toBeCloseTo(5, 6);
    expect(grads.get('a')!.dataSync()[0]).toBeCloseTo(0.6, 5);
    expect(grads.get('b')!.dataSync()[0]).toBeCloseTo(0.8, 5);
    tf.dispose([...grads.values()]);
  });
});
