import { type Problem, totalDemand } from '../vrp/problem.js';

/**
 * The fleets besides the day's own that JAMPR's greedy plan is also decoded with: as many vehicles as the demand
 * needs, and one more. Told the fleet left against the demand, the model spreads a generous fleet's work over every
 * vehicle (8 vans where 4 carry the day: routes of one stop, driven from the depot and back), and a vehicle left at
 * the depot is always allowed; the plan serving the most customers, then the cheapest, is kept (bench/RESULTS.md
 * section 8, sixteenth round). A day with a vehicle per customer (the paper's instances, what the models were
 * trained on) is decoded with its own fleet only.
 */
export function smallerFleets(problem: Problem): number[] {
  if (problem.vehicles >= problem.n) return [];
  const need = Math.max(1, Math.ceil(totalDemand(problem) / problem.capacity - 1e-9));
  return [need, need + 1].filter((k) => k < problem.vehicles);
}

/** The day with each of those smaller fleets. */
export const smallerFleetDays = (problem: Problem): Problem[] => smallerFleets(problem).map((k) => withFleet(problem, k));

/** The day with a fleet of `vehicles` (fewer than its own), everything else the same. */
export const withFleet = (problem: Problem, vehicles: number): Problem => ({
  ...problem,
  vehicles,
  instance: { ...problem.instance, vehicles },
});
