import { describe, expect, it } from 'vitest';
import { type Customer, type Instance, makeVariant } from '../../../src/shared/domain.js';
import { jamprEnvConfig } from '../../../src/main/jampr/env/config.js';
import { reset, step } from '../../../src/main/jampr/env/env.js';
import { routesOf } from '../../../src/main/jampr/env/routes.js';
import { canServe, fleetCanSpare } from '../../../src/main/jampr/env/rules.js';
import type { EnvState } from '../../../src/main/jampr/env/state.js';
import { createRng } from '../../../src/main/vrp/rng.js';
import { evaluateIndexRoutes } from '../../../src/main/vrp/evaluate.js';
import { buildProblem } from '../../../src/main/vrp/validate.js';

const stop = (id: string, x: number, y: number, due: number): Customer => ({ id, x, y, demand: 1, ready: 0, due, service: 0 });
const day = (vehicles: number, customers: Customer[]): Instance => ({
  name: 'guard',
  capacity: 10,
  vehicles,
  depot: { id: 'D', x: 0, y: 0, ready: 0, due: 1000 },
  customers,
});
const tw1 = makeVariant('tw1');
/** Allowed nodes of slot j (0 = going home). */
const allowed = (s: EnvState, j: number): number[] => {
  const nodes = s.batch.n + 1;
  return Array.from({ length: nodes }, (_, i) => i).filter((i) => s.mask[j * nodes + i] === 1);
};

describe('the fleet rule under hard windows: the last vehicles keep the customers only they can reach', () => {
  // East (10, 0) closes at 20, west (-10, 0) at 35, north (0, 10) stays open. From the depot at 0, only east first
  // leaves time for both others: west first reaches east at 30, north first at 24.1.
  const three = [stop('east', 10, 0, 20), stop('west', -10, 0, 35), stop('north', 0, 10, 1000)];

  it('lets the only vehicle start only where it can still serve everyone', () => {
    const s = reset([buildProblem(day(1, three))], jamprEnvConfig(tw1, 3, { mCon: 1 }));
    for (const i of [1, 2, 3]) expect(canServe(s, 0, 0, i)).toBe(true);
    expect(allowed(s, 0)).toEqual([1]);
  });

  it('leaves every start open while a second vehicle could take what the first leaves behind', () => {
    const s = reset([buildProblem(day(2, three))], jamprEnvConfig(tw1, 3, { mCon: 1 }));
    expect(allowed(s, 0)).toEqual([1, 2, 3]);
  });

  it('keeps a vehicle on the road while it alone can still reach a customer', () => {
    // Two vehicles, both on the road: one went east, one west. Far east (20, 0) closes at 35: the west vehicle would
    // arrive at 40, so only the east one can serve it. Going home or driving to far west (-20, 0) first would strand it.
    const customers = [stop('east', 10, 0, 1000), stop('west', -10, 0, 1000), stop('far-east', 20, 0, 35), stop('far-west', -20, 0, 1000)];
    const config = jamprEnvConfig(tw1, 4, { mCon: 2, mPre: 6 });
    let s = reset([buildProblem(day(2, customers))], config);
    s = step(s, [1]);
    s = step(s, [5 + 2]);
    expect(fleetCanSpare(s, 0, s.slots[0])).toBe(true); // the capacity half would let it go home
    expect(allowed(s, 0)).toEqual([3]);
    expect(allowed(s, 1)).toEqual([0, 4]);

    const spare = step(step(reset([buildProblem(day(3, customers))], config), [1]), [5 + 2]);
    expect(allowed(spare, 0)).toEqual([0, 3, 4]);
  });

  it('serves every customer of a day the fleet can serve, whatever the policy picks among allowed actions', () => {
    const rng = createRng(5);
    for (let round = 0; round < 30; round++) {
      const s0 = reset([buildProblem(day(1, three))], jamprEnvConfig(tw1, 3, { mCon: 1 }));
      let s = s0;
      while (!s.done) {
        const options = allowed(s, 0);
        s = step(s, [options[rng.int(0, options.length)]]);
      }
      expect(routesOf(s, 0).flat().sort()).toEqual([1, 2, 3]);
    }
  });
});

describe('the last customers: a day whose fleet just suffices is always served in full', () => {
  /**
   * A day built around a plan: customers placed at random, split into `routes` routes, each window closing a few
   * minutes after the plan arrives and capacity equal to the fullest route. The plan proves the fleet suffices, and
   * barely: few orders fit anywhere else, so careless choices strand customers.
   */
  function dayAroundPlan(rng: ReturnType<typeof createRng>, n: number, routes: number): Instance {
    const customers: Customer[] = Array.from({ length: n }, (_, c) => ({
      id: `c${c}`,
      x: rng.int(-40, 41),
      y: rng.int(-40, 41),
      demand: rng.int(1, 10),
      ready: 0,
      due: 10_000,
      service: rng.int(0, 6),
    }));
    const draft = day(routes, customers);
    const p = buildProblem(draft);
    let capacity = 0;
    let home = 0;
    for (let r = 0; r < routes; r++) {
      let at = 0;
      let time = 0;
      let load = 0;
      for (let c = r; c < n; c += routes) {
        const arrival = time + p.travel[at * (n + 1) + c + 1];
        customers[c].ready = Math.max(0, Math.floor(arrival) - rng.int(0, 30));
        customers[c].due = Math.ceil(arrival) + rng.int(0, 6);
        time = Math.max(arrival, customers[c].ready) + customers[c].service;
        at = c + 1;
        load += customers[c].demand;
      }
      capacity = Math.max(capacity, load);
      home = Math.max(home, time + p.travel[at * (n + 1)]);
    }
    return { ...draft, capacity, depot: { ...draft.depot, due: Math.ceil(home) + 1 } };
  }

  for (const name of ['tw1', 'tw3'] as const) {
    it(`serves everyone whatever the policy picks among allowed actions (${name})`, () => {
      const rng = createRng(11);
      for (let round = 0; round < 40; round++) {
        const instance = dayAroundPlan(rng, rng.int(5, 10), rng.int(2, 4));
        const problem = buildProblem(instance);
        expect(evaluateIndexRoutes(problem, planOf(instance), makeVariant(name)).feasible).toBe(true);
        let s = reset([problem], jamprEnvConfig(makeVariant(name), instance.customers.length, { mCon: 3, mPre: 2 }));
        while (!s.done) {
          const width = 3 * (s.batch.n + 1);
          const options = Array.from({ length: width }, (_, a) => a).filter((a) => s.mask[a] === 1);
          s = step(s, [options[rng.int(0, options.length)]]);
        }
        expect(routesOf(s, 0).flat().length).toBe(instance.customers.length);
      }
    });
  }

  /** The plan the day was built around, as index routes. */
  function planOf(instance: Instance): number[][] {
    const n = instance.customers.length;
    return Array.from({ length: instance.vehicles }, (_, r) =>
      Array.from({ length: Math.ceil((n - r) / instance.vehicles) }, (_, x) => r + x * instance.vehicles + 1),
    );
  }
});
