/**
 * Classical (and optionally random(1000)) on generated R201-like instances, averaged per variant.
 *   npx tsx bench/generated-classical.ts [--size 50] [--count 5] [--seconds 2] [--seed 1234] [--variants tw1,tw2,tw3] [--random]
 * Compare with the paper's GORT-GLS rows (docs/paper-results.md; 8 s per instance, averaged over 10 000 instances).
 */
import { parseArgs } from 'node:util';
import { makeVariant, type VariantName } from '../src/shared/domain.js';
import { evaluateIndexRoutes } from '../src/main/vrp/evaluate.js';
import { generateInstances } from '../src/main/vrp/generate.js';
import { compileProblem } from '../src/main/vrp/problem.js';
import { runClassical } from '../src/main/vrp/solvers/classical.js';
import { solveRandom } from '../src/main/vrp/solvers/random.js';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '50' },
    count: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '2' },
    seed: { type: 'string', default: '1234' },
    variants: { type: 'string', default: 'tw1,tw2,tw3' },
    random: { type: 'boolean', default: false },
    lambda: { type: 'string' },
  },
});
const problems = generateInstances(Number(values.size), Number(values.count), Number(values.seed)).map(compileProblem);
console.log(`N=${values.size}, ${problems.length} instances (seed ${values.seed}), classical ${values.seconds} s each`);
console.log('variant method        cost      k      dist     wait    early     late  feasible  iters');
for (const name of values.variants!.split(',') as VariantName[]) {
  const variant = makeVariant(name);
  const methods: [string, (p: (typeof problems)[number], i: number) => { routes: number[][]; iterations?: number }][] = [
    [
      'classical',
      (p, i) =>
        runClassical(p, variant, {
          timeLimitSec: Number(values.seconds),
          seed: i + 1,
          lambdaFactor: values.lambda === undefined ? undefined : Number(values.lambda),
        }),
    ],
  ];
  if (values.random) methods.push(['random(1000)', (p, i) => ({ routes: solveRandom(p, variant, { samples: 1000, seed: i + 1 }) })]);
  for (const [method, solve] of methods) {
    const sum = { cost: 0, k: 0, dist: 0, wait: 0, early: 0, late: 0, feasible: 0, iters: 0 };
    problems.forEach((p, i) => {
      const result = solve(p, i);
      const e = evaluateIndexRoutes(p, result.routes, variant);
      sum.cost += e.cost;
      sum.k += e.vehicles;
      sum.dist += e.distance;
      sum.wait += e.wait;
      sum.early += e.early;
      sum.late += e.late;
      sum.feasible += e.feasible ? 1 : 0;
      sum.iters += result.iterations ?? 0;
    });
    const m = (v: number, d = 2) => (v / problems.length).toFixed(d).padStart(8);
    console.log(
      `${name.padEnd(7)} ${method.padEnd(12)} ${m(sum.cost)} ${m(sum.k)} ${m(sum.dist)} ${m(sum.wait, 1)} ${m(sum.early, 1)} ${m(sum.late, 1)} ${String(sum.feasible).padStart(5)}/${problems.length} ${m(sum.iters, 0)}`,
    );
  }
}
