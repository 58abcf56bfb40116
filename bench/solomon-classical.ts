/**
 * Classical solver on Solomon instances against the proven distance-only optima (BKS.csv).
 *   npx tsx bench/solomon-classical.ts [--seconds 10] [--alpha 0] [--instances R201,RC201] [--first 50] [--seed 1]
 * With --alpha 0 the tw1 cost is the travel distance, so "gap" compares with the opt column directly
 * (the optima use arcs truncated to one decimal, so they are slightly below the unrounded optimum).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { makeVariant } from '../src/shared/domain.js';
import { evaluateIndexRoutes } from '../src/main/vrp/evaluate.js';
import { compileProblem } from '../src/main/vrp/problem.js';
import { readSolomon } from '../src/main/vrp/io/solomon.js';
import { runClassical } from '../src/main/vrp/solvers/classical.js';

const DATA = fileURLToPath(new URL('../data/solomon', import.meta.url));
const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    alpha: { type: 'string', default: '0' },
    instances: { type: 'string', default: 'R201,RC201' },
    first: { type: 'string' },
    seed: { type: 'string', default: '1' },
    seeds: { type: 'string', default: '1' },
  },
});
const first = values.first ? Number(values.first) : undefined;
const bks = new Map(
  readFileSync(`${DATA}/BKS.csv`, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const f = line.split(',');
      return [f[0], { opt50: Number(f[7]), opt100: Number(f[9]) }] as const;
    }),
);
const variant = makeVariant('tw1', { alpha: Number(values.alpha) });
console.log(`variant tw1 alpha=${variant.alpha}, ${values.seconds} s per run, first=${first ?? 'all'}`);
console.log('instance seed      cost      dist   k   wait    opt    gap%  iters   moves  feasible');
for (const name of values.instances!.split(',')) {
  const instance = readSolomon(readFileSync(`${DATA}/${name}.txt`, 'utf8'), { first });
  const problem = compileProblem(instance);
  const opt = first === 50 ? bks.get(name)?.opt50 : first === undefined ? bks.get(name)?.opt100 : undefined;
  for (let k = 0; k < Number(values.seeds); k++) {
    const seed = Number(values.seed) + k;
    const result = runClassical(problem, variant, { timeLimitSec: Number(values.seconds), seed });
    const e = evaluateIndexRoutes(problem, result.routes, variant);
    const gap = opt && variant.alpha === 0 ? ((e.distance / opt - 1) * 100).toFixed(2) : '-';
    console.log(
      [
        name.padEnd(8),
        String(seed).padStart(4),
        e.cost.toFixed(2).padStart(9),
        e.distance.toFixed(2).padStart(9),
        String(e.vehicles).padStart(3),
        e.wait.toFixed(1).padStart(6),
        String(opt ?? '-').padStart(6),
        gap.padStart(7),
        String(result.iterations).padStart(6),
        String(result.moves).padStart(7),
        String(e.feasible).padStart(9),
      ].join(' '),
    );
  }
}
