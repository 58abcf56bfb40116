/**
 * Planning at the instance size limit: one instance of N generated customers (R201-like windows, 25 vehicles per
 * 1,000 customers), planned once in this process; prints seconds from the request to the stored-quality plan,
 * how long the solver overran its time limit, and the process's peak resident memory. One size per process so
 * the peaks do not mix:
 *   nice -n 5 npx tsx bench/size-limit.ts --size 2000 --method classical --time-limit 2
 */
import { parseArgs } from 'node:util';
import { runPlanJob } from '../src/main/jobs/plan.js';
import { evaluatePlan } from '../src/main/vrp/evaluate.js';
import { generateInstance } from '../src/main/vrp/generate.js';
import { createRng } from '../src/main/vrp/rng.js';
import { buildProblem } from '../src/main/vrp/validate.js';
import { makeVariant, type MethodName } from '../src/shared/domain.js';

const { values } = parseArgs({
  options: { size: { type: 'string' }, method: { type: 'string', default: 'classical' }, 'time-limit': { type: 'string', default: '2' } },
});
const n = Number(values.size);
const method = values.method as MethodName;
const limit = Number(values['time-limit']);
const instance = { ...generateInstance(n, createRng(n), `size-${n}`), vehicles: Math.ceil(n / 40) };
let peak = 0;
const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
sample.unref();
const started = performance.now();
const result = await runPlanJob(
  { instance, variant: makeVariant('tw2'), method, timeLimitSec: limit, seed: 1 },
  { signal: new AbortController().signal, onProgress: () => (peak = Math.max(peak, process.memoryUsage().rss)) },
);
const evaluation = evaluatePlan(buildProblem(instance), result.routes, makeVariant('tw2'));
const seconds = (performance.now() - started) / 1000;
peak = Math.max(peak, process.memoryUsage().rss);
console.log(
  JSON.stringify({
    customers: n,
    method,
    timeLimitSec: method === 'classical' ? limit : null,
    seconds: Number(seconds.toFixed(2)),
    peakRssMiB: Math.round(peak / 2 ** 20),
    served: evaluation.routes.reduce((a, r) => a + r.customers, 0),
    routes: evaluation.vehicles,
    feasible: evaluation.feasible,
  }),
);
