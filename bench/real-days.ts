/**
 * Real days: the planner's methods on city days (src/main/vrp/generate-city.ts: lat/lon, clock windows, a fixed
 * fleet), through the same plan job the app and the CLI run, priced by the one evaluator.
 *   npx tsx bench/real-days.ts [--days 50] [--seed 2026] [--variants tw1,tw3]
 *     [--methods classical,random,jampr-greedy,jampr-sample,jampr-ls,am-greedy,classical-2s,jampr-ls-2s] [--classical-seconds 10]
 *     [--ls-seconds 5]
 *     [--samples 128] [--models resources/models] [--results bench/out/real-days.json] [--out-of-reach N]
 *     [--service MIN-MAX]
 * Results are kept per day in --results: a method already there for at least these days is not run again (so the
 * classical rows are paid once and shared by runs with other models, and by runs of fewer days: the first days of a
 * seed are the same whatever --days). The table prints each method's mean cost, its ratio to the
 * classical mean, vehicles, unserved customers and seconds per day.
 *
 * Tight fleets: `--fleet-from <results file>` cuts each day's fleet to the vehicles the classical solver used in
 * that file (so the fleet suffices: that plan proves it) and starts the classical rows from those plans, which fit
 * the cut fleet exactly. Use a separate --results file for such runs.
 *
 * Customers out of reach: `--out-of-reach N` gives N customers of each day (drawn with the day's seed) a window that
 * closes when the depot opens, so no vehicle can reach them in time: soft windows serve them late, hard windows must
 * name them as not served, on the day's own fleet. Use a separate --results file for such runs.
 *
 * Longer stops: `--service MIN-MAX` redraws every customer's service time in [MIN, MAX] minutes (the day's seed),
 * each window's close moved earlier where needed so that the stop can still be served alone and the vehicle be
 * back by the end of the shift (generate-city.ts withServiceRedrawn). Models without the service feature do not read
 * service times (docs/model.md, "The network"): this shows what that costs on days of installations or deliveries
 * that take half an hour.
 */
import { benchCityDays, DAY_SIZES } from './city-days.js';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type Instance, makeVariant, type VariantName } from '../src/shared/domain.js';
import { createRng } from '../src/main/vrp/rng.js';
import type { PlanJob } from '../src/main/jobs/protocol.js';
import { runPlanJob } from '../src/main/jobs/plan.js';
import { evaluatePlan } from '../src/main/vrp/evaluate.js';
import { buildProblem } from '../src/main/vrp/validate.js';
import { withServiceRedrawn } from '../src/main/vrp/generate-city.js';
import { givenModelsRootProblem } from '../src/main/jampr/model-catalog.js';

const { values: args } = parseArgs({
  options: {
    days: { type: 'string', default: '50' },
    seed: { type: 'string', default: '2026' },
    variants: { type: 'string', default: 'tw1,tw3' },
    methods: { type: 'string', default: 'classical,jampr-greedy,jampr-sample,jampr-ls,am-greedy' },
    'classical-seconds': { type: 'string', default: '10' },
    'ls-seconds': { type: 'string', default: '5' },
    samples: { type: 'string', default: '128' },
    models: { type: 'string' },
    results: { type: 'string', default: 'bench/out/real-days.json' },
    'fleet-from': { type: 'string' },
    'out-of-reach': { type: 'string', default: '0' },
    service: { type: 'string' },
  },
});
if (args.models !== undefined) {
  // Checked before the first row: a mistyped folder would otherwise fail the first learned row, after the classical
  // rows' minutes.
  const root = resolve(args.models);
  const problem = await givenModelsRootProblem(root, '--models');
  if (problem) {
    console.error(`real-days: ${problem.message}`);
    process.exit(1);
  }
  process.env.JAMPR_MODELS_DIR = root;
}

const generated = withService(
  withOutOfReach(benchCityDays(Number(args.days), Number(args.seed)), Number(args['out-of-reach'])),
  args.service,
);

/** Each customer's service redrawn in [lo, hi] minutes, its window's close kept reachable with the longer stop. */
function withService(days: Instance[], range: string | undefined): Instance[] {
  if (range === undefined) return days;
  const [lo, hi] = range.split('-').map(Number);
  if (!(lo >= 0 && hi >= lo)) throw new Error(`--service ${range}: expected MIN-MAX minutes, e.g. 20-45`);
  const rng = createRng(Number(args.seed) + 2);
  return days.map((day) => withServiceRedrawn(day, rng, lo, hi));
}

/** Each day with `count` of its customers given a window that closes at the depot's opening (no vehicle reaches it). */
function withOutOfReach(days: Instance[], count: number): Instance[] {
  if (!(count > 0)) return days;
  const rng = createRng(Number(args.seed) + 1);
  return days.map((day) => {
    const chosen = new Set<number>();
    while (chosen.size < Math.min(count, day.customers.length)) chosen.add(rng.int(0, day.customers.length));
    const open = day.depot.ready;
    return { ...day, customers: day.customers.map((c, i) => (chosen.has(i) ? { ...c, ready: open, due: open } : c)) };
  });
}

