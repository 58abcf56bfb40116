import type { Customer, Instance } from '../../../shared/domain.js';
import { travelTime } from '../../vrp/problem.js';
import type { Rng } from '../../vrp/rng.js';

/**
 * A fresh variant of a stored instance for "retrain on local history": exactly `size`
 * customers (a random subset, or repeats of jittered copies when the instance is smaller), locations
 * jittered by 2 % of the instance's extent, windows shifted by up to 5 % of the horizon, demands by
 * ±20 %. Every customer stays valid: demand in [1, Q], the window inside the horizon, reachable from
 * the depot before it closes and with time to get back (the rules validation enforces).
 */
export const PERTURBATION = { location: 0.02, window: 0.05, demand: 0.2 } as const;

export function perturbInstance(instance: Instance, size: number, rng: Rng): Instance {
  const { depot, capacity } = instance;
  const source = instance.customers;
  const xs = source.map((c) => c.x);
  const ys = source.map((c) => c.y);
  const extent = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys), 1e-9);
  const horizon = depot.due - depot.ready;
  const order = Array.from({ length: size }, (_, i) => (i < source.length ? i : rng.int(0, source.length)));
  shuffleInPlace(order, rng);
  const customers = order.map((index, i): Customer => {
    const c = source[index];
    const demand = Math.min(capacity, Math.max(1, Math.round(c.demand * (1 + (2 * rng.next() - 1) * PERTURBATION.demand))));
    let x = c.x + rng.normal() * PERTURBATION.location * extent;
    let y = c.y + rng.normal() * PERTURBATION.location * extent;
    let fromDepot = travelTime(instance.coordinates, depot.x, depot.y, x, y);
    // Earliest possible arrival, and the latest arrival that still gets back to the depot in time.
    const earliest = () => depot.ready + fromDepot;
    const latest = () => depot.due - c.service - fromDepot;
    if (latest() < earliest()) {
      // The jitter moved it out of reach: keep the stored (valid) location.
      ({ x, y } = c);
      fromDepot = travelTime(instance.coordinates, depot.x, depot.y, x, y);
    }
    const shift = (2 * rng.next() - 1) * PERTURBATION.window * horizon;
    const due = clamp(c.due + shift, earliest(), latest());
    const ready = clamp(due - Math.max(c.due - c.ready, 0), depot.ready, due);
    return { id: `p${i + 1}`, x, y, demand, ready, due, service: c.service };
  });
  return { ...instance, name: `${instance.name}~perturbed`, vehicles: resizedFleet(instance, customers), customers };
}

/**
 * The fleet for a resized day: the stored fleet scaled with the number of stops, and never less than the
 * demand needs (with the stored day's slack), so that a retrained model learns the user's fleet pressure.
 */
function resizedFleet(instance: Instance, customers: readonly Customer[]): number {
  const demand = (cs: readonly Customer[]) => cs.reduce((a, c) => a + c.demand, 0);
  const slack = Math.max(1, (instance.vehicles * instance.capacity) / Math.max(demand(instance.customers), 1e-9));
  const byStops = Math.round((instance.vehicles * customers.length) / Math.max(instance.customers.length, 1));
  const byDemand = Math.ceil((demand(customers) * slack) / instance.capacity - 1e-9);
  return Math.max(1, byStops, byDemand);
}

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), Math.max(lo, hi));

function shuffleInPlace(items: number[], rng: Rng): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(0, i + 1);
    [items[i], items[j]] = [items[j], items[i]];
  }
}
