/**
 * The classical solver on the Gehring & Homberger instances, distance only (tw1, alpha 0), against the
 * best-known distances (data/homberger/BKS.csv):
 *   npx tsx bench/homberger.ts --size 200 --seconds 30     (two instances per class: 12)
 *   npx tsx bench/homberger.ts --size 1000 --seconds 120 --per-class 1     (one per class: 6)
 * Options: --instances C1_2_1,R1_2_1 (instead of the class sample), --threads N (default: one per core), --seed S.
 * Prints a Markdown table and the mean gaps; `gap` uses the plan's unrounded distance, `DIMACS gap` the same
 * routes with truncated arcs (how the best-known values are measured); `CPU s` the CPU time all threads got.
 */
import { processCpuSeconds } from '../src/main/cpu-time.js';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { classicalGap, homberger } from '../src/cli/homberger.js';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '30' },
    'per-class': { type: 'string', default: '2' },
    instances: { type: 'string' },
    threads: { type: 'string' },
    seed: { type: 'string', default: '1' },
  },
});
const size = Number(values.size) === 1000 ? 1000 : 200;
const names = values.instances ? values.instances.split(',') : homberger(size, Number(values['per-class']) === 1 ? 1 : 2);
const seconds = Number(values.seconds);
const threads = values.threads ? Number(values.threads) : undefined;
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

console.log(`${new Date().toISOString()}; ${seconds} s per instance; load average at start ${load()}`);
console.log('| instance | distance | DIMACS distance | k | BKS | BKS k | gap | DIMACS gap | feasible | CPU s |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
let gap = 0;
let truncatedGap = 0;
for (const name of names) {
  // CPU time of every thread of this process: on a shared machine, how much of the cores the run really got.
  const cpu = processCpuSeconds();
  const r = await classicalGap(name, seconds, { seed: Number(values.seed), threads });
  const used = processCpuSeconds() - cpu;
  gap += r.gap;
  truncatedGap += r.truncatedGap;
  const pct = (v: number) => `${v.toFixed(2)} %`;
  console.log(
    `| ${r.name} | ${r.distance.toFixed(1)} | ${r.truncated.toFixed(1)} | ${r.vehicles} | ${r.bks} | ${r.bksVehicles} | ${pct(r.gap)} | ${pct(r.truncatedGap)} | ${r.feasible ? 'yes' : 'NO'} | ${used.toFixed(0)} |`,
  );
}
console.log(`| **mean** | | | | | | **${(gap / names.length).toFixed(2)} %** | **${(truncatedGap / names.length).toFixed(2)} %** | | |`);
console.log(`load average at the end ${load()}`);
