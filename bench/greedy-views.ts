/**
 * The plain greedy plan against the best of the eight symmetric views' greedy plans (decode.ts,
 * decodeGreedyViews: what sampling counts among its candidates) on the city days of bench/real-days.ts, as
 * mean costs and their ratio to the classical solver's mean cost (as bench/real-days.ts reports) from a real-days
 * results file:
 *   npx tsx bench/greedy-views.ts --results bench/out/real-days.json [--days 50] [--seed 2026] [--variants tw1,tw3]
 */
import { benchCityDays } from './city-days.js';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { makeVariant, type VariantName } from '../src/shared/domain.js';
import { selectBackend } from '../src/main/jampr/backend/backend.js';
import { decodeGreedy, decodeGreedyViews } from '../src/main/jampr/decode.js';
import { jamprEnvConfig } from '../src/main/jampr/env/config.js';
import { findDefaultModel } from '../src/main/jampr/model-catalog.js';
import { withModel } from '../src/main/jampr/policy-cache.js';
import { evaluateIndexRoutes } from '../src/main/vrp/evaluate.js';
import { buildProblem } from '../src/main/vrp/validate.js';

const { values: args } = parseArgs({
  options: {
    days: { type: 'string', default: '50' },
    seed: { type: 'string', default: '2026' },
    variants: { type: 'string', default: 'tw1,tw3' },
    results: { type: 'string', default: 'bench/out/real-days.json' },
  },
});
await selectBackend({ log: () => {} });
const classical: Record<string, { classical?: { cost: number }[] }> = JSON.parse(readFileSync(args.results, 'utf8'));
const days = benchCityDays(Number(args.days), Number(args.seed)).map(buildProblem);
console.log('| policy | days | plain greedy: mean cost (x classical) | best of 8 views | change |');
console.log('|---|---|---|---|---|');
for (const name of args.variants.split(',') as VariantName[]) {
  const reference = classical[name]?.classical;
  if (!reference || reference.length < days.length)
    throw new Error(`${args.results} has no classical rows for ${name} on ${days.length} days`);
  const variant = makeVariant(name);
  let plain = 0;
  let views = 0;
  let base = 0;
  for (const [i, problem] of days.entries()) {
    const { dir } = await findDefaultModel('jampr', name, problem.n);
    await withModel(dir, 'jampr', ({ policy, card }) => {
      const env = jamprEnvConfig(variant, problem.n, { mPre: card.env.mPre });
      plain += evaluateIndexRoutes(problem, decodeGreedy(policy, [problem], env)[0], variant).cost;
      views += decodeGreedyViews(policy, problem, env).evaluation.cost;
      base += reference[i].cost;
    });
  }
  const ratio = (cost: number) => `${(cost / days.length).toFixed(1)} (${(cost / base).toFixed(3)})`;
  console.log(`| ${name} | ${days.length} | ${ratio(plain)} | ${ratio(views)} | ${(((views - plain) / plain) * 100).toFixed(1)} % |`);
}
