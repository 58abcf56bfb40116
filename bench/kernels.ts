/**
 * Micro benchmark: stock vs fast cpu kernels on JAMPR-like shapes (paper dimensions: 128-d embeddings,
 * batch 64, N=20..62 nodes, 8 heads of 16). Run: `npx tsx bench/kernels.ts [filter]`.
 * Stock and fast runs alternate, best of several rounds each, because the machine is shared and noisy.
 */
import * as tf from '@tensorflow/tfjs';
import { loadavg } from 'node:os';
import { selectBackend } from '../src/main/jampr/backend/backend.js';
import { registerFastCpuKernels, unregisterFastCpuKernels } from '../src/main/jampr/backend/fast-kernels.js';
import { createRng } from '../src/main/vrp/rng.js';

interface Case {
  name: string;
  /** Floating-point operations per run, for GFLOP/s (matrix products only). */
  flops?: number;
  shapes: number[][];
  run: (inputs: tf.Tensor[]) => tf.Tensor | tf.Tensor[];
}

const B = 64;
const mm = (m: number, n: number, k: number, batch = 1) => 2 * m * n * k * batch;

const CASES: Case[] = [
  {
    name: 'matMul [10752,128]x[128,512]',
    flops: mm(10752, 512, 128),
    shapes: [
      [10752, 128],
      [128, 512],
    ],
    run: ([a, b]) => tf.matMul(a, b),
  },
  {
    name: 'dense [64,21,128]x[128,128]+bias',
    flops: mm(B * 21, 128, 128),
    shapes: [[B * 21, 128], [128, 128], [128]],
    run: ([a, b, c]) => tf.fused.matMul({ a, b, bias: c }),
  },
  {
    name: 'matMul [64,21,128]x[128,128]',
    flops: mm(21, 128, 128, B),
    shapes: [
      [B, 21, 128],
      [128, 128],
    ],
    run: ([a, b]) => tf.matMul(a, b),
  },
  {
    name: 'attention [512,21,16]x[512,16,21]',
    flops: mm(21, 21, 16, B * 8),
    shapes: [
      [B * 8, 21, 16],
      [B * 8, 16, 21],
    ],
    run: ([a, b]) => tf.matMul(a, b),
  },
  {
    name: 'attention q.kT [512,21,16]x[512,21,16]T',
    flops: mm(21, 21, 16, B * 8),
    shapes: [
      [B * 8, 21, 16],
      [B * 8, 21, 16],
    ],
    run: ([a, b]) => tf.matMul(a, b, false, true),
  },
  {
    name: 'pointer [64,1,256]x[64,256,63]',
    flops: mm(1, 63, 256, B),
    shapes: [
      [B, 1, 256],
      [B, 256, 63],
    ],
    run: ([a, b]) => tf.matMul(a, b),
  },
  {
    name: 'pointer q.kT [64,1,128]x[64,63,128]T',
    flops: mm(1, 63, 128, B),
    shapes: [
      [B, 1, 128],
      [B, 63, 128],
    ],
    run: ([a, b]) => tf.matMul(a, b, false, true),
  },
  {
    name: 'one query [1,128]x[128,63]',
    flops: mm(1, 63, 128),
    shapes: [
      [1, 128],
      [128, 63],
    ],
    run: ([a, b]) => tf.matMul(a, b),
  },
  {
    name: 'tiny [4,8]x[8,4]',
    flops: mm(4, 4, 8),
    shapes: [
      [4, 8],
      [8, 4],
    ],
    run: ([a, b]) => tf.matMul(a, b),
  },
  {
    name: 'grad dW [1344,128]T x [1344,128]',
    flops: mm(128, 128, 1344),
    shapes: [
      [B * 21, 128],
      [B * 21, 128],
    ],
    run: ([a, b]) => tf.matMul(a, b, true, false),
  },
  {
    name: 'add same shape [64,63,128]',
    shapes: [
      [B, 63, 128],
      [B, 63, 128],
    ],
    run: ([a, b]) => tf.add(a, b),
  },
  { name: 'add [64,63,128]+[128]', shapes: [[B, 63, 128], [128]], run: ([a, b]) => tf.add(a, b) },
  {
    name: 'mul [64,63,128]*[64,1,128]',
    shapes: [
      [B, 63, 128],
      [B, 1, 128],
    ],
    run: ([a, b]) => tf.mul(a, b),
  },
  {
    name: 'sub [64,63,128]-[64,63,1]',
    shapes: [
      [B, 63, 128],
      [B, 63, 1],
    ],
    run: ([a, b]) => tf.sub(a, b),
  },
  { name: 'div [64,63,128]/scalar', shapes: [[B, 63, 128], []], run: ([a, b]) => tf.div(a, b) },
  { name: 'transpose [64,63,8,16] perm 0,2,1,3', shapes: [[B, 63, 8, 16]], run: ([a]) => tf.transpose(a, [0, 2, 1, 3]) },
  { name: 'transpose [64,63,128] perm 0,2,1', shapes: [[B, 63, 128]], run: ([a]) => tf.transpose(a, [0, 2, 1]) },
  { name: 'sum last axis [64,63,128]', shapes: [[B, 63, 128]], run: ([a]) => tf.sum(a, -1) },
  { name: 'sum axes 0,1 [64,63,128] (bias grad)', shapes: [[B, 63, 128]], run: ([a]) => tf.sum(a, [0, 1]) },
  { name: 'mean axis 1 [64,63,128]', shapes: [[B, 63, 128]], run: ([a]) => tf.mean(a, 1) },
  { name: 'softmax [512,21,21]', shapes: [[B * 8, 21, 21]], run: ([a]) => tf.softmax(a) },
  { name: 'logSoftmax [64,189]', shapes: [[B, 189]], run: ([a]) => tf.logSoftmax(a) },
  { name: 'slice last axis [64,63,384]->128', shapes: [[B, 63, 384]], run: ([a]) => tf.slice(a, [0, 0, 128], [-1, -1, 128]) },
  { name: 'split last axis [64,63,384] in 3', shapes: [[B, 63, 384]], run: ([a]) => tf.split(a, 3, -1) },
  {
    name: 'concat last axis 3x[64,63,128]',
    shapes: [
      [B, 63, 128],
      [B, 63, 128],
      [B, 63, 128],
    ],
    run: (xs) => tf.concat(xs, -1),
  },
  {
    name: 'pad (slice grad) [64,63,128]',
    shapes: [[B, 63, 128]],
    run: ([a]) =>
      tf.pad(a, [
        [0, 0],
        [0, 0],
        [128, 128],
      ]),
  },
  { name: 'tanh [64,63,128]', shapes: [[B, 63, 128]], run: ([a]) => tf.tanh(a) },
  { name: 'relu [64,63,128]', shapes: [[B, 63, 128]], run: ([a]) => tf.relu(a) },
  { name: 'exp [64,63,128]', shapes: [[B, 63, 128]], run: ([a]) => tf.exp(a) },
  {
    name: 'gather rows [64*63,128] by 64*21 indices',
    shapes: [[B * 63, 128]],
    run: ([a]) =>
      tf.gather(
        a,
        tf.tensor1d(
          Array.from({ length: B * 21 }, (_, i) => (i * 7) % (B * 63)),
          'int32',
        ),
      ),
  },
];

