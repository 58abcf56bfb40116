import type { Evaluation, Variant } from '../../../shared/domain.js';
import { exceedsCapacity, variantHardTime, variantWaits } from '../../../shared/domain.js';
import { evaluateIndexRoutes, routeCost } from '../evaluate.js';
import { fitToFleet } from './fleet-fit.js';
import type { Problem } from '../problem.js';
import { createRng, type Rng } from '../rng.js';
import { fleetExcess, isBetter, isBetterPlan, type PlanScore } from './plan-score.js';

export interface RandomOptions {
  /** Number of random constructions; the best one is returned (the paper's random(1000)). */
  samples?: number;
  seed: number;
  /**
   * Time is up (the plan's time limit) or the plan was cancelled: no further sample is drawn, and the best of those
   * drawn (at least one) is returned, fitted to the fleet the quick way (fleet-fit.ts).
   */
  stop?: () => boolean;
  /** Called after each sample with how many were drawn. */
  onSample?: (drawn: number) => void;
}

/**
 * The paper's random(samples) baseline: the best of `samples` random sequential constructions. One vehicle at
 * a time picks uniformly among the unvisited customers it can still reach by their due time within capacity (in
 * tw1 also back at the depot by the shift end) and returns to the depot when none is left, then the next vehicle
 * starts. Windows steer the construction in the soft variants too: otherwise one vehicle would take every
 * customer until full and pile up lateness, which is not the baseline the paper reports (its random(1000) rows
 * use about as many vehicles in tw2 as in tw1, and fewer in tw3 where vehicles do not wait). The fleet size is not a
 * limit while building (as in the paper, whose fleets have a vehicle per customer).
 *
 * Samples are ranked as built (routes beyond the fleet first, then cost), but a plan is judged as the fleet can drive
 * it (fitToFleet), which on a tight fleet can turn the order round: a sample a few routes over, folded into the fleet,
 * may cost less than the rare one that fitted as built. So each sample that ranks best so far is fitted and the best
 * fitted one kept. Those samples are the same first ones whatever `samples` is, so more samples never give a worse
 * plan; there are few of them (about ln(samples)). Above FIT_EACH_UP_TO customers only the best as built is fitted
 * (by the plan job), as fitting a plan far over its fleet takes seconds there and random(1000) took minutes.
 */
export function solveRandom(problem: Problem, variant: Variant, options: RandomOptions): number[][] {
  const samples = Math.max(1, Math.floor(options.samples ?? 1000));
  const rng = createRng(options.seed);
  const fitEach = problem.n <= FIT_EACH_UP_TO;
  let best: { routes: number[][]; evaluation: Evaluation } | null = null;
  let leading: { routes: number[][]; score: PlanScore } | null = null;
  for (let s = 0; s < samples; s++) {
    if (s > 0 && options.stop?.()) break;
    const routes = randomConstruction(problem, variant, rng);
    options.onSample?.(s + 1);
    let cost = 0;
    for (const route of routes) cost += routeCost(problem, route, variant).cost;
    const score = { excess: fleetExcess(problem, routes), cost };
    if (leading !== null && !isBetterPlan(score, leading.score)) continue;
    leading = { routes, score };
    if (!fitEach) continue;
    const fitted = fitToFleet(problem, variant, routes, options.stop);
    const evaluation = evaluateIndexRoutes(problem, fitted, variant);
    if (best === null || isBetter(evaluation, best.evaluation)) best = { routes: fitted, evaluation };
  }
  return best?.routes ?? leading!.routes;
}

/** Days up to this many customers have each leading sample fitted to the fleet (a few milliseconds each at 70 stops). */
const FIT_EACH_UP_TO = 200;

/** One random sequential construction. */
export function randomConstruction(problem: Problem, variant: Variant, rng: Rng): number[][] {
  const { n, travel, ready, due, service, demand, capacity } = problem;
  const size = n + 1;
  const hardTime = variantHardTime(variant.name);
  const waits = variantWaits(variant.name);
  const unvisited = Array.from({ length: n }, (_, k) => k + 1);
  const candidates = new Int32Array(n);
  const routes: number[][] = [];
  while (unvisited.length > 0) {
    const route: number[] = [];
    let pos = 0;
    let time = ready[0];
    let load = 0;
    for (;;) {
      let count = 0;
      for (let k = 0; k < unvisited.length; k++) {
        const i = unvisited[k];
        if (exceedsCapacity(load + demand[i], capacity)) continue;
        const arrival = time + travel[pos * size + i];
        if (arrival > due[i]) continue;
        if (hardTime && Math.max(arrival, ready[i]) + service[i] + travel[i * size] > due[0]) continue;
        candidates[count++] = k;
      }
      if (count === 0) break;
      const k = candidates[rng.int(0, count)];
      const i = unvisited[k];
      unvisited[k] = unvisited[unvisited.length - 1];
      unvisited.pop();
      const arrival = time + travel[pos * size + i];
      time = (waits ? Math.max(arrival, ready[i]) : arrival) + service[i];
      load += demand[i];
      pos = i;
      route.push(i);
    }
    if (route.length === 0) {
      // No fresh vehicle can serve what is left (an instance validation would reject): give each its own
      // route so the plan stays complete and the evaluator reports the violations.
      for (const i of unvisited) routes.push([i]);
      break;
    }
    routes.push(route);
  }
  return routes;
}
