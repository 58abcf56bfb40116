/**
 * Writes what tools/gpu-train/train.py reads (README.md beside this file):
 *  - `days`: training days in the model frame (src/main/jampr/frame.ts), one file per kind and size:
 *    <kind>-n<N>.f16 float16 [count, N+1, 6] = (x, y, demand, ready, due, service) in frame units (demand raw),
 *    <kind>-n<N>.meta float32 [count, 2] = (fleet K, capacity Q), and index.json listing them;
 *  - `parity`: greedy plans of a shipped model decoded by the product (actions, masks, per-step log-probabilities
 *    and the exact frame-unit travel times), which the port must reproduce.
 *
 *   npx tsx tools/gpu-train/export.ts days --out .gpu/days --count 6000 --seed 77
 *   npx tsx tools/gpu-train/export.ts parity --model jampr-tw1-n50 --out .gpu/parity-tw1.json
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { selectBackend } from '../../src/main/jampr/backend/backend.js';
import { loadCheckpoint } from '../../src/main/jampr/checkpoint.js';
import { jamprEnvConfig } from '../../src/main/jampr/env/config.js';
import { reset, step } from '../../src/main/jampr/env/env.js';
import { modelFrame } from '../../src/main/jampr/frame.js';
import { chooseActions } from '../../src/main/jampr/strategy.js';
import { cityDaySource, generatorSource } from '../../src/main/jampr/train/sources.js';
import { totalDemand } from '../../src/main/vrp/problem.js';
import { createRng } from '../../src/main/vrp/rng.js';
import { buildProblem } from '../../src/main/vrp/validate.js';
import { makeVariant, variantHardTime } from '../../src/shared/domain.js';
import { frameRows, parseBuckets, writeTrainingDays } from './days.js';

const { positionals, values: args } = parseArgs({
  allowPositionals: true,
  options: {
    out: { type: 'string' },
    count: { type: 'string', default: '6000' },
    seed: { type: 'string', default: '77' },
    model: { type: 'string', default: 'jampr-tw1-n50' },
    buckets: { type: 'string', default: 'paper:50,city:35,city:50,city:75,city:100' },
  },
});
if (!args.out) throw new Error('--out is required');

async function exportParity(out: string, model: string, seed: number): Promise<void> {
  await selectBackend({ log: () => {} });
  const { policy, card } = await loadCheckpoint(`resources/models/${model}`, { kind: 'jampr' });
  const variant = makeVariant(card.variant);
  const env = jamprEnvConfig(variant, card.size, card.env);
  // Under soft windows also two days of 100 stops for 2 vans without a load limit, where the fleet rule's hours decide.
  const fewVans = variantHardTime(variant.name) ? [] : cityDaySource(100, 'vans').draw(2, createRng(seed + 2));
  // And three with the fewest vehicles their load allows, where the fleet guard's second half masks actions.
  const tight = cityDaySource(40)
    .draw(3, createRng(seed + 3))
    .map((p) => buildProblem({ ...p.instance, vehicles: Math.ceil(totalDemand(p) / p.capacity) }));
  const days = [
    ...generatorSource(card.size).draw(3, createRng(seed)),
    ...cityDaySource(40).draw(3, createRng(seed + 1)),
    ...fewVans,
    ...tight,
  ];
  const cases = days.map((p) => {
    let state = reset([p], env);
    const decoder = policy.beginInference(state, { training: false });
    const actions: number[] = [];
    const logps: number[] = [];
    const masks: number[][] = [];
    while (!state.done) {
      const logp = decoder.logProbs(state);
      const [best] = chooseActions({ kind: 'greedy' }, logp, state);
      actions.push(best);
      logps.push(logp[best]);
      masks.push(Array.from(state.mask));
      state = step(state, [best]);
    }
    decoder.dispose();
    const f = modelFrame(p);
    return {
      n: p.n,
      fleet: p.vehicles,
      capacity: p.capacity,
      nodes: Array.from(frameRows(p)),
      travel: Array.from(p.travel, (t) => t * f.scale),
      actions,
      logps,
      masks,
      cost: state.distance[0] * f.scale + state.penalty[0] * f.scale,
    };
  });
  writeFileSync(out, JSON.stringify({ model, variant: card.variant, mCon: env.mCon, mPre: env.mPre, cases }));
  console.log(`${out}: ${cases.length} greedy plans of ${model}`);
  policy.dispose();
}

const [command] = positionals;
if (command === 'days') {
  writeTrainingDays(args.out, parseBuckets(args.buckets), Number(args.count), Number(args.seed));
  console.log(`${args.out}: ${args.count} days per bucket (${args.buckets})`);
} else if (command === 'parity') await exportParity(args.out, args.model, Number(args.seed));
else throw new Error(`usage: export.ts days|parity --out PATH (got ${command ?? 'nothing'})`);
