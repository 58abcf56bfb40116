/** Worker for bench/parallel.ts: a fixed CPU-bound tfjs workload shaped like a decoding chunk. */
import * as tf from '@tensorflow/tfjs';
import { selectBackend } from '../src/main/jampr/backend/backend.js';
import { serveTasks } from '../src/main/jampr/parallel.js';

const ready = selectBackend({ log: () => {} });

serveTasks<{ steps: number }, number>(async ({ steps }) => {
  await ready;
  const t0 = performance.now();
  tf.tidy(() => {
    const x = tf.randomNormal([64 * 21, 128]);
    const w = tf.randomNormal([128, 128]);
    let h = x;
    for (let i = 0; i < steps; i++) h = tf.softmax(tf.matMul(h, w).reshape([64, 21, 128])).reshape([64 * 21, 128]);
    return h.sum().dataSync();
  });
  return performance.now() - t0;
});
