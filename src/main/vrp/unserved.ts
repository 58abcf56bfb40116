import type { Evaluation, Instance, Variant } from '../../shared/domain.js';
import { carriedCustomers, exceedsCapacity, variantHardTime } from '../../shared/domain.js';
// The evaluator's own tolerance (read at call time, so the import cycle with evaluate.ts is harmless).
import { routeCost, TIME_EPS } from './evaluate.js';
import type { Problem } from './problem.js';
import type { UnservedWhy } from '../../shared/not-served.js';
import { messageNumber } from '../../shared/number-text.js';
import {
  CLOSES_BEFORE_SHIFT,
  CLOSES_BEFORE_SHIFT_FIX,
  closesBeforeShift,
  OPENS_AFTER_SHIFT,
  OPENS_AFTER_SHIFT_FIX,
  opensAfterShift,
} from './shift-rules.js';

/**
 * "the day's demand 1582 is more than the fleet carries (8 × 150 = 1200)", or null where the fleet carries it: the
 * import's warning and a plan's reason. An order bigger than a vehicle is not counted: no plan loads it whatever the
 * fleet (it has its own warning and reason, `orderOverVehicleWhy`), so with it a fleet that carries the rest would
 * look short, and more vehicles would be asked for where the order wants splitting.
 */
export function demandOverFleetText(orders: ArrayLike<number>, vehicles: number, capacity: number): string | null {
  let demand = 0;
  let oversize = 0;
  for (let i = 0; i < orders.length; i++) {
    if (exceedsCapacity(orders[i], capacity)) oversize++;
    else demand += orders[i];
  }
  if (!exceedsCapacity(demand, vehicles * capacity)) return null;
  const besides =
    oversize === 0
      ? ''
      : oversize === 1
        ? ' (besides the order no vehicle carries)'
        : ` (besides the ${oversize} orders no vehicle carries)`;
  return `the day's demand ${messageNumber(demand)}${besides} is more than the fleet carries (${messageNumber(vehicles)} × ${messageNumber(capacity)} = ${messageNumber(vehicles * capacity)})`;
}

/** The day's demand is more than the whole fleet carries: every plan leaves some customer out. */
export const demandOverFleet = (problem: Problem): boolean =>
  demandOverFleetText(problem.demand, problem.vehicles, problem.capacity) !== null;

/**
 * "its demand is more than a vehicle's capacity of 100" (demand 130): an order too big for any vehicle, in one wording
 * for the import's warning and a plan's reason (`outOfReach`), which groups such customers by the capacity alone.
 * `written`: the demand as the import's message quotes its cell ("'1500'"), else its figure.
 */
export const orderOverVehicleWhy = (demand: number, capacity: number, written = messageNumber(demand)): UnservedWhy => ({
  reason: `its demand is more than a vehicle's capacity of ${messageNumber(capacity)}`,
  figures: `demand ${written}`,
});

/**
 * The day as the planners take it: without the orders bigger than a vehicle, which no plan can load (the import warns
 * about each). Planned without them, neither the search nor the model spends a vehicle or a step on them, and the
 * model is told the demand the fleet can carry; the evaluator, given the whole day, names each as not served with its
 * reason (outOfReach). The instance itself where every order fits; null where none does (nothing to plan).
 */
export function carriedPart(instance: Instance): Instance | null {
  const carried = carriedCustomers(instance);
  if (carried.length === instance.customers.length) return instance;
  return carried.length === 0 ? null : { ...instance, customers: carried };
}

/**
 * Why a customer is not on any route, in the words a dispatcher needs to act on it: the day cannot carry it
 * (its own demand), nobody can reach it in its window, every vehicle is already out and none has room left for it
 * (then the day's demand against the whole fleet, where that is the cause: `mostRoomLeft`, the most capacity a used
 * vehicle has free), every vehicle is out and those with room cannot take it in (hard windows), or it was simply left
 * out while a vehicle or room on one was still free. The day's demand is named only where room is what is missing:
 * with room on a vehicle, a bigger fleet is not what the customer needs. The customer's own numbers (its demand, the
 * room left, the route that has room) are its `figures`, apart from the reason that customers left out alike share.
 */
