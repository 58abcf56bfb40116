import * as tf from '@tensorflow/tfjs';
import { describe, expect, it } from 'vitest';
import { Adam, clipFactor, globalNorm } from '../../../src/main/jampr/train/adam.js';

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

  it('measures the global norm over all gradients and clips only what exceeds the limit', () => {
    const grads = [tf.tensor1d([3, 0]), new Float64Array([4])];
    expect(globalNorm(grads)).toBeCloseTo(5, 6);
    expect(clipFactor(5, 10)).toBe(1);
    expect(clipFactor(5, 1)).toBeCloseTo(0.2, 6);
    tf.dispose(grads[0] as tf.Tensor);
  });

  it('applies a clipping factor as if the gradients had been scaled first', () => {
    const step = (grad: number[], scale: number) => {
      const p = tf.variable(tf.tensor1d([1, -2]));
      const adam = new Adam(new Map([['w', p]]), { learningRate: 0.1, beta1: 0.9, beta2: 0.999, epsilon: 1e-8 });
      adam.apply(new Map([['w', new Float32Array(grad)]]), scale);
      adam.apply(new Map([['w', new Float32Array(grad.map((g) => -2 * g))]]), scale);
      const [after, m] = [Array.from(p.dataSync()), Array.from(adam.state().moments.get('m/w')?.dataSync() ?? [])];
      adam.dispose();
      p.dispose();
      return { after, m };
    };
    const folded = step([3, 4], 0.2);
    const scaled = step([0.6, 0.8], 1);
    for (const [i, x] of folded.after.entries()) expect(x).toBeCloseTo(scaled.after[i], 6);
    for (const [i, x] of folded.m.entries()) expect(x).toBeCloseTo(scaled.m[i], 6);
  });
});