function timeOnce(c: Case, inputs: tf.Tensor[]): number {
  const t0 = performance.now();
  tf.dispose(tf.tidy(() => c.run(inputs)));
  return performance.now() - t0;
}

/** Best time over `rounds`, each round repeating the run until ~minMs have passed (amortises timer noise). */
function bestMs(c: Case, inputs: tf.Tensor[], minMs: number): number {
  let count = 0;
  let total = 0;
  while (total < minMs || count === 0) {
    total += timeOnce(c, inputs);
    count++;
  }
  return total / count;
}

function measure(c: Case, rounds: number): { stock: number; fast: number } {
  const rng = createRng(1);
  const inputs = c.shapes.map((shape) => {
    const size = shape.reduce((p, d) => p * d, 1);
    return tf.tensor(
      Float32Array.from({ length: size }, () => rng.normal()),
      shape,
    );
  });
  let stock = Infinity;
  let fast = Infinity;
  for (let r = 0; r < rounds; r++) {
    unregisterFastCpuKernels();
    stock = Math.min(stock, bestMs(c, inputs, 100));
    registerFastCpuKernels();
    fast = Math.min(fast, bestMs(c, inputs, 100));
  }
  tf.dispose(inputs);
  return { stock, fast };
}

async function main(): Promise<void> {
  const info = await selectBackend({ log: (line) => console.log(line) });
  console.log(`1-minute load average at the start: ${loadavg()[0].toFixed(1)}`);
  if (info.name !== 'cpu') throw new Error('this benchmark compares kernels of the pure-JS cpu backend');
  const filter = process.argv[2] ?? '';
  const rows: string[] = ['| case | stock ms | fast ms | speed-up | stock GFLOP/s | fast GFLOP/s |', '|---|---:|---:|---:|---:|---:|'];
  for (const c of CASES.filter((k) => k.name.includes(filter))) {
    const { stock, fast } = measure(c, 3);
    const gflops = (ms: number) => (c.flops === undefined ? '' : (c.flops / ms / 1e6).toFixed(2));
    const row = `| ${c.name} | ${stock.toFixed(3)} | ${fast.toFixed(3)} | ${(stock / fast).toFixed(1)}x | ${gflops(stock)} | ${gflops(fast)} |`;
    console.log(row);
    rows.push(row);
  }
  console.log(`\n${rows.join('\n')}`);
  console.log(`\n1-minute load average at the end: ${loadavg()[0].toFixed(1)} (shared machine; ratios alternate stock and fast runs)`);
}

void main();
