import { describe, expect, it } from 'vitest';
import { type Customer, type Instance, makeVariant, type VariantName } from '../../../src/shared/domain.js';
import { jamprEnvConfig } from '../../../src/main/jampr/env/config.js';
import { reset, step } from '../../../src/main/jampr/env/env.js';
import type { EnvState } from '../../../src/main/jampr/env/state.js';
import { buildProblem } from '../../../src/main/vrp/validate.js';

const stop = (id: string, x: number, service: number): Customer => ({ id, x, y: 0, demand: 1, ready: 0, due: 100, service });
/**
 * A shift of 100 and vans that carry anything: a short stop next to the depot, then three long ones a unit apart.
 * Once the first van has served the short stop, the work left is the three services plus a unit's drive into each.
 */
const day = (service: number, vehicles = 2): Instance => ({
  name: 'hours',
  capacity: 100,
  vehicles,
  depot: { id: 'D', x: 0, y: 0, ready: 0, due: 100 },
  customers: [stop('short', 1, 10), stop('b', 2, service), stop('c', 3, service), stop('d', 4, service)],
});
const afterShortStop = (instance: Instance, variant: VariantName): EnvState =>
  step(reset([buildProblem(instance)], jamprEnvConfig(makeVariant(variant), instance.customers.length, { mCon: 1 })), [1]);
const mayGoHome = (s: EnvState) => s.mask[0] === 1;

describe('the fleet rule counts hours under soft windows: a vehicle goes home early only if the rest of the fleet has the hours for the work left', () => {
  for (const variant of ['tw2', 'tw3'] as const) {
    it(`lets the van go home when the other van's shift holds the work left (${variant})`, () => {
      // 3 × 30 of service + 3 of driving = 93 ≤ 100.
      expect(mayGoHome(afterShortStop(day(30), variant))).toBe(true);
    });

    it(`keeps the van out when the other van's shift cannot hold it (${variant})`, () => {
      // 3 × 35 + 3 = 108 > 100: going home would leave one van a day and a half of work.
      const s = afterShortStop(day(35), variant);
      expect(mayGoHome(s)).toBe(false);
      expect(s.mask[2] + s.mask[3] + s.mask[4]).toBe(3); // every stop left is still allowed
    });
  }

  it('counts every van left at the depot', () => {
    expect(mayGoHome(afterShortStop(day(35, 3), 'tw3'))).toBe(true);
  });
});
