import { exceedsCapacity } from '../../../../shared/domain.js';
import type { Rng } from '../../rng.js';
import type { MoveContext } from './move-context.js';
import type { Neighbours } from './neighbours.js';

export interface InsertionOptions {
  /** 1 = cheapest insertion; 2 = regret-2 (customers with few good places go first). */
  regret: 1 | 2;
  /** Relative random noise on the selection priority (0 = deterministic). */
  noise: number;
}

/** Routes up to this long are tried at every position; longer ones only next to the customer's neighbours. */
const FULL_SCAN = 16;

/**
 * Parallel insertion heuristic: repeatedly inserts the pending customer with the largest regret (or the
 * cheapest one) at its best feasible place, among the current routes and, while the fleet allows, a new
 * route. Best places are cached per (customer, route) and refreshed only for the route that changed.
 * A customer that fits nowhere gets a route of its own even beyond the fleet size; returns how many such
 * forced routes were opened (0 = the plan respects the fleet). The clock is checked at every insertion: once
 * `stop` says time is up, the customers still pending are appended cheaply (appendRest), so a large instance
 * still gets a complete plan within its time limit.
 */
export function insertCustomers(
  ctx: MoveContext,
  neighbours: Neighbours,
  pending: readonly number[],
  rng: Rng,
  options: InsertionOptions,
  stop: () => boolean = () => false,
): number {
  const s = ctx.state;
  const places = new PlaceCache(ctx, neighbours);
  const left = [...pending];
  const solo = new Map<number, number>();
  for (const u of left) {
    solo.set(u, soloCost(ctx, u));
    for (let r = 0; r < s.routes.length; r++) places.refresh(u, r);
  }
  let forced = 0;
  while (left.length > 0) {
    if (stop()) return forced + appendRest(ctx, left);
    const canOpen = ctx.fleetAllows(0, 1);
    let pick = -1;
    let pickRoute = -1;
    let pickPriority = -Infinity;
    let pickCost = Infinity;
    for (let k = 0; k < left.length; k++) {
      const u = left[k];
      const cu = places.costs[u];
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
      const p = places.positions[u][r];
      const nodes = s.routes[r];
      s.setRoute(r, [...nodes.slice(0, p), u, ...nodes.slice(p)]);
    }
    for (const w of left) places.refresh(w, r);
  }
  return forced;
}

/**
 * The fallback when time is up: each customer goes to the end of the route where that costs least and breaks
 * no hard rule, else to a new route (beyond the fleet only when it must). O(customers x routes), no search.
 */
function appendRest(ctx: MoveContext, left: readonly number[]): number {
  const s = ctx.state;
  const bd = ctx.builder;
  let forced = 0;
  for (const u of left) {
    let best = Infinity;
    let bestRoute = -1;
    for (let r = 0; r < s.routes.length; r++) {
      const nodes = s.routes[r];
      if (nodes.length === 0 || exceedsCapacity(s.routeLoad[r] + s.problem.demand[u], s.problem.capacity)) continue;
      bd.beginAfter(nodes[nodes.length - 1], 0, s.routeCost[r] + best);
      if (!bd.visit(u)) continue;
      const c = bd.finish(0) - s.routeCost[r];
      if (c < best) {
        best = c;
        bestRoute = r;
      }
    }
    if (bestRoute >= 0) s.setRoute(bestRoute, [...s.routes[bestRoute], u]);
    else {
      if (!ctx.fleetAllows(0, 1)) forced++;
      s.setRoute(s.emptyRoute(), [u]);
    }
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

/** Cheapest insertion cost and position of each pending customer into each route. */
class PlaceCache {
  readonly costs: number[][];
  readonly positions: number[][];
  /** tried[p] === stamp: position p was already priced in this refresh. */
  private readonly tried: Int32Array;
  private stamp = 0;
  private best = Infinity;
  private bestPosition = -1;

  constructor(
    private readonly ctx: MoveContext,
    private readonly neighbours: Neighbours,
  ) {
    const size = ctx.state.size;
    this.costs = Array.from({ length: size }, () => []);
    this.positions = Array.from({ length: size }, () => []);
    this.tried = new Int32Array(size + 1);
  }

  /** Recomputes u's cheapest insertion into route r (Infinity for an empty route: solo routes are priced apart). */
  refresh(u: number, r: number): void {
    const s = this.ctx.state;
    const nodes = s.routes[r];
    this.best = Infinity;
    this.bestPosition = -1;
    this.stamp++;
    if (nodes.length > 0 && !exceedsCapacity(s.routeLoad[r] + s.problem.demand[u], s.problem.capacity)) {
      if (nodes.length <= FULL_SCAN) {
        for (let p = 0; p <= nodes.length; p++) this.tryPosition(u, r, p);
      } else {
        this.tryPosition(u, r, 0);
        this.tryPosition(u, r, nodes.length);
        const { count, list } = this.neighbours;
        for (let k = 0; k < count; k++) {
          const v = list[u * count + k];
          if (s.routeOf[v] !== r) continue;
          this.tryPosition(u, r, s.posOf[v]);
          this.tryPosition(u, r, s.posOf[v] + 1);
        }
      }
    }
    this.costs[u][r] = this.best;
    this.positions[u][r] = this.bestPosition;
  }

  private tryPosition(u: number, r: number, p: number): void {
    if (this.tried[p] === this.stamp) return;
    this.tried[p] = this.stamp;
    const s = this.ctx.state;
    const nodes = s.routes[r];
    const bd = this.ctx.builder;
    const old = s.routeCost[r];
    bd.beginAfter(p > 0 ? nodes[p - 1] : 0, 0, old + this.best);
    if (!bd.visit(u)) return;
    const c = bd.finish(p < nodes.length ? nodes[p] : 0) - old;
    if (c < this.best) {
      this.best = c;
      this.bestPosition = p;
    }
  }
}
