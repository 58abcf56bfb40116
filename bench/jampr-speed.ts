/**
 * The model's speed figures on this machine, one thread, fast cpu kernels, paper dimensions:
 * greedy ms per instance (batch 1, as t_inf) at N=20 and N=50, sampling throughput, and training
 * throughput per recipe at N=20 (tw1). CPU time is reported next to wall time because the machine is shared.
 *   npx tsx bench/jampr-speed.ts [modelDir]      (untrained weights when no model is given)
 */
import { processCpuSeconds } from '../src/main/cpu-time.js';
import { loadavg } from 'node:os';
import { makeVariant } from '../src/shared/domain.js';
import { selectBackend } from '../src/main/jampr/backend/backend.js';
import { loadCheckpoint } from '../src/main/jampr/checkpoint.js';
import { decodeGreedy, decodeSampled } from '../src/main/jampr/decode.js';
import { jamprEnvConfig } from '../src/main/jampr/env/config.js';
import { modelConfig } from '../src/main/jampr/model/config.js';
import { Policy } from '../src/main/jampr/model/policy.js';
import { Adam } from '../src/main/jampr/train/adam.js';
import { RolloutBaseline, sampleMeanBaseline } from '../src/main/jampr/train/baseline.js';
import { imitationStep } from '../src/main/jampr/train/imitation.js';
import { reinforceStep } from '../src/main/jampr/train/reinforce.js';
import { generatorSource } from '../src/main/jampr/train/sources.js';
import { createRng } from '../src/main/vrp/rng.js';

const variant = makeVariant('tw1');
const cpuMs = () => processCpuSeconds() * 1000;
async function timed(label: string, units: number, unit: string, f: () => unknown): Promise<void> {
  const c0 = cpuMs();
  const w0 = performance.now();
  await f();
  const cpu = cpuMs() - c0;
  const wall = performance.now() - w0;
  const perUnit = (ms: number) => (unit === 'ms' ? (ms / units).toFixed(1) : ((units / ms) * 1000).toFixed(2));
  console.log(`| ${label} | ${perUnit(cpu)} | ${perUnit(wall)} | ${unit === 'ms' ? 'ms per instance' : `${unit} per second`} |`);
}

await selectBackend();
const modelDir = process.argv[2];
const policy = modelDir ? (await loadCheckpoint(modelDir)).policy : new Policy(modelConfig(), 1);
const draw = (n: number, count: number) => generatorSource(n).draw(count, createRng(n));
console.log(
  `load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}; ${modelDir ?? 'untrained paper-size model'}`,
);
console.log('| task | per CPU-second or CPU ms | per wall-second or wall ms | unit |\n|---|---|---|---|');
for (const n of [20, 50]) {
  const env = jamprEnvConfig(variant, n);
  const set = draw(n, 10);
  decodeGreedy(policy, [set[0]], env); // warm-up: folded weights, kernel JIT
  await timed(`greedy N=${n}, batch 1`, set.length, 'ms', () => {
    for (const p of set) decodeGreedy(policy, [p], env);
  });
  await timed(`sampling N=${n}, S=128 in one chunk`, 128, 'samples', () =>
    decodeSampled(policy, set[0], env, { samples: 128, chunk: 128, seed: 1 }),
  );
}
const n = 20;
const env = jamprEnvConfig(variant, n);
const adam = new Adam(policy.params.trainable);
const rng = createRng(3);
const batch = draw(n, 8);
await timed('training imitation, 8 instances, expert 0.1 s each', 8, 'instances', () =>
  imitationStep(policy, adam, { env, expertSeconds: 0.1, maxGradNorm: 1 }, batch, rng),
);
await timed('training pomo-mean, 8 instances x 8 samples, augmented', 8, 'instances', () =>
  reinforceStep(policy, adam, { env, samplesPerInstance: 8, augment: true, costScale: 0.01, maxGradNorm: 1 }, batch, rng, (c) =>
    sampleMeanBaseline(c, 8),
  ),
);
const baseline = new RolloutBaseline(env, generatorSource(n), 8, rng, policy);
const paperBatch = draw(n, 16);
await timed('training rollout (paper), 16 instances incl. baseline rollouts', 16, 'instances', () =>
  reinforceStep(
    policy,
    adam,
    { env, samplesPerInstance: 1, augment: false, costScale: 0.01, maxGradNorm: 1 },
    paperBatch,
    rng,
    baseline.prepare(1, paperBatch, 1),
  ),
);
