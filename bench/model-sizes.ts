/**
 * Which shipped model plans days of a given size best: every shipped model of the method and policy (each size)
 * plans the same days greedily, next to the classical solver, through the same plan job the app and the CLI run,
 * priced by the one evaluator. It checks the size rule (src/shared/model-choice.ts) on the days it decides.
 *   npx tsx bench/model-sizes.ts [--days 40] [--min 20] [--max 34] [--kind city|paper] [--seed 4242]
 *     [--variants tw1,tw3] [--method jampr|am] [--classical-seconds 2]
 * City days come from the project's generator (src/main/vrp/generate-city.ts), paper days from the paper's
 * (src/main/vrp/generate.ts), N drawn uniformly in [min, max].
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type Instance, makeVariant, type VariantName } from '../src/shared/domain.js';
import { generateInstance } from '../src/main/vrp/generate.js';
import { generateCityDay } from '../src/main/vrp/generate-city.js';
import { createRng } from '../src/main/vrp/rng.js';
import { runPlanJob } from '../src/main/jobs/plan.js';
import type { PlanJob } from '../src/main/jobs/protocol.js';
import { evaluatePlan } from '../src/main/vrp/evaluate.js';
import { buildProblem } from '../src/main/vrp/validate.js';

const { values: args } = parseArgs({
  options: {
    days: { type: 'string', default: '40' },
    min: { type: 'string', default: '20' },
    max: { type: 'string', default: '34' },
    kind: { type: 'string', default: 'city' },
    seed: { type: 'string', default: '4242' },
    variants: { type: 'string', default: 'tw1,tw3' },
    method: { type: 'string', default: 'jampr' },
    'classical-seconds': { type: 'string', default: '2' },
  },
});
const method = args.method as 'jampr' | 'am';
const modelsRoot = 'resources/models';

const master = createRng(Number(args.seed));
const days: Instance[] = Array.from({ length: Number(args.days) }, (_, i) => {
  const rng = master.fork();
  const n = rng.int(Number(args.min), Number(args.max) + 1);
  return args.kind === 'paper' ? generateInstance(n, rng) : generateCityDay(n, rng, `city-${args.seed}-${i + 1}`);
});

const signal = new AbortController().signal;
console.log(`${days.length} ${args.kind} days of ${args.min}-${args.max} stops (seed ${args.seed}), ${method} greedy per shipped model`);
console.log('| policy | plan | mean cost | x classical | unserved |');
console.log('|---|---|---|---|---|');
for (const name of args.variants.split(',') as VariantName[]) {
  const variant = makeVariant(name);
  const models = readdirSync(modelsRoot).filter((m) => m.startsWith(`${method}-${name}-n`));
  const plans: [string, Omit<PlanJob, 'instance' | 'variant'>][] = [
    [`classical ${args['classical-seconds']} s`, { method: 'classical', timeLimitSec: Number(args['classical-seconds']) }],
    ...models.map((m): [string, Omit<PlanJob, 'instance' | 'variant'>] => [m, { method, decode: 'greedy', modelDir: join(modelsRoot, m) }]),
  ];
  const rows = plans.map(([label]) => ({ label, cost: 0, unserved: 0 }));
  for (const instance of days) {
    for (const [p, [, settings]] of plans.entries()) {
      const plan = await runPlanJob({ instance, variant, ...settings, seed: 1 }, { signal, onProgress: () => {} });
      const e = evaluatePlan(buildProblem(instance), plan.routes, variant);
      rows[p].cost += e.cost / days.length;
      rows[p].unserved += e.violations.filter((v) => v.kind === 'unserved').length;
    }
  }
  for (const row of rows) {
    console.log(`| ${name} | ${row.label} | ${row.cost.toFixed(1)} | ${(row.cost / rows[0].cost).toFixed(3)} | ${row.unserved} |`);
  }
}
