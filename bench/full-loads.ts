import type { Instance } from '../src/shared/domain.js';
import type { Rng } from '../src/main/vrp/rng.js';

/**
 * A day whose orders fill its fleet exactly: the stops dealt into groups of `perVehicle`, each group's orders random
 * shares of one vehicle's capacity, a vehicle per group (the fewest that carry the demand). Every vehicle must leave
 * full, and a packing that fits is known to exist (its loads; hard windows may still forbid driving it). Two equal cuts
 * would make a zero order: such a stop takes 1, and its group's vehicle is 1 over, so the fleet gets one more.
 */
export function fullLoads(day: Instance, rng: Rng, perVehicle: number): Instance {
  const groups = Math.ceil(day.customers.length / perVehicle);
  const customers = day.customers.map((c) => ({ ...c }));
  for (let g = 0; g < groups; g++) {
    const members = customers.filter((_, k) => k % groups === g);
    const cuts = members
      .slice(1)
      .map(() => rng.int(1, day.capacity))
      .sort((a, b) => a - b);
    const edges = [0, ...cuts, day.capacity];
    members.forEach((c, k) => {
      c.demand = Math.max(1, edges[k + 1] - edges[k]);
    });
  }
  const demand = customers.reduce((sum, c) => sum + c.demand, 0);
  return { ...day, customers, vehicles: Math.ceil(demand / day.capacity) };
}
