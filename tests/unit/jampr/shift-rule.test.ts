import { describe, expect, it } from 'vitest';
import { type Customer, type Instance, makeVariant, type VariantName } from '../../../src/shared/domain.js';
import { jamprEnvConfig } from '../../../src/main/jampr/env/config.js';
import { reset, step } from '../../../src/main/jampr/env/env.js';
import { routesOf } from '../../../src/main/jampr/env/routes.js';
import type { EnvState } from '../../../src/main/jampr/env/state.js';
import { buildProblem } from '../../../src/main/vrp/validate.js';

const stop = (id: string, x: number, due: number, demand = 1): Customer => ({ id, x, y: 0, demand, ready: 0, due, service: 0 });
/**
 * East (50, 0) is open all day; west (-10, 0) closes at 20. A vehicle that serves east first reaches west at 110,
 * 90 late (45 at β 0.5); a vehicle from the depot reaches it at 10, on time, for a round trip of 20.
 */
const day = (vehicles: number, { capacity = 10, eastX = 50, westDemand = 1 } = {}): Instance => ({
  name: 'shift',
  capacity,
  vehicles,
  depot: { id: 'D', x: 0, y: 0, ready: 0, due: 1000 },
  customers: [stop('east', eastX, 1000), stop('west', -10, 20, westDemand)],
});
const start = (instance: Instance, variant: VariantName) =>
  reset([buildProblem(instance)], jamprEnvConfig(makeVariant(variant), instance.customers.length, { mCon: 1 }));
/** Allowed nodes of slot j (0 = going home). */
const allowed = (s: EnvState, j: number): number[] => {
  const nodes = s.batch.n + 1;
  return Array.from({ length: nodes }, (_, i) => i).filter((i) => s.mask[j * nodes + i] === 1);
};
const slotVehicle = (s: EnvState): number => s.slots[0];

describe('the shift rule: under soft windows a vehicle on the road leaves a stop a fresh vehicle serves for less', () => {
  for (const variant of ['tw2', 'tw3'] as const) {
    it(`sends the vehicle home and gives the late stop to the vehicle left at the depot (${variant})`, () => {
      const s = step(start(day(2), variant), [1]); // vehicle 0 serves east
      // West was its only customer left, and too dear for it: it went home, and vehicle 1 took the slot.
      expect(slotVehicle(s)).toBe(1);
      expect(allowed(s, 0)).toEqual([2]);
      const done = step(s, [2]);
      expect(routesOf(done, 0)).toEqual([[1], [2]]);
      expect(done.penalty[0]).toBe(0);
    });
  }

  it('lets the vehicle take the stop late when no vehicle is left at the depot', () => {
    const s = step(start(day(1), 'tw3'), [1]);
    expect(slotVehicle(s)).toBe(0);
    expect(allowed(s, 0)).toEqual([2]);
  });

  it('lets the vehicle take the stop late when the rest of the fleet could not carry the demand without it', () => {
    // Capacity 3, west orders 2: vehicle 1 alone cannot carry what is left plus the largest order left (2 + 2).
    const s = step(start(day(2, { capacity: 3, westDemand: 2 }), 'tw3'), [1]);
    expect(slotVehicle(s)).toBe(0);
    expect(allowed(s, 0)).toEqual([2]);
  });

  it('keeps a stop whose lateness costs less than a fresh round trip', () => {
    // East at (5, 0): west is reached at 20, on time; at (12, 0) at 34, 14 late (7 at β 0.5 < 20).
    for (const x of [5, 12]) {
      const s = step(start(day(2, { eastX: x }), 'tw3'), [1]);
      expect(slotVehicle(s)).toBe(0);
      expect(allowed(s, 0)).toEqual([0, 2]);
    }
  });

  it('does not touch hard windows, where the vehicle could not be late in the first place', () => {
    const s = step(start(day(2), 'tw1'), [1]);
    expect(slotVehicle(s)).toBe(1);
    expect(allowed(s, 0)).toEqual([2]);
  });
});
