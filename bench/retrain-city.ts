/**
 * Retraining on one city's history, as the app's Training tab does it: 50 stored days of one city (40–70 stops),
 * the most recent 20 % held out by the training service's own rule, a run of --minutes from the model that plans
 * the policy today, then greedy plans of the held-out days before and after, against the classical solver.
 *   npx tsx bench/retrain-city.ts [--variant tw1] [--minutes 10] [--days 50] [--size 50] [--seed 7]
 *     [--classical-seconds 10] [--out .tmp/retrain-city]
 */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { makeVariant, type VariantName } from '../src/shared/domain.js';
import { runPlanJob } from '../src/main/jobs/plan.js';
import type { PlanJob } from '../src/main/jobs/protocol.js';
import { runTrainJob } from '../src/main/jobs/train.js';
import { findDefaultModel } from '../src/main/jampr/model-catalog.js';
import { splitHoldout } from '../src/shared/holdout.js';
import { evaluatePlan } from '../src/main/vrp/evaluate.js';
import { generateCity, generateDayIn } from '../src/main/vrp/generate-city.js';
import { createRng } from '../src/main/vrp/rng.js';
import { buildProblem } from '../src/main/vrp/validate.js';

const { values: args } = parseArgs({
  options: {
    variant: { type: 'string', default: 'tw1' },
    minutes: { type: 'string', default: '10' },
    days: { type: 'string', default: '50' },
    size: { type: 'string', default: '50' },
    seed: { type: 'string', default: '7' },
    'classical-seconds': { type: 'string', default: '10' },
    out: { type: 'string', default: '.tmp/retrain-city' },
  },
});
const variantName = args.variant as VariantName;
const variant = makeVariant(variantName);
const size = Number(args.size);
const rng = createRng(Number(args.seed));
const city = generateCity(rng);
const history = Array.from({ length: Number(args.days) }, (_, i) => generateDayIn(city, rng.int(40, 71), rng, `day-${i + 1}`));
const { learn, holdout } = splitHoldout(history);
const signal = new AbortController().signal;
const quiet = { signal, onProgress: () => {} };

const costs = async (job: Omit<PlanJob, 'instance' | 'variant'>) => {
  const out: number[] = [];
  for (const instance of holdout) {
    const plan = await runPlanJob({ instance, variant, seed: 1, ...job }, quiet);
    const e = evaluatePlan(buildProblem(instance), plan.routes, variant);
    const unserved = e.violations.filter((v) => v.kind === 'unserved').length;
    if (unserved) console.log(`${instance.name}: ${unserved} customers not served`);
    out.push(e.cost);
  }
  return out;
};
const mean = (xs: number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;

const current = await findDefaultModel('jampr', variantName, size);
console.log(`city: ${history.length} days, learning from ${learn.length}, ${holdout.length} held out; current model ${current.dir}`);
const classical = mean(await costs({ method: 'classical', timeLimitSec: Number(args['classical-seconds']) }));
const before = mean(await costs({ method: 'jampr', decode: 'greedy', modelDir: current.dir }));
rmSync(args.out, { recursive: true, force: true });
const started = performance.now();
const result = await runTrainJob(
  {
    variant: variantName,
    size,
    minutes: Number(args.minutes),
    instances: learn,
    holdout,
    fromDir: current.dir,
    compareDir: current.dir,
    outDir: args.out,
    name: `retrained-${variantName}`,
  },
  { signal, onProgress: (p) => p.point && p.point.validationCost !== null && console.log(JSON.stringify(p.point)) },
);
const trainedMinutes = (performance.now() - started) / 60000;
const after = mean(await costs({ method: 'jampr', decode: 'greedy', modelDir: resolve(args.out) }));
console.log(
  `training: ${trainedMinutes.toFixed(1)} min wall (comparison included); held-out comparison ${JSON.stringify(result.comparison)}`,
);
console.log('| held-out days | classical | JAMPR greedy before | x classical | JAMPR greedy after | x classical |');
console.log('|---|---|---|---|---|---|');
console.log(
  `| ${holdout.length} | ${classical.toFixed(1)} | ${before.toFixed(1)} | ${(before / classical).toFixed(3)} | ${after.toFixed(1)} | ${(after / classical).toFixed(3)} |`,
);
