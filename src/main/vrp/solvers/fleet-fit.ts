import type { Variant } from '../../../shared/domain.js';
import { routeCost } from '../evaluate.js';
import type { Problem } from '../problem.js';
import { createRng } from '../rng.js';
import { makeCostModel } from './search/cost-model.js';
import { PACKING_STEPS_PER_STOP, packIntoFleet } from './search/pack-fleet.js';
import { repairPlan } from './search/repair.js';

/** The packing's time at most here, where no time limit was asked for (it usually needs milliseconds). */
const PACKING_SECONDS = 1;

/**
 * A plan the fleet can drive: at most K routes, none breaking a hard rule (capacity; under hard windows the windows
 * and the shift), leaving out what does not fit. The search ranks plans by routes beyond the fleet first and, where
 * a customer fits nowhere, gives it a route of its own beyond the fleet (construction.ts): on a day the fleet cannot
 * carry, or with a customer no vehicle reaches in its hard window, its best plan cannot be driven. Here the stops
 * that break a hard rule come out, then routes beyond K, one at a time, each time the one after whose removal the most
 * of its customers fit elsewhere; each customer out (earliest due first) goes back in at its cheapest place that
 * breaks nothing, a new route while the fleet has one; where some are left, the packing (pack-fleet.ts) tries to
 * make room for them; the rest stay unserved and the evaluator names each with its reason (unserved.ts). A drivable
 * plan serving everyone comes back unchanged; one leaving customers out (a model's plan) first gets them back where
 * they fit.
 */
export function fitToFleet(
  problem: Problem,
  variant: Variant,
  routes: readonly (readonly number[])[],
  /**
   * Time is up (the plan's time limit, a cancel): each route still to go is then the one with the fewest customers,
   * without trying every route first, which on a plan far over its fleet (a random plan of 1,000 stops for 40 vehicles:
   * about 150 routes) took minutes.
   */
  stop?: () => boolean,
): number[][] {
  return fitToFleetBy(problem, variant, routes, stop).routes;
}

export interface FleetFit {
  routes: number[][];
  /**
   * `stop` ended the careful choice: a route beyond the fleet was given up the quick way (the one with the fewest
   * customers). The plan may then leave more customers unserved than with time to spare: its note says so (cutShortNote).
   */
  hurried: boolean;
}

/** fitToFleet, saying whether `stop` hurried it. */
export function fitToFleetBy(problem: Problem, variant: Variant, routes: readonly (readonly number[])[], stop?: () => boolean): FleetFit {
  if (drivable(problem, variant, routes) && servesEveryone(problem, routes)) return { routes: routes.map((r) => [...r]), hurried: false };
  let hurried = false;
  // Once seen, time stays up: the deadline has passed, or the plan was cancelled.
  const timeUp = () => {
    if (!hurried && stop?.()) hurried = true;
    return hurried;
  };
  let { routes: kept, pending } = repairPlan(problem, makeCostModel(variant), routes);
  while (kept.length > problem.vehicles) {
    // One route goes: the one after whose removal the most customers find a place again (then the cheapest plan).
    let best: { routes: number[][]; left: number[]; cost: number } | null = null;
    const tried = timeUp() ? [shortest(kept)] : kept.keys();
    for (const r of tried) {
      if (best && timeUp()) break;
      const trial = kept.filter((_, k) => k !== r).map((route) => [...route]);
      const left = reinsert(problem, variant, trial, [...kept[r]]);
      const cost = trial.reduce((sum, route) => sum + routeCost(problem, route, variant).cost, 0);
      if (!best || left.length < best.left.length || (left.length === best.left.length && cost < best.cost))
        best = { routes: trial, left, cost };
    }
    kept = best!.routes;
    pending = [...pending, ...best!.left];
  }
  const left = reinsert(problem, variant, kept, pending);
  if (left.length === 0) return { routes: kept, hurried };
  // Where the free room is split over routes in pieces too small for what is left, packing may still serve it.
  const ends = performance.now() + PACKING_SECONDS * 1000;
  const packed = packIntoFleet(problem, makeCostModel(variant), [...kept, ...left.map((u) => [u])], {
    rng: createRng(1),
    stop: () => performance.now() >= ends || stop?.() === true,
    maxSteps: PACKING_STEPS_PER_STOP * problem.n,
  });
  if (!packed || packed.apart.length >= left.length) return { routes: kept, hurried };
  reinsert(problem, variant, packed.routes, packed.apart);
  // The packing keeps every rule but capacity on its own; a plan it hands back must be drivable all the same.
  return { routes: drivable(problem, variant, packed.routes) ? packed.routes : kept, hurried };
}

/** The index of the route with the fewest customers (the first of them). */
const shortest = (routes: readonly (readonly number[])[]): number =>
  routes.reduce((best, route, r) => (route.length < routes[best].length ? r : best), 0);

/** Puts each customer (earliest due first) where it keeps the plan drivable; returns those that fit nowhere. */
function reinsert(problem: Problem, variant: Variant, routes: number[][], customers: number[]): number[] {
  customers.sort((a, b) => problem.due[a] - problem.due[b] || a - b);
  return customers.filter((u) => !insertWhereDrivable(problem, variant, routes, u));
}

/** Every customer on some route (a model's plan may leave some out; the search's plans never do). */
function servesEveryone(problem: Problem, routes: readonly (readonly number[])[]): boolean {
  const seen = new Set<number>();
  for (const route of routes) for (const i of route) seen.add(i);
  return seen.size === problem.n;
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

/**
 * Puts u at its cheapest place that keeps its route within the hard rules (a new route if the fleet has one left);
 * false when there is none.
 */
function insertWhereDrivable(problem: Problem, variant: Variant, routes: number[][], u: number): boolean {
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
      return true;
    }
  }
  if (bestRoute < 0) return false;
  routes[bestRoute].splice(bestPosition, 0, u);
  return true;
}
