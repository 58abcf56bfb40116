/**
 * A dispatcher's database after about two years, for bench/long-history.ts: city days of one city (lat/lon, windows as
 * HH:MM, 50 to 200 stops) saved through the app's own services (instances:save: validated as the app validates them),
 * each with its plans, and a few training runs with their learning curves. Plans are not planned (20,000 real plans
 * would take days): each is a sweep of the day's stops cut into routes by capacity, priced by THE evaluator and
 * stored through the store's plan repository with the fingerprint of its day, as the planner stores its plans. Some
 * days are compared (a tw1/tw2 pair naming each other), some plans are hand edits, and some days are saved again
 * after they were planned (their plans are then out of date, the list re-scores them).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { inProcessRunner } from '../src/main/jobs/in-process.js';
import { dataFingerprint } from '../src/main/services/data-fingerprint.js';
import { createServices } from '../src/main/services/registry.js';
import { setupStore } from '../src/main/setup.js';
import type { Store } from '../src/main/store/index.js';
import { evaluatePlan } from '../src/main/vrp/evaluate.js';
import { generateCity, generateDayIn } from '../src/main/vrp/generate-city.js';
import { createRng, type Rng } from '../src/main/vrp/rng.js';
import { buildProblem } from '../src/main/vrp/validate.js';
import type { StoredInstance } from '../src/shared/api.js';
import { type Instance, makeVariant, type Routes, type VariantName } from '../src/shared/domain.js';

export interface HistoryShape {
  days: number;
  /** Plans per day on average; one day in a hundred holds HEAVY_DAY_PLANS (a day planned over and over). */
  plansPerDay: number;
  trainingRuns: number;
  seed: number;
}

export const HEAVY_DAY_PLANS = 150;
const DAY_STOPS = [50, 200] as const;
const COMPARED_SHARE = 0.2;
const SAVED_AFTER_SHARE = 0.05;
const CURVE_POINTS = 120;
const METHODS = ['jampr-greedy', 'jampr-sample1280', 'jampr-greedy+ls', 'classical', 'classical', 'manual'] as const;

/** What the file holds, for the measurements to pick their days from. */
export interface BuiltHistory {
  days: number;
  plans: number;
  /** A day of average plans, the day with the most plans, a compared day, a day saved after it was planned. */
  typicalDay: number;
  heavyDay: number;
  comparedDay: number;
  savedAfterDay: number;
  buildSec: number;
}

const dayName = (i: number): string => {
  const date = new Date(Date.UTC(2024, 11, 2) + Math.floor(i / 3) * 86_400_000).toISOString().slice(0, 10);
  return `${date} depot ${(i % 3) + 1}`;
};

/** The day's stops in the order a sweep around the depot meets them from `start` (radians), cut into routes by capacity. */
function sweepRoutes(day: Instance, start: number): Routes {
  const angle = (c: { x: number; y: number }) => {
    const a = Math.atan2(c.y - day.depot.y, c.x - day.depot.x) - start;
    return a < 0 ? a + 2 * Math.PI : a;
  };
  const order = [...day.customers].sort((a, b) => angle(a) - angle(b));
  const routes: Routes = [];
  let load = day.capacity;
  for (const c of order) {
    if (load + c.demand > day.capacity && routes.length < day.vehicles) {
      routes.push([]);
      load = 0;
    }
    routes[routes.length - 1].push(c.id);
    load += c.demand;
  }
  return routes;
}

function plansOfDay(rng: Rng, heavy: boolean, plansPerDay: number): number {
  if (heavy) return HEAVY_DAY_PLANS;
  return rng.int(1, 2 * plansPerDay);
}

