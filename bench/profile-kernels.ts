/**
 * Where the time goes, by tfjs kernel, in JAMPR greedy decoding (N=50) and one REINFORCE step (8 x N=20),
 * with the fast cpu kernels. Run: `npx tsx bench/profile-kernels.ts` to see which kernel to speed up next.
 */
import * as tf from '@tensorflow/tfjs';
import { makeVariant } from '../src/shared/domain.js';
import { selectBackend } from '../src/main/jampr/backend/backend.js';
import { decodeGreedy } from '../src/main/jampr/decode.js';
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
  const rng = createRng(n);
  return Array.from({ length: count }, () => buildProblem(generateInstance(n, rng)));
};

async function profile(name: string, run: () => void): Promise<void> {
  const t0 = performance.now();
  const info = await tf.profile(run);
  const wall = performance.now() - t0;
  const byKernel = new Map<string, { ms: number; calls: number }>();
  for (const k of info.kernels) {
    const ms = typeof k.kernelTimeMs === 'number' ? k.kernelTimeMs : 0;
    const entry = byKernel.get(k.name) ?? { ms: 0, calls: 0 };
    byKernel.set(k.name, { ms: entry.ms + ms, calls: entry.calls + 1 });
  }
  const total = [...byKernel.values()].reduce((s, e) => s + e.ms, 0);
  console.log(`\n${name}: ${wall.toFixed(0)} ms wall (profiled), ${total.toFixed(0)} ms in kernels`);
  for (const [kernel, e] of [...byKernel].sort((a, b) => b[1].ms - a[1].ms).slice(0, 15)) {
    console.log(`  ${kernel.padEnd(20)} ${e.ms.toFixed(0).padStart(6)} ms  ${String(e.calls).padStart(6)} calls`);
  }
}

async function main(): Promise<void> {
  await selectBackend({ log: (line) => console.log(line) });
  const policy = new Policy(modelConfig({ tourLength: 20 }), 1);
  const n20 = problems(20, 8);
  await profile('greedy N=50', () => void decodeGreedy(policy, problems(50, 1), jamprEnvConfig(variant, 50)));
  await profile('REINFORCE step 8 x N=20', () => {
    const adam = new Adam(policy.params.trainable);
    const settings = { env: jamprEnvConfig(variant, 20), samplesPerInstance: 1, augment: false, costScale: 1, maxGradNorm: 1 };
    reinforceStep(policy, adam, settings, n20, createRng(3), (costs) => costs.map(() => costs.reduce((s, c) => s + c, 0) / costs.length));
  });
  policy.dispose();
}

void main();
