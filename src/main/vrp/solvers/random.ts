import type { Variant } from '../../../shared/domain.js';
import { variantHardTime } from '../../../shared/domain.js';
import { routeCost } from '../evaluate.js';
import type { Problem } from '../problem.js';
import { createRng, type Rng } from '../rng.js';
import { fleetExcess, isBetterPlan, type PlanScore } from './planScore.js';

export interface RandomOptions {
  /** Number of random constructions; the best one is returned (the paper's random(1000)). */
  samples?: number;
  seed: number;
}

/**
 * The paper's random(samples) baseline: the best of `samples` random sequential constructions. One vehicle at
 * a time picks uniformly among the feasible unvisited customers (capacity always; in tw1 also the time rules of
 * spec section 4) and returns to the depot when none is left, then the next vehicle starts. The fleet size is
 * not a limit while building (as in the paper); among the samples, plans within the fleet are preferred.
 */
export function solveRandom(problem: Problem, variant: Variant, options: RandomOptions): number[][] {
  const samples = Math.max(1, Math.floor(options.samples ?? 1000));
  const rng = createRng(options.seed);
  let best: number[][] = [];
  let bestScore: PlanScore | null = null;
  for (let s = 0; s < samples; s++) {
    const routes = randomConstruction(problem, variant, rng);
    let cost = 0;
    for (const route of routes) cost += routeCost(problem, route, variant).cost;
    const score = { excess: fleetExcess(problem, routes), cost };
    if (bestScore === null || isBetterPlan(score, bestScore)) {
      best = routes;
      bestScore = score;
    }
  }
  return best;
}

/** One random sequential construction. */
export function randomConstruction(problem: Problem, variant: Variant, rng: Rng): number[][] {
  const { n, travel, ready, due, service, demand, capacity } = problem;
  const size = n + 1;
  const hardTime = variantHardTime(variant.name);
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
        if (load + demand[i] > capacity) continue;
        if (hardTime) {
          const arrival = time + travel[pos * size + i];
          if (arrival > due[i]) continue;
          if (Math.max(arrival, ready[i]) + service[i] + travel[i * size] > due[0]) continue;
        }
        candidates[count++] = k;
      }
      if (count === 0) break;
      const k = candidates[rng.int(0, count)];
      const i = unvisited[k];
      unvisited[k] = unvisited[unvisited.length - 1];
      unvisited.pop();
      const arrival = time + travel[pos * size + i];
      // tw3 starts service on arrival; the time rules above only apply in tw1, where vehicles wait.
      time = (variant.name === 'tw3' ? arrival : Math.max(arrival, ready[i])) + service[i];
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
