/**
 * JAMPR greedy on the city days of bench/real-days.ts with the pair bias of the N=50 model set to given weights
 * (docs/model.md, "Pair bias"), as its ratio to the classical rows of a real-days results file: to see what other
 * weights would do on city days without shipping them.
 *   npx tsx bench/pair-bias.ts --variant tw1 --theta=-1.438,-1.567,-1.338,0.504 --results bench/out/real-days.json
 *     [--days 50] [--seed 2026]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { benchCityDays } from './city-days.js';
import { makeVariant, type VariantName } from '../src/shared/domain.js';
import { selectBackend } from '../src/main/jampr/backend/backend.js';
import { loadCheckpoint } from '../src/main/jampr/checkpoint.js';
import { decodeGreedy } from '../src/main/jampr/decode.js';
import { jamprEnvConfig } from '../src/main/jampr/env/config.js';
import { findDefaultModel } from '../src/main/jampr/model-catalog.js';
import { setPairBias } from '../src/main/jampr/train/pair-search.js';
import { evaluateIndexRoutes } from '../src/main/vrp/evaluate.js';
import { buildProblem } from '../src/main/vrp/validate.js';

const { values: args } = parseArgs({
  options: {
    variant: { type: 'string', default: 'tw1' },
    theta: { type: 'string' },
    days: { type: 'string', default: '50' },
    seed: { type: 'string', default: '2026' },
    results: { type: 'string', default: 'bench/out/real-days.json' },
  },
});
await selectBackend({ log: () => {} });
const name = args.variant as VariantName;
const variant = makeVariant(name);
const reference: { cost: number }[] | undefined = JSON.parse(readFileSync(args.results, 'utf8'))[name]?.classical;
const days = benchCityDays(Number(args.days), Number(args.seed)).map(buildProblem);
if (!reference || reference.length < days.length)
  throw new Error(`${args.results} has no classical rows for ${name} on ${days.length} days`);
let greedy = 0;
let classical = 0;
for (const [i, p] of days.entries()) {
  const { dir } = await findDefaultModel('jampr', name, p.n);
  const { policy, card } = await loadCheckpoint(dir, { pairBias: true });
  if (args.theta && card.size === 50) setPairBias(policy, args.theta.split(',').map(Number));
  greedy += evaluateIndexRoutes(p, decodeGreedy(policy, [p], jamprEnvConfig(variant, p.n, { mPre: card.env.mPre }))[0], variant).cost;
  classical += reference[i].cost;
  policy.dispose();
}
console.log(
  `${name}, θ of the N=50 model ${args.theta ?? 'as shipped'}: JAMPR greedy ${(greedy / days.length).toFixed(1)} (${(greedy / classical).toFixed(3)} x classical)`,
);
