import { describe, expect, it } from 'vitest';
import { type Customer, type Instance, makeVariant } from '../../../src/shared/domain.js';
import { jamprEnvConfig } from '../../../src/main/jampr/env/config.js';
import { reset, step } from '../../../src/main/jampr/env/env.js';
import { routesOf } from '../../../src/main/jampr/env/routes.js';
import { canServe, fleetCanSpare } from '../../../src/main/jampr/env/rules.js';
import type { EnvState } from '../../../src/main/jampr/env/state.js';
import { createRng } from '../../../src/main/vrp/rng.js';
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