/** Builds the file at `path` (which must not exist yet). */
export async function buildLongHistory(path: string, shape: HistoryShape, log: (line: string) => void): Promise<BuiltHistory> {
  const started = performance.now();
  const store = setupStore(path, 'resources/models');
  const modelsDir = join(path, '..', 'models');
  mkdirSync(modelsDir, { recursive: true });
  const services = createServices({
    store,
    jobs: inProcessRunner(),
    emit: () => {},
    app: { version: 'bench', transport: 'ipc' },
    modelsDir,
  });
  const rng = createRng(shape.seed);
  const city = generateCity(rng);
  const modelOf = modelNames(store);
  const built: BuiltHistory = { days: 0, plans: 0, typicalDay: 0, heavyDay: 0, comparedDay: 0, savedAfterDay: 0, buildSec: 0 };
  for (let i = 0; i < shape.days; i++) {
    const size = rng.int(DAY_STOPS[0], DAY_STOPS[1] + 1);
    const saved = await call(services, 'instances:save', { instance: generateDayIn(city, size, rng, dayName(i)) });
    const heavy = i % 100 === 50;
    const compared = rng.next() < COMPARED_SHARE;
    const count = plansOfDay(rng, heavy, shape.plansPerDay);
    store.db.transaction(() => {
      storePlans(store, rng, saved, count, compared, modelOf);
    })();
    built.plans += count;
    built.days++;
    if (heavy) built.heavyDay = saved.id;
    if (compared && count >= 2) built.comparedDay = saved.id;
    if (!heavy && count === shape.plansPerDay) built.typicalDay = saved.id;
    if (rng.next() < SAVED_AFTER_SHARE) {
      // A window widened after the day was planned: every plan of it is out of date (plans:list re-scores them).
      const customers = saved.instance.customers.map((c, k) => (k === 0 ? { ...c, due: saved.instance.depot.due - c.service } : c));
      await call(services, 'instances:save', { id: saved.id, basedOn: saved.updatedAt, instance: { ...saved.instance, customers } });
      if (!heavy && count >= shape.plansPerDay) built.savedAfterDay = saved.id;
    }
    if ((i + 1) % 200 === 0) log(`  ${i + 1} days, ${built.plans} plans, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  storeTrainingRuns(store, rng, shape.trainingRuns);
  await services.shutdown();
  store.close();
  built.buildSec = (performance.now() - started) / 1000;
  return built;
}

async function call<C extends 'instances:save'>(services: ReturnType<typeof createServices>, name: C, request: unknown) {
  const result = await services.handlers[name](request);
  if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
  return result.value as StoredInstance;
}

/** The registered model names by policy (a JAMPR plan names the model that made it). */
function modelNames(store: Store): (variant: VariantName) => string | null {
  const models = store.models.list().filter((m) => m.card.method === 'jampr');
  return (variant) => models.find((m) => m.card.variant === variant)?.name ?? null;
}

function storePlans(
  store: Store,
  rng: Rng,
  day: StoredInstance,
  count: number,
  compared: boolean,
  modelOf: (v: VariantName) => string | null,
) {
  const problem = buildProblem(day.instance);
  const fingerprint = dataFingerprint(day.instance);
  const plan = (variant: VariantName, method: string, editedFrom?: number) => {
    const routes = sweepRoutes(day.instance, 2 * Math.PI * rng.next());
    const evaluation = evaluatePlan(problem, routes, makeVariant(variant));
    const learned = method.startsWith('jampr');
    return store.plans.insert({
      instanceId: day.id,
      variant: makeVariant(variant),
      method,
      modelName: learned ? modelOf(variant) : null,
      routes,
      evaluation,
      seconds: learned ? 0.5 + 3 * rng.next() : 5,
      ...(method === 'classical' ? { effort: 5 } : {}),
      ...(editedFrom === undefined ? {} : { editedFrom }),
      dataFingerprint: fingerprint,
    });
  };
  let last: number | undefined;
  const single = compared && count >= 2 ? count - 2 : count;
  for (let k = 0; k < single; k++) {
    const method = METHODS[rng.int(0, METHODS.length)];
    const variant: VariantName = rng.next() < 0.7 ? 'tw1' : 'tw2';
    last = plan(variant, method, method === 'manual' ? last : undefined).id;
  }
  if (single < count) {
    const a = plan('tw1', 'classical');
    const b = plan('tw2', 'classical');
    store.plans.pairAsComparison(a.id, b.id);
  }
}

/** Finished runs with their learning curves, each learning from a few hundred of the stored days. */
function storeTrainingRuns(store: Store, rng: Rng, runs: number) {
  const ids = store.instances.list().map((i) => i.id);
  for (let r = 0; r < runs; r++) {
    const chosen = ids.filter(() => rng.next() < 0.2);
    const run = store.trainingRuns.start({ variant: 'tw1', size: 100, instanceIds: chosen, minutes: 30 });
    for (let p = 0; p < CURVE_POINTS; p++) {
      const cost = 900 - p + 20 * rng.next();
      store.trainingRuns.appendPoint(run.id, {
        instancesSeen: 64 * (p + 1),
        elapsedSec: 15 * p,
        meanCost: p === 0 ? null : cost,
        baselineCost: p === 0 ? null : cost + 5,
        validationCost: p % 10 === 0 ? cost - 10 : null,
        steps: p,
      });
    }
    store.trainingRuns.finish(run.id, 'done', null, null, 'kept aside: the model in use plans the held-out days better');
  }
}
