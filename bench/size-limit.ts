/**
 * Planning at the instance size limit: one instance of N generated customers (R201-like windows, 25 vehicles per
 * 1,000 customers), planned once in this process; prints seconds from the request to the stored-quality plan,
 * how long the solver overran its time limit, and the process's peak resident memory. One size per process so
 * the peaks do not mix:
 *   nice -n 5 npx tsx bench/size-limit.ts --size 2000 --method classical --time-limit 2
 * `--city` plans a city day of that size instead (lat/lon, clock windows, its own fleet a little above the demand),
 * under `--variant` (default tw2):
 *   npx tsx bench/size-limit.ts --size 1000 --method jampr --city --variant tw1
 */
import { parseArgs } from 'node:util';
import { runPlanJob } from '../src/main/jobs/plan.js';
import { evaluatePlan } from '../src/main/vrp/evaluate.js';
import { generateInstance } from '../src/main/vrp/generate.js';
import { generateCityDay } from '../src/main/vrp/generate-city.js';
import { createRng } from '../src/main/vrp/rng.js';
import { buildProblem } from '../src/main/vrp/validate.js';
import { makeVariant, type MethodName, type VariantName } from '../src/shared/domain.js';

const { values } = parseArgs({
  options: {
    size: { type: 'string' },
    method: { type: 'string', default: 'classical' },
    'time-limit': { type: 'string', default: '2' },
    city: { type: 'boolean', default: false },
    variant: { type: 'string', default: 'tw2' },
  },
});
const n = Number(values.size);
const method = values.method as MethodName;
const limit = Number(values['time-limit']);
const variant = makeVariant(values.variant as VariantName);
const instance = values.city
  ? generateCityDay(n, createRng(n), `city-${n}`)
  : { ...generateInstance(n, createRng(n), `size-${n}`), vehicles: Math.ceil(n / 40) };
let peak = 0;
const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
sample.unref();
const started = performance.now();
const result = await runPlanJob(
  { instance, variant, method, timeLimitSec: limit, seed: 1 },
  { signal: new AbortController().signal, onProgress: () => (peak = Math.max(peak, process.memoryUsage().rss)) },
);
const evaluation = evaluatePlan(buildProblem(instance), result.routes, variant);
const seconds = (performance.now() - started) / 1000;
peak = Math.max(peak, process.memoryUsage().rss);
console.log(
  JSON.stringify({
    customers: n,
    day: values.city ? `city day, ${instance.vehicles} vehicles` : `generated, ${instance.vehicles} vehicles`,
    variant: variant.name,
    method,
    timeLimitSec: method === 'classical' ? limit : null,
    seconds: Number(seconds.toFixed(2)),
    peakRssMiB: Math.round(peak / 2 ** 20),
    served: evaluation.routes.reduce((a, r) => a + r.customers, 0),
    routes: evaluation.vehicles,
    feasible: evaluation.feasible,
  }),
);
