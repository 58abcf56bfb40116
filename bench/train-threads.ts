/**
 * Does training on several threads learn as well per instance as on one? The same untrained model, the same
 * instances and seed, the shipped models' recipe (pomo-mean), trained for --instances on 1 thread and on
 * --threads threads (parallel-step.ts: each batch whole on a thread, gradients applied as they come back);
 * greedy validation cost on the same validation set every epoch (--epoch instances). Prints a markdown table.
 * Speed does not enter: the runs may share the machine (curves are against instances, not seconds).
 *
 *   npx tsx bench/train-threads.ts [--variant tw1] [--size 20] [--instances 2000] [--epoch 400] [--threads 2] [--seed 5]
 */
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { selectBackend } from '../src/main/jampr/backend/backend.js';
import { trainModel } from '../src/main/jampr/train/train.js';
import type { VariantName } from '../src/shared/domain.js';

const { values } = parseArgs({
  options: {
    variant: { type: 'string', default: 'tw1' },
    size: { type: 'string', default: '20' },
    instances: { type: 'string', default: '2000' },
    epoch: { type: 'string', default: '400' },
    threads: { type: 'string', default: '2' },
    seed: { type: 'string', default: '5' },
  },
});

await selectBackend({ log: () => {} });
const run = async (threads: number) => {
  const outDir = `.tmp/train-threads/${threads}`;
  rmSync(outDir, { recursive: true, force: true });
  const started = performance.now();
  const { card } = await trainModel({
    variant: values.variant as VariantName,
    size: Number(values.size),
    outDir,
    seed: Number(values.seed),
    minutes: 600,
    maxInstances: Number(values.instances),
    recipe: { name: 'pomo-mean', epochSize: Number(values.epoch) },
    validationSize: 128,
    validationSeed: 4321,
    checkpointEverySec: 1e9, // validation at epoch ends only, at the same instance counts in both runs
    threads,
  });
  return { threads, curve: card.validation.curve, seconds: (performance.now() - started) / 1000 };
};
const runs = await Promise.all([1, Number(values.threads)].map(run));
console.log(
  `${values.variant} N=${values.size}, pomo-mean from an untrained model, seed ${values.seed}: greedy validation cost (128 instances)`,
);
console.log(`| instances | ${runs.map((r) => `${r.threads} thread${r.threads > 1 ? 's' : ''}`).join(' | ')} |`);
console.log(`|---|${runs.map(() => '---').join('|')}|`);
for (const [i, point] of runs[0].curve.entries()) {
  console.log(`| ${point.instances} | ${runs.map((r) => r.curve[i]?.cost.toFixed(2) ?? '').join(' | ')} |`);
}
console.log(`wall seconds (sharing the machine): ${runs.map((r) => `${r.threads}: ${r.seconds.toFixed(0)}`).join(', ')}`);
