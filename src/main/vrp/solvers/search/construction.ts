import type { Rng } from '../../rng.js';
import type { MoveContext } from './moveContext.js';

export interface InsertionOptions {
  /** 1 = cheapest insertion; 2 = regret-2 (customers with few good places go first). */
  regret: 1 | 2;
  /** Relative random noise on the selection priority (0 = deterministic). */
  noise: number;
}

/**
 * Parallel insertion heuristic: repeatedly inserts the pending customer with the largest regret (or the
 * cheapest one) at its best feasible place, among the current routes and, while the fleet allows, a new
 * route. Best places are cached per (customer, route) and refreshed only for the route that changed.
 * A customer that fits nowhere gets a route of its own even beyond the fleet size; returns how many such
 * forced routes were opened (0 = the plan respects the fleet).
 */
export function insertCustomers(ctx: MoveContext, pending: number[], rng: Rng, options: InsertionOptions): number {
  const s = ctx.state;
  const left = [...pending];
  const costs = new Map<number, number[]>();
  const places = new Map<number, number[]>();
  const solo = new Map<number, number>();
  for (const u of left) {
    solo.set(u, soloCost(ctx, u));
    costs.set(u, []);
    places.set(u, []);
    for (let r = 0; r < s.routes.length; r++) refreshPlace(ctx, u, r, costs, places);
  }
  let forced = 0;
  while (left.length > 0) {
    const canOpen = ctx.fleetAllows(0, 1);
    let pick = -1;
    let pickRoute = -1;
    let pickPriority = -Infinity;
    let pickCost = Infinity;
    for (let k = 0; k < left.length; k++) {
      const u = left[k];
      const cu = costs.get(u)!;
      let best = canOpen ? solo.get(u)! : Infinity;
      let bestRoute = -1;
      let second = Infinity;
      for (let r = 0; r < cu.length; r++) {
        const c = cu[r];
        if (c < best) {
          second = best;
          best = c;
          bestRoute = r;
        } else if (c < second) second = c;
      }
      if (best === Infinity) continue;
      const base = options.regret === 2 ? second - best : -best;
      const priority = base === Infinity ? Infinity : base + options.noise * rng.next() * Math.abs(base);
      if (priority > pickPriority || (priority === pickPriority && best < pickCost)) {
        pick = k;
        pickRoute = bestRoute;
        pickPriority = priority;
        pickCost = best;
      }
    }
    if (pick < 0) {
      // Nothing fits anywhere within the fleet: open an extra route for the first pending customer.
      pick = 0;
      pickRoute = -1;
      forced++;
    }
    const u = left[pick];
    left[pick] = left[left.length - 1];
    left.pop();
    let r = pickRoute;
    if (r < 0) {
      r = s.emptyRoute();
      s.setRoute(r, [u]);
    } else {
      const p = places.get(u)![r];
      const nodes = s.routes[r];
      s.setRoute(r, [...nodes.slice(0, p), u, ...nodes.slice(p)]);
    }
    for (const w of left) refreshPlace(ctx, w, r, costs, places);
  }
  return forced;
}

/** Cost of serving u alone, or Infinity where that breaks a hard rule. */
function soloCost(ctx: MoveContext, u: number): number {
  const bd = ctx.builder;
  bd.beginAfter(0, 0);
  if (!bd.visit(u)) return Infinity;
  return bd.finish(0);
}

/** Recomputes u's cheapest insertion into route r (Infinity for an empty route: solo routes are priced apart). */
function refreshPlace(
  ctx: MoveContext,
  u: number,
  r: number,
  costs: Map<number, number[]>,
  places: Map<number, number[]>,
): void {
  const s = ctx.state;
  const nodes = s.routes[r];
  let best = Infinity;
  let bestPlace = -1;
  if (nodes.length > 0 && s.routeLoad[r] + s.problem.demand[u] <= s.problem.capacity) {
    const bd = ctx.builder;
    const old = s.routeCost[r];
    for (let p = 0; p <= nodes.length; p++) {
      bd.beginAfter(p > 0 ? nodes[p - 1] : 0, 0, old + best);
      if (!bd.visit(u)) continue;
      const c = bd.finish(p < nodes.length ? nodes[p] : 0) - old;
      if (c < best) {
        best = c;
        bestPlace = p;
      }
    }
  }
  costs.get(u)![r] = best;
  places.get(u)![r] = bestPlace;
}