const METHODS: Record<string, Omit<PlanJob, 'instance' | 'variant'>> = {
  classical: { method: 'classical', timeLimitSec: Number(args['classical-seconds']) },
  random: { method: 'random' },
  'jampr-greedy': { method: 'jampr', decode: 'greedy' },
  'jampr-sample': { method: 'jampr', decode: 'sample', samples: Number(args.samples) },
  'jampr-ls': { method: 'jampr', decode: 'greedy', improveSec: Number(args['ls-seconds']) },
  'am-greedy': { method: 'am', decode: 'greedy' },
  // The app's default is chosen between these two: the best plans within a couple of seconds.
  'classical-2s': { method: 'classical', timeLimitSec: 2 },
  'jampr-ls-2s': { method: 'jampr', decode: 'greedy', improveSec: 2 },
};

interface DayResult {
  cost: number;
  /** The cost's parts: driving minutes and, under tw1, minutes of waiting for windows to open (rows saved before they were recorded lack them). */
  distance?: number;
  wait?: number;
  vehicles: number;
  fleet: number;
  unserved: number;
  seconds: number;
}
type Results = Record<string, Record<string, DayResult[]>>;
const results: Results = existsSync(args.results) ? JSON.parse(readFileSync(args.results, 'utf8')) : {};
const save = () => {
  mkdirSync(dirname(args.results), { recursive: true });
  writeFileSync(args.results, `${JSON.stringify(results, null, 1)}\n`);
};

/** The fleet each day is planned with: its own, or (--fleet-from) the vehicles the classical plan used there. */
function fleetCut(name: string): { days: typeof generated; classical?: DayResult[] } {
  if (!args['fleet-from']) return { days: generated };
  const source: Results = JSON.parse(readFileSync(args['fleet-from'], 'utf8'));
  const classical = source[name]?.classical;
  if (classical?.length !== generated.length) {
    throw new Error(`${args['fleet-from']} has no classical rows for ${name} on these ${generated.length} days`);
  }
  const days = generated.map((day, d) => ({ ...day, vehicles: classical[d].vehicles }));
  return { days, classical: classical.map((r) => ({ ...r, fleet: r.vehicles })) };
}

const signal = new AbortController().signal;
let days = generated;
for (const name of args.variants.split(',') as VariantName[]) {
  const variant = makeVariant(name);
  results[name] ??= {};
  const cut = fleetCut(name);
  days = cut.days;
  if (cut.classical) results[name].classical ??= cut.classical;
  for (const method of args.methods.split(',')) {
    const settings = METHODS[method];
    if (!settings) throw new Error(`unknown method ${method}; known: ${Object.keys(METHODS).join(', ')}`);
    // Days are drawn in order from the seed, so a run of more days holds these as its first ones.
    if ((results[name][method]?.length ?? 0) >= days.length) continue;
    const rows: DayResult[] = [];
    for (const instance of days) {
      const plan = await runPlanJob({ instance, variant, ...settings, seed: 1 }, { signal, onProgress: () => {} });
      const e = evaluatePlan(buildProblem(instance), plan.routes, variant);
      const unserved = e.violations.filter((v) => v.kind === 'unserved').length;
      rows.push({
        cost: e.cost,
        distance: e.distance,
        wait: e.wait,
        vehicles: e.vehicles,
        fleet: instance.vehicles,
        unserved,
        seconds: plan.seconds,
      });
    }
    results[name][method] = rows;
    save();
  }
  printTable(name, results[name]);
}

function printTable(variant: string, byMethod: Record<string, DayResult[]>): void {
  const mean = (xs: number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;
  const classical = byMethod.classical ? mean(byMethod.classical.slice(0, days.length).map((r) => r.cost)) : NaN;
  console.log(`\n${variant}: ${days.length} city days of ${DAY_SIZES[0]}-${DAY_SIZES[1]} stops (seed ${args.seed})`);
  console.log('| method | mean cost | x classical | driving | waiting | vehicles | unserved (days) | s/day |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const [method, all] of Object.entries(byMethod)) {
    // This run's days only: a method measured on fewer is left out, one on more counts its first ones.
    if (all.length < days.length) continue;
    const rows = all.slice(0, days.length);
    const cost = mean(rows.map((r) => r.cost));
    const unserved = rows.reduce((a, r) => a + r.unserved, 0);
    const daysShort = rows.filter((r) => r.unserved > 0).length;
    const part = (f: (r: DayResult) => number | undefined) =>
      rows.every((r) => f(r) !== undefined) ? mean(rows.map((r) => f(r) ?? 0)).toFixed(1) : '–';
    console.log(
      `| ${method} | ${cost.toFixed(1)} | ${(cost / classical).toFixed(3)} | ${part((r) => r.distance)} | ${part((r) => r.wait)} | ${mean(rows.map((r) => r.vehicles)).toFixed(2)} | ${unserved} (${daysShort}) | ${mean(rows.map((r) => r.seconds)).toFixed(2)} |`,
    );
  }
}
