import type { Variant } from '../../../shared/domain.js';
import { routeCost } from '../evaluate.js';
import type { Problem } from '../problem.js';
import { makeCostModel } from './search/cost-model.js';
import { repairPlan } from './search/repair.js';

/**
 * A plan the fleet can drive: at most K routes, none breaking a hard rule (capacity; under hard windows the windows
 * and the shift), leaving out what does not fit. The search ranks plans by routes beyond the fleet first and, where
 * a customer fits nowhere, gives it a route of its own beyond the fleet (construction.ts): on a day the fleet cannot
 * carry, or with a customer no vehicle reaches in its hard window, its best plan cannot be driven. Here the stops
 * that break a hard rule and the smallest routes beyond K come out, then each customer out (earliest due first) goes
 * back in at its cheapest place that breaks nothing, a new route while the fleet has one; the rest stay unserved and
 * the evaluator names each with its reason (unserved.ts). A drivable plan comes back unchanged.
 */
export function fitToFleet(problem: Problem, variant: Variant, routes: readonly (readonly number[])[]): number[][] {
  if (drivable(problem, variant, routes)) return routes.map((r) => [...r]);
  const { routes: kept, pending } = repairPlan(problem, makeCostModel(variant), routes);
  while (kept.length > problem.vehicles) {
    // The route serving the fewest customers goes; its customers may still fit elsewhere.
    let smallest = 0;
    for (let r = 1; r < kept.length; r++) if (kept[r].length < kept[smallest].length) smallest = r;
    pending.push(...kept.splice(smallest, 1)[0]);
  }
  pending.sort((a, b) => problem.due[a] - problem.due[b] || a - b);
  for (const u of pending) insertWhereDrivable(problem, variant, kept, u);
  return kept;
}

/** At most K non-empty routes, each within the hard rules. */
export function drivable(problem: Problem, variant: Variant, routes: readonly (readonly number[])[]): boolean {
  let used = 0;
  for (const route of routes) {
    if (route.length === 0) continue;
    used++;
    if (!routeCost(problem, route, variant).feasible) return false;
  }
  return used <= problem.vehicles;
}

/** Puts u at its cheapest place that keeps its route within the hard rules (a new route if the fleet has one left). */
function insertWhereDrivable(problem: Problem, variant: Variant, routes: number[][], u: number): void {
  let best = Infinity;
  let bestRoute = -1;
  let bestPosition = 0;
  for (let r = 0; r < routes.length; r++) {
    const route = routes[r];
    const before = routeCost(problem, route, variant).cost;
    for (let p = 0; p <= route.length; p++) {
      const after = routeCost(problem, [...route.slice(0, p), u, ...route.slice(p)], variant);
      if (after.feasible && after.cost - before < best) {
        best = after.cost - before;
        bestRoute = r;
        bestPosition = p;
      }
    }
  }
  if (routes.length < problem.vehicles) {
    const alone = routeCost(problem, [u], variant);
    if (alone.feasible && alone.cost < best) {
      routes.push([u]);
      return;
    }
  }
  if (bestRoute >= 0) routes[bestRoute].splice(bestPosition, 0, u);
}
