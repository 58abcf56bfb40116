/**
 * Old against new in one run, interleaved instance by instance so that both see the same machine load: greedy
 * decoding (batch 1) with the tfjs decoder and with the array decoder, and N=20 sampling (128 samples) with the
 * tfjs decoder in one chunk on one thread (the code before the array decoder), with the array decoder on one
 * thread and on two (the app's sampling). Shipped tw1 models. Wall-clock ms and the ratios.
 *   nice -n 5 npx tsx bench/decoder-speed.ts [--count 10]
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { makeVariant } from '../src/shared/domain.js';
import { selectBackend } from '../src/main/jampr/backend/backend.js';
import { loadCheckpoint } from '../src/main/jampr/checkpoint.js';
import { decodeGreedy } from '../src/main/jampr/decode.js';
import { jamprEnvConfig } from '../src/main/jampr/env/config.js';
import { reset, step } from '../src/main/jampr/env/env.js';
import type { Policy } from '../src/main/jampr/model/policy.js';
import { planWithModel } from '../src/main/jampr/planner.js';
import { chooseActions, type Strategy } from '../src/main/jampr/strategy.js';
import { generatorSource } from '../src/main/jampr/train/sources.js';
import { samplingChunk } from '../src/main/jobs/sampling-chunk.js';
import type { Problem } from '../src/main/vrp/problem.js';
import { createRng } from '../src/main/vrp/rng.js';
import type { EnvConfig } from '../src/main/jampr/env/config.js';

const { values } = parseArgs({ options: { count: { type: 'string', default: '10' } } });
const count = Number(values.count);
await selectBackend({ log: () => {} });
const variant = makeVariant('tw1');
const draw = (n: number) => generatorSource(n).draw(count + 1, createRng(n));

/** The tfjs decoder's episode as rollout.ts ran it before the array decoder. */
function tfjsEpisode(policy: Policy, problems: readonly Problem[], env: EnvConfig, strategy: Strategy, repeat: number): void {
  let s = reset(problems, env);
  const decoder = policy.begin(s, { training: false, repeat });
  while (!s.done) {
    const t = decoder.step(s);
    const actions = chooseActions(strategy, t.dataSync() as Float32Array, s);
    t.dispose();
    s = step(s, actions);
  }
  decoder.dispose();
}

const time = (f: () => unknown) => {
  const t0 = performance.now();
  f();
  return performance.now() - t0;
};
const timeAsync = async (f: () => Promise<unknown>) => {
  const t0 = performance.now();
  await f();
  return performance.now() - t0;
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

console.log(`load average at start ${loadavg()[0].toFixed(1)}, ${new Date().toISOString()}\n`);
console.log('| task | tfjs decoder | array decoder | ratio |\n|---|---:|---:|---:|');
for (const n of [20, 50]) {
  const { policy } = await loadCheckpoint(`resources/models/jampr-tw1-n${n}`);
  const env = jamprEnvConfig(variant, n);
  const set = draw(n);
  tfjsEpisode(policy, [set[0]], env, { kind: 'greedy' }, 1); // warm-up of both paths
  decodeGreedy(policy, [set[0]], env);
  const old: number[] = [];
  const fresh: number[] = [];
  for (const p of set.slice(1)) {
    old.push(time(() => tfjsEpisode(policy, [p], env, { kind: 'greedy' }, 1)));
    fresh.push(time(() => decodeGreedy(policy, [p], env)));
  }
  console.log(
    `| greedy N=${n}, batch 1 (ms per instance) | ${mean(old).toFixed(1)} | ${mean(fresh).toFixed(1)} | ${(mean(old) / mean(fresh)).toFixed(2)}× |`,
  );
  policy.dispose();
}

// Sampling, N=20, 128 samples per instance: samples per second.
const { policy } = await loadCheckpoint('resources/models/jampr-tw1-n20');
const env = jamprEnvConfig(variant, 20);
const set = draw(20);
const samples = 128;
const sampled = (p: Problem, threads: number, seed: number) =>
  planWithModel(p, variant, { method: 'jampr', decode: 'sample', samples, chunk: samplingChunk(20), seed, threads });
tfjsEpisode(policy, Array(samples).fill(set[0]), env, { kind: 'sample', rng: createRng(1) }, samples);
await sampled(set[0], 1, 1);
await sampled(set[0], 2, 1); // starts the helper thread
const ms = { old: [] as number[], one: [] as number[], two: [] as number[] };
for (const [i, p] of set.slice(1).entries()) {
  ms.old.push(time(() => tfjsEpisode(policy, Array(samples).fill(p), env, { kind: 'sample', rng: createRng(i) }, samples)));
  ms.one.push(await timeAsync(() => sampled(p, 1, i)));
  ms.two.push(await timeAsync(() => sampled(p, 2, i)));
}
const rate = (xs: number[]) => samples / (mean(xs) / 1000);
console.log(
  `| sampling N=20, 1 thread (samples/s) | ${rate(ms.old).toFixed(1)} | ${rate(ms.one).toFixed(1)} | ${(rate(ms.one) / rate(ms.old)).toFixed(2)}× |`,
);
console.log(
  `| sampling N=20, 2 threads (samples/s) | | ${rate(ms.two).toFixed(1)} | ${(rate(ms.two) / rate(ms.one)).toFixed(2)}× one thread |`,
);
console.log(`\nload average at end ${loadavg()[0].toFixed(1)}, ${new Date().toISOString()}`);
