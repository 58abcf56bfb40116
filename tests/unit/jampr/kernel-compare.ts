/** Helpers for the fast-kernel tests: seeded random tensors and a fast-vs-stock comparison. */
import * as tf from '@tensorflow/tfjs';
import { expect } from 'vitest';
import { registerFastCpuKernels, unregisterFastCpuKernels } from '../../../src/main/jampr/backend/fast-kernels.js';
import type { Rng } from '../../../src/main/vrp/rng.js';

export function randomTensor(rng: Rng, shape: number[]): tf.Tensor {
  const size = shape.reduce((a, b) => a * b, 1);
  return tf.tensor(
    Float32Array.from({ length: size }, () => rng.normal()),
    shape,
  );
}

function flatten(result: tf.Tensor | tf.Tensor[]): { shapes: number[][]; values: Float32Array[] } {
  const list = Array.isArray(result) ? result : [result];
  const out = { shapes: list.map((t) => t.shape), values: list.map((t) => Float32Array.from(t.dataSync())) };
  tf.dispose(list);
  return out;
}

/**
 * Runs `compute` with the fast kernels and with the stock ones and expects the same shapes and values, up to
 * `tolerance` times the largest magnitude (float32 sums in a different order differ in the last bits).
 * Also expects no tensor and no backend buffer to be left behind (`compute` runs inside tf.tidy).
 */
export function expectFastMatchesStock(compute: () => tf.Tensor | tf.Tensor[], tolerance = 1e-5): void {
  registerFastCpuKernels();
  const before = { tensors: tf.memory().numTensors, buffers: tf.backend().numDataIds() };
  const fast = flatten(tf.tidy(compute));
  expect({ tensors: tf.memory().numTensors, buffers: tf.backend().numDataIds() }).toEqual(before);
  unregisterFastCpuKernels();
  let stock: ReturnType<typeof flatten>;
  try {
    stock = flatten(tf.tidy(compute));
  } finally {
    registerFastCpuKernels();
  }
  expect(fast.shapes).toEqual(stock.shapes);
  stock.values.forEach((expected, i) => {
    const actual = fast.values[i];
    let scale = 1e-6;
    let worst = 0;
    for (let j = 0; j < expected.length; j++) {
      const [e, a] = [expected[j], actual[j]];
      if (Number.isFinite(e)) scale = Math.max(scale, Math.abs(e));
      const same = e === a || (Number.isNaN(e) && Number.isNaN(a));
      worst = Math.max(worst, same ? 0 : Number.isFinite(e) && Number.isFinite(a) ? Math.abs(a - e) : Infinity);
    }
    expect(worst / scale).toBeLessThanOrEqual(tolerance);
  });
}
