/**
 * The array decoder (inference) against the tfjs decoder it replaced, plan by plan, on the Table 1 instances:
 * seed 1234, N=20 and N=50, tw1/tw2/tw3, the shipped default models, batch 1 as the app plans.
 *   nice -n 10 npx tsx bench/greedy-decoders.ts [--count 1000] [--variants tw1,tw2,tw3] [--sizes 20,50]
 * Per cell: how many greedy plans are identical; the largest log-probability difference of an allowed action
 * along the tfjs decoder's trajectory; and, where a plan differs, the step where the two first choose
 * differently with the tfjs decoder's log-probability gap between the two choices (a float near-tie).
 */
import { parseArgs } from 'node:util';
import { makeVariant, type VariantName } from '../src/shared/domain.js';
import { selectBackend } from '../src/main/jampr/backend/backend.js';
import { loadCheckpoint } from '../src/main/jampr/checkpoint.js';
import { decodeGreedy } from '../src/main/jampr/decode.js';
import { jamprEnvConfig } from '../src/main/jampr/env/config.js';
import { reset, step } from '../src/main/jampr/env/env.js';
import { routesOf } from '../src/main/jampr/env/routes.js';
import { chooseActions } from '../src/main/jampr/strategy.js';
import { evaluateIndexRoutes } from '../src/main/vrp/evaluate.js';
import { generateInstances } from '../src/main/vrp/generate.js';
import { buildProblem } from '../src/main/vrp/validate.js';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '1000' },
    variants: { type: 'string', default: 'tw1,tw2,tw3' },
    sizes: { type: 'string', default: '20,50' },
  },
});
await selectBackend({ log: () => {} });
const count = Number(values.count);
console.log('| cell | identical plans | max \\|Δ log p\\| | first different choice: step, tfjs log-p gap | cost tfjs → arrays |');
console.log('|---|---|---|---|---|');
for (const name of String(values.variants).split(',') as VariantName[]) {
  for (const n of String(values.sizes).split(',').map(Number)) {
    const { policy, card } = await loadCheckpoint(`resources/models/jampr-${name}-n${n}`);
    const variant = makeVariant(name);
    const env = jamprEnvConfig(variant, n, { mPre: card.env.mPre });
    const problems = generateInstances(n, count, 1234).map(buildProblem);
    let identical = 0;
    let maxDiff = 0;
    const splits: string[] = [];
    const costs: string[] = [];
    for (const problem of problems) {
      // The tfjs decoder's greedy episode, with the array decoder scoring the same states alongside.
      let s = reset([problem], env);
      const tfjs = policy.begin(s, { training: false });
      const arrays = policy.beginInference(s, { training: false });
      let split: string | null = null;
      while (!s.done) {
        const t = tfjs.step(s);
        const old = t.dataSync() as Float32Array;
        t.dispose();
        const fresh = arrays.logProbs(s);
        for (let a = 0; a < old.length; a++) if (s.mask[a]) maxDiff = Math.max(maxDiff, Math.abs(old[a] - fresh[a]));
        const a0 = chooseActions({ kind: 'greedy' }, old, s)[0];
        const a1 = chooseActions({ kind: 'greedy' }, fresh, s)[0];
        if (a0 !== a1 && split === null) split = `${s.steps}, ${(old[a0] - old[a1]).toExponential(1)}`;
        s = step(s, [a0]);
      }
      tfjs.dispose();
      arrays.dispose();
      const before = routesOf(s, 0);
      const after = decodeGreedy(policy, [problem], env)[0]; // the production path
      if (JSON.stringify(before) === JSON.stringify(after)) {
        identical++;
        continue;
      }
      splits.push(split ?? 'none along the tfjs trajectory');
      const cost = (routes: number[][]) => evaluateIndexRoutes(problem, routes, variant).cost.toFixed(2);
      costs.push(`${cost(before)} → ${cost(after)}`);
    }
    const cell = `${name} N=${n}`;
    console.log(
      `| ${cell} | ${identical} / ${problems.length} | ${maxDiff.toExponential(1)} | ${splits.join('; ') || '—'} | ${costs.join('; ') || '—'} |`,
    );
    policy.dispose();
  }
}
