import type { Problem } from '../problem.js';

/**
 * How the solvers rank complete plans: first by how many routes they use beyond the fleet size K (the fleet
 * is a limit, not a price), then by the variant's true cost.
 */
export interface PlanScore {
  excess: number;
  cost: number;
}

/** Improvements below this are rounding noise, not progress (costs are sums of unrounded distances). */
export const COST_EPS = 1e-7;

export function fleetExcess(problem: Problem, routes: readonly (readonly number[])[]): number {
  let used = 0;
  for (const r of routes) if (r.length > 0) used++;
  return Math.max(0, used - problem.vehicles);
}

export function isBetterPlan(a: PlanScore, b: PlanScore): boolean {
  if (a.excess !== b.excess) return a.excess < b.excess;
  return a.cost < b.cost - COST_EPS;
}
