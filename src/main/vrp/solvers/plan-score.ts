import type { Evaluation } from '../../../shared/domain.js';
import { unservedCount } from '../../../shared/not-served.js';
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

/**
 * Feasible beats infeasible; then fewer customers left unserved (the cost counts only the customers served, so on a
 * day the fleet cannot serve whole the cheapest plan would otherwise be one that serves fewer); then lower cost;
 * then fewer tours.
 */
export function isBetter(a: Evaluation, b: Evaluation): boolean {
  if (a.feasible !== b.feasible) return a.feasible;
  const fewerLeft = unservedCount(b) - unservedCount(a);
  if (fewerLeft !== 0) return fewerLeft > 0;
  if (a.cost !== b.cost) return a.cost < b.cost;
  return a.vehicles < b.vehicles;
}
