/**
 * Days unlike the city-day generator's, as dispatchers may import them: does JAMPR greedy still serve every
 * customer the classical solver serves, and at what cost? Each kind changes a generated city day (seed 1000·N + i)
 * in one way; both methods run through the plan job the app and the CLI run, priced by the one evaluator.
 *   npx tsx bench/day-variants.ts [--kinds as-generated,tight-fleet,narrow-slots,heavy-orders,long-service,regional]
 *     (or exact-fit, full-loads, full-loads-3: fleets that must leave full; ample-capacity: the windows decide the fleet;
 *     fifty-a-van: few vans without a load limit, the fleet's hours decide)
 *     [--variants tw1,tw3] [--sizes 42,80,150] [--days-per-size 3] [--classical-seconds 2]
 * Prints one line per kind and policy, and one line per day where JAMPR greedy left more customers than the
 * classical plan.
 */
import { parseArgs } from 'node:util';
import { type Instance, makeVariant, type VariantName } from '../src/shared/domain.js';
import { runPlanJob } from '../src/main/jobs/plan.js';
import { evaluatePlan } from '../src/main/vrp/evaluate.js';
import { generateCityDay } from '../src/main/vrp/generate-city.js';
import { createRng, type Rng } from '../src/main/vrp/rng.js';
import { buildProblem } from '../src/main/vrp/validate.js';
import { fullLoads } from './full-loads.js';
import { CITY_DAY_KINDS } from '../src/main/jampr/train/sources.js';

const { values: args } = parseArgs({
  options: {
    kinds: { type: 'string', default: 'as-generated,tight-fleet,narrow-slots,heavy-orders,long-service,regional' },
    variants: { type: 'string', default: 'tw1,tw3' },
    sizes: { type: 'string', default: '42,80,150' },
    'days-per-size': { type: 'string', default: '3' },
    'classical-seconds': { type: 'string', default: '2' },
  },
});

const totalDemand = (d: Instance) => d.customers.reduce((a, c) => a + c.demand, 0);

const KINDS: Record<string, (day: Instance, rng: Rng) => Instance> = {
  /** The generated day itself: the yardstick for the others. */
  'as-generated': (d) => d,
  /** Exactly the vehicles the demand needs, no spare one. */
  'tight-fleet': (d) => ({ ...d, vehicles: Math.ceil(totalDemand(d) / d.capacity) }),
  /** Every window longer than an hour cut to a one-hour slot inside it, on the quarter hour. */
  'narrow-slots': (d, rng) => ({
    ...d,
    customers: d.customers.map((c) => {
      if (c.due - c.ready <= 60) return c;
      const ready = c.ready + Math.floor((rng.next() * (c.due - c.ready - 60)) / 15) * 15;
      return { ...c, ready, due: ready + 60 };
    }),
  }),
  /** A fifth of the orders 40–69 (a vehicle carries 100), the fleet 25 % above the new need. */
  'heavy-orders': (d, rng) => {
    const customers = d.customers.map((c) => (rng.next() < 0.2 ? { ...c, demand: 40 + rng.int(0, 30) } : c));
    const day = { ...d, customers };
    return { ...day, vehicles: Math.ceil((totalDemand(day) / d.capacity) * 1.25) };
  },
  /** The orders raised a unit at a time, stop after stop, until they fill the tight fleet exactly: every vehicle full. */
  'exact-fit': (d) => {
    const vehicles = Math.ceil(totalDemand(d) / d.capacity);
    const customers = d.customers.map((c) => ({ ...c }));
    for (let k = 0, missing = vehicles * d.capacity - totalDemand(d); missing > 0; k = (k + 1) % customers.length, missing--)
      customers[k].demand++;
    return { ...d, customers, vehicles };
  },
  /**
   * Full loads of about four orders: the stops dealt into groups of four, each group's orders random shares of one
   * vehicle's capacity, and a vehicle per group. Every vehicle must leave full, and a packing that fits is known to exist.
   */
  'full-loads': (d, rng) => fullLoads(d, rng, 4),
  /** The same with groups of three: an exact fit then has few solutions (a 3-partition), the hardest to pack. */
  'full-loads-3': (d, rng) => fullLoads(d, rng, 3),
  /**
   * Five times the capacity, the same fleet: the vehicles carry any share of the day, so the windows, not the load,
   * decide how many must drive (under soft windows a plan may leave vehicles home and serve hours late).
   */
  'ample-capacity': CITY_DAY_KINDS.ample.change,
  /**
   * Vans without a load limit, one for every fifty stops (at least two): a courier's day, where the hours of the
   * fleet, not its capacity, are what is short (a tester's 200 stops with 4 vans of 1000).
   */
  'fifty-a-van': CITY_DAY_KINDS.vans.change,
  /** Service 20–49 min a stop (installations, not parcels). */
  'long-service': CITY_DAY_KINDS.long.change,
  /** Three times the area, driven at 60 km/h (a region, not a city). */
  regional: (d) => ({
    ...d,
    customers: d.customers.map((c) => ({ ...c, x: d.depot.x + (c.x - d.depot.x) * 3, y: d.depot.y + (c.y - d.depot.y) * 3 })),
    coordinates: { kind: 'geo', speedKmh: 60 },
  }),
};

const ctx = { signal: new AbortController().signal, onProgress: () => {} };
const sizes = String(args.sizes).split(',').map(Number);
const perSize = Number(args['days-per-size']);
for (const kind of String(args.kinds).split(',')) {
  const change = KINDS[kind];
  if (!change) throw new Error(`unknown kind ${kind}; choose from ${Object.keys(KINDS).join(', ')}`);
  for (const name of String(args.variants).split(',') as VariantName[]) {
    const variant = makeVariant(name);
    const total = { classical: 0, greedy: 0, classicalUnserved: 0, greedyUnserved: 0, days: 0, invalid: 0 };
    for (const n of sizes) {
      for (let i = 0; i < perSize; i++) {
        const rng = createRng(1000 * n + i);
        const instance = change(generateCityDay(n, rng), rng);
        let problem: ReturnType<typeof buildProblem>;
        try {
          problem = buildProblem(instance);
        } catch {
          total.invalid++;
          continue;
        }
        const classical = await runPlanJob(
          { instance, variant, method: 'classical', timeLimitSec: Number(args['classical-seconds']) },
          ctx,
        );
        const greedy = await runPlanJob({ instance, variant, method: 'jampr', decode: 'greedy' }, ctx);
        const c = evaluatePlan(problem, classical.routes, variant);
        const g = evaluatePlan(problem, greedy.routes, variant);
        const unserved = (e: typeof c) => e.violations.filter((v) => v.kind === 'unserved').length;
        total.days++;
        total.classical += c.cost;
        total.greedy += g.cost;
        total.classicalUnserved += unserved(c);
        total.greedyUnserved += unserved(g);
        if (unserved(g) > unserved(c)) {
          console.log(
            `  ${kind} ${name} N=${n} day ${i}: JAMPR greedy left ${unserved(g)}, classical ${unserved(c)} (fleet ${instance.vehicles})`,
          );
        }
      }
    }
    const mean = (x: number) => (x / total.days).toFixed(1);
    console.log(
      `${kind} ${name}: ${total.days} days (${total.invalid} invalid) | classical ${args['classical-seconds']} s ${mean(total.classical)}, unserved ${total.classicalUnserved} | JAMPR greedy ${mean(total.greedy)} (${(total.greedy / total.classical).toFixed(3)} x), unserved ${total.greedyUnserved}`,
    );
  }
}
