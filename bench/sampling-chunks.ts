/**
 * How long one sampling chunk takes, which bounds how soon a cancel is seen and how often progress moves:
 * the gap between progress callbacks of decodeSampled, per instance size, with the chunk size the planning job
 * uses (samplingChunk) and with the old fixed 320.
 *   nice -n 5 npx tsx bench/sampling-chunks.ts [modelDir]      (default resources/models/jampr-tw3-n50)
 */
import { cpus, loadavg } from 'node:os';
import { makeVariant } from '../src/shared/domain.js';
import { selectBackend } from '../src/main/jampr/backend/backend.js';
import { loadCheckpoint } from '../src/main/jampr/checkpoint.js';
import { decodeSampled } from '../src/main/jampr/decode.js';
import { jamprEnvConfig } from '../src/main/jampr/env/config.js';
import { samplingChunk } from '../src/main/jobs/sampling-chunk.js';
import { generateInstance } from '../src/main/vrp/generate.js';
import { createRng } from '../src/main/vrp/rng.js';
import { buildProblem } from '../src/main/vrp/validate.js';

await selectBackend();
const modelDir = process.argv[2] ?? 'resources/models/jampr-tw3-n50';
const { policy, card } = await loadCheckpoint(modelDir);
const variant = makeVariant('tw3');
console.log(`${new Date().toISOString()} · ${cpus()[0]?.model} x${cpus().length} · load ${loadavg()[0].toFixed(2)} · ${card.name}`);
console.log('| N | chunk | samples | total s | longest gap between progress reports, s |');
console.log('|---|---|---|---|---|');
for (const n of [50, 100, 200]) {
  const problem = buildProblem(generateInstance(n, createRng(n)));
  const env = jamprEnvConfig(variant, n, { mPre: card.env.mPre });
  for (const chunk of [samplingChunk(n), 320]) {
    const samples = 3 * chunk;
    const started = performance.now();
    let last = started;
    let longest = 0;
    await decodeSampled(policy, problem, env, {
      samples,
      chunk,
      onProgress: () => {
        const now = performance.now();
        longest = Math.max(longest, now - last);
        last = now;
      },
    });
    console.log(`| ${n} | ${chunk} | ${samples} | ${((performance.now() - started) / 1000).toFixed(2)} | ${(longest / 1000).toFixed(2)} |`);
  }
}