export function unservedReason(
  problem: Problem,
  variant: Variant,
  i: number,
  routes: readonly (readonly number[])[],
  vehiclesUsed: number,
  mostRoomLeft: number,
): UnservedWhy {
  const d = messageNumber(problem.demand[i]);
  const free = messageNumber(mostRoomLeft);
  const alone = outOfReach(problem, variant, i);
  if (alone) return alone;
  if (vehiclesUsed >= problem.vehicles) {
    const only = problem.vehicles === 1;
    const all = only ? 'the only vehicle is' : `all ${problem.vehicles} vehicles are`;
    const figures = only ? `demand ${d}; ${free} free` : `demand ${d}; the most free on one vehicle is ${free}`;
    if (exceedsCapacity(problem.demand[i], mostRoomLeft)) {
      const fleetShort = demandOverFleetText(problem.demand, problem.vehicles, problem.capacity);
      if (fleetShort) return { reason: fleetShort };
      // The fleet's free room in total may suffice while no one vehicle has enough of it: say which it is.
      return { reason: `${all} used by other stops, and none has room left for its demand`, figures };
    }
    if (!variantHardTime(variant.name))
      return { reason: `${all} used by other stops; it was left out although room is left for it`, figures };
    // "Cannot take it in" is said only where no route can: a stop taken out of a plan by hand may still fit. Where
    // none can, a route with room fails by time: the customer or a stop after it late, or the vehicle back too late.
    const fits = routeThatFits(problem, variant, routes, i);
    if (fits >= 0) return { reason: 'it was left out although a route has the room and the time for it', figures: `route ${fits + 1}` };
    const withRoom = only ? 'it has room for it but' : 'the ones with room for it';
    return {
      reason: `${all} used by other stops; ${withRoom} cannot take it in: it or a later stop would miss its window, or the vehicle be back after the shift ends`,
      figures,
    };
  }
  const idle = problem.vehicles - vehiclesUsed;
  if (problem.vehicles === 1) return { reason: 'it was left out although the only vehicle is free' };
  return { reason: `it was left out although ${idle} of ${problem.vehicles} vehicles ${idle === 1 ? 'is' : 'are'} free` };
}

/** The first route that can take customer i at some place without breaking a hard rule, or -1. */
function routeThatFits(problem: Problem, variant: Variant, routes: readonly (readonly number[])[], i: number): number {
  const fitsAt = (route: readonly number[], at: number) =>
    routeCost(problem, [...route.slice(0, at), i, ...route.slice(at)], variant).feasible;
  return routes.findIndex((route) => route.length > 0 && [...route.keys(), route.length].some((at) => fitsAt(route, at)));
}

/**
 * Why no plan can serve customer i, whatever the rest of the day (a vehicle of its own, leaving at the depot's
 * opening, breaks a hard rule), or null when one could.
 */
export function outOfReach(problem: Problem, variant: Variant, i: number): UnservedWhy | null {
  if (exceedsCapacity(problem.demand[i], problem.capacity)) return orderOverVehicleWhy(problem.demand[i], problem.capacity);
  if (!variantHardTime(variant.name)) return null;
  const nodes = problem.n + 1;
  const arrival = problem.ready[0] + problem.travel[i];
  const back = Math.max(arrival, problem.ready[i]) + problem.service[i] + problem.travel[i * nodes];
  if (arrival > problem.due[i] + TIME_EPS) {
    // Named for what it is: the distance is not the cause, and the window or the shift's start is what to correct.
    if (closesBeforeShift(problem.due[i], problem.ready[0]))
      return {
        reason: `${CLOSES_BEFORE_SHIFT}: ${CLOSES_BEFORE_SHIFT_FIX}, or plan under soft time windows, which serve it late at a price`,
      };
    return { reason: 'no vehicle can reach it before its window closes' };
  }
  // A window that opens only when the shift is over (a slip of the day or of AM/PM) is named as such, not as a far trip.
  if (opensAfterShift(problem.ready[i], problem.due[0]))
    return {
      reason: `${OPENS_AFTER_SHIFT}: ${OPENS_AFTER_SHIFT_FIX}, or plan under soft time windows, which serve it with the vehicle back after the shift`,
    };
  if (back > problem.due[0] + TIME_EPS) return { reason: 'no vehicle can serve it and be back at the depot by the end of the shift' };
  return null;
}

/**
 * A plan that breaks no rule but leaving customers out, and leaves out only customers no plan could serve
 * (outOfReach): as good as serving everyone, on a day with such customers.
 */
export function leavesOnlyOutOfReach(problem: Problem, variant: Variant, evaluation: Evaluation): boolean {
  return evaluation.violations.every(
    (v) =>
      v.kind === 'unserved' && v.customerId !== undefined && outOfReach(problem, variant, problem.indexOf.get(v.customerId) ?? 0) !== null,
  );
}
