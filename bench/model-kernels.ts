/**
 * End-to-end effect of the fast cpu kernels on the JAMPR model (paper dimensions, untrained weights):
 * greedy decoding, sampling and one REINFORCE step, each timed with the stock kernels and with the fast
 * ones in the same process. Run: `npx tsx bench/model-kernels.ts`.
 */
import * as tf from '@tensorflow/tfjs';
import { loadavg } from 'node:os';
import { makeVariant } from '../src/shared/domain.js';
import { selectBackend } from '../src/main/jampr/backend/backend.js';
import { registerFastCpuKernels, unregisterFastCpuKernels } from '../src/main/jampr/backend/fast-kernels.js';
import { decodeGreedy, decodeSampled } from '../src/main/jampr/decode.js';
import { jamprEnvConfig } from '../src/main/jampr/env/config.js';
import { modelConfig } from '../src/main/jampr/model/config.js';
import { Policy } from '../src/main/jampr/model/policy.js';
import { Adam } from '../src/main/jampr/train/adam.js';
import { reinforceStep } from '../src/main/jampr/train/reinforce.js';
import { generateInstance } from '../src/main/vrp/generate.js';
import { buildProblem } from '../src/main/vrp/validate.js';
import { createRng } from '../src/main/vrp/rng.js';

const variant = makeVariant('tw1');
const problems = (n: number, count: number) => {
  const rng = createRng(n * 1000 + count);
  return Array.from({ length: count }, () => buildProblem(generateInstance(n, rng)));
};

interface Task {
  name: string;
  run: (policy: Policy) => Promise<void> | void;
}

const N20 = problems(20, 8);
const N50 = problems(50, 1);
const TASKS: Task[] = [
  { name: 'greedy N=20, batch of 8 (ms for the batch)', run: (p) => void decodeGreedy(p, N20, jamprEnvConfig(variant, 20)) },
  { name: 'greedy N=50, one instance (ms)', run: (p) => void decodeGreedy(p, N50, jamprEnvConfig(variant, 50)) },
  {
    name: 'sampling 64 at N=20 (ms)',
    run: async (p) => void (await decodeSampled(p, N20[0], jamprEnvConfig(variant, 20), { samples: 64, chunk: 64 })),
  },
  {
    name: 'REINFORCE step, 8 instances N=20 (ms)',
    run: (p) => {
      const adam = new Adam(p.params.trainable);
      const settings = { env: jamprEnvConfig(variant, 20), samplesPerInstance: 1, augment: false, costScale: 1, maxGradNorm: 1 };
      reinforceStep(p, adam, settings, N20, createRng(3), (costs) => costs.map(() => costs.reduce((s, c) => s + c, 0) / costs.length));
    },
  },
];

async function timeMs(task: Task, policy: Policy): Promise<number> {
  const t0 = performance.now();
  await task.run(policy);
  return performance.now() - t0;
}

async function main(): Promise<void> {
  await selectBackend({ log: (line) => console.log(line) });
  console.log(`1-minute load average at the start: ${loadavg()[0].toFixed(1)}`);
  const policy = new Policy(modelConfig({ tourLength: 20 }), 1);
  console.log('| task | stock ms | fast ms | speed-up |\n|---|---:|---:|---:|');
  for (const task of TASKS) {
    let stock = Infinity;
    let fast = Infinity;
    for (let round = 0; round < 2; round++) {
      unregisterFastCpuKernels();
      stock = Math.min(stock, await timeMs(task, policy));
      registerFastCpuKernels();
      fast = Math.min(fast, await timeMs(task, policy));
    }
    console.log(`| ${task.name} | ${stock.toFixed(0)} | ${fast.toFixed(0)} | ${(stock / fast).toFixed(1)}x |`);
  }
  console.log(`1-minute load average at the end: ${loadavg()[0].toFixed(1)}; tensors alive: ${tf.memory().numTensors}`);
  policy.dispose();
}

void main();
