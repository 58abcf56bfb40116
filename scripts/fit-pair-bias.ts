/**
 * Fits the pair bias of a shipped JAMPR model (docs/model.md, "Pair bias"; train/pair-search.ts): its four weights
 * on each action's travel, early arrival, lateness and slack, the rest of the network held fixed, to lower the mean
 * greedy cost on a training set of 32 generated instances at the model's size and 32 city days of sizes drawn from
 * --city. A model made before the bias gets it with zero weight first, where it changes nothing.
 * The model in resources/models/<name>/ is rewritten (float16) only when the greedy cost on a separate validation
 * set (the one of scripts/fine-tune-city.ts: 32 generated instances, 32 city days), each half relative to its
 * cost at the start, improves on average.
 *
 *   nice -n 5 npx tsx scripts/fit-pair-bias.ts --model jampr-tw1-n50 [--city 35-150] [--evaluations 121] [--spread 1]
 */
import { parseArgs } from 'node:util';
import { selectBackend } from '../src/main/jampr/backend/backend.js';
import { loadCheckpoint, saveCheckpoint } from '../src/main/jampr/checkpoint.js';
import { jamprEnvConfig } from '../src/main/jampr/env/config.js';
import { greedyCosts, mean } from '../src/main/jampr/train/costs.js';
import { fitPairBias } from '../src/main/jampr/train/pair-search.js';
import { citySizesSource, generatorSource } from '../src/main/jampr/train/sources.js';
import { makeVariant } from '../src/shared/domain.js';
import type { Problem } from '../src/main/vrp/problem.js';
import { createRng } from '../src/main/vrp/rng.js';

const { values: args } = parseArgs({
  options: {
    model: { type: 'string', default: 'jampr-tw1-n50' },
    city: { type: 'string', default: '35-150' },
    evaluations: { type: 'string', default: '121' },
    spread: { type: 'string', default: '1' },
  },
});
const name = args.model;
const SHIPPED = `resources/models/${name}`;
const [lo, hi] = args.city.split('-').map(Number);

await selectBackend({ log: () => {} });
const { policy, card } = await loadCheckpoint(SHIPPED, { kind: 'jampr', pairBias: true });
const env = jamprEnvConfig(makeVariant(card.variant), card.size, card.env);
/** 32 generated instances and 32 city days (8 sizes, 4 days each) from one seed. */
const instances = (seed: number): Problem[] => [
  ...generatorSource(card.size).draw(32, createRng(seed)),
  ...Array.from({ length: 8 }, (_, i) => citySizesSource(lo, hi).draw(4, createRng(seed + 1 + i))).flat(),
];
const training = instances(6001);
const validation = instances(4321);
/** Mean greedy cost of the generated half and of the city-day half of the validation set. */
const halves = (): [number, number] => {
  const costs = greedyCosts(policy, validation, env);
  return [mean(costs.subarray(0, 32)), mean(costs.subarray(32))];
};

const before = halves();
const fit = fitPairBias(policy, training, env, {
  evaluations: Number(args.evaluations),
  spread: Number(args.spread),
  onGeneration: (m) => console.log(`${m.evaluations} evaluations: best θ = ${fmt(m.theta)}, training ${m.cost.toFixed(4)} of the start`),
});
if (!fit) throw new Error(`${name} has no pair bias`);
const after = halves();
const change = (i: number) => `${before[i].toFixed(1)} -> ${after[i].toFixed(1)}`;
console.log(`validation: generated ${change(0)}, city days ${change(1)}`);
// Both halves weigh alike (a generated instance costs about three city days); the change must help on the whole.
const relative = (after[0] / before[0] + after[1] / before[1]) / 2;
if (relative < 1) {
  const notes = `pair bias fitted with scripts/fit-pair-bias.ts (θ = ${fmt(fit.theta)}; greedy validation: 32 generated N=${card.size} ${change(0)}, 32 city days of ${lo}-${hi} stops ${change(1)}). Before: ${card.notes ?? ''}`;
  await saveCheckpoint(SHIPPED, policy, { ...card, config: policy.config, notes, date: new Date().toISOString() }, undefined, 'float16');
  console.log(`shipped ${name} with θ = ${fmt(fit.theta)} (validation ${relative.toFixed(4)} of the start)`);
} else {
  console.log(`not shipped: validation ${relative.toFixed(4)} of the start`);
}
policy.dispose();

function fmt(values: number[]): string {
  return `[${values.map((v) => v.toFixed(3)).join(', ')}]`;
}
