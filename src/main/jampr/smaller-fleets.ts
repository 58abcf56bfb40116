import { type Problem, totalDemand } from '../vrp/problem.js';
import { customerWork } from './env/rules.js';

/**
 * The fleets besides the day's own that JAMPR's greedy plan is also decoded with: as many vehicles as the demand
 * and the hours need, and one more. Told the fleet left against the demand, the model spreads a generous fleet's work over every
 * vehicle (8 vans where 4 carry the day: routes of one stop, driven from the depot and back), and a vehicle left at
 * the depot is always allowed; the plan serving the most customers, then the cheapest, is kept (bench/RESULTS.md
 * section 8, sixteenth round). A day with a vehicle per customer (the fleet a file that names none gets, and the
 * paper's instances) tries them too: exempting it made a fleet of N plan far dearer than one of N − 1 (a tester's
 * 50 stops: 1071.6 against 748.9; RESULTS §8, twenty-second round).
 */
export function smallerFleets(problem: Problem): number[] {
  const need = Math.max(1, Math.ceil(totalDemand(problem) / problem.capacity - 1e-9), hoursNeed(problem));
  return [need, need + 1].filter((k) => k < problem.vehicles);
}

/**
 * The vehicles the day's work needs by the clock: a lower bound of the work (every customer's service plus the drive
 * into it from its nearest other node, as the fleet rule counts it) over one shift. On a day of a few vans without a
 * load limit the load would ask for one van, a plan no one could drive in a shift.
 */
function hoursNeed(problem: Problem): number {
  const shift = problem.due[0] - problem.ready[0];
  if (!(shift > 0)) return 1;
  const work = customerWork(problem).reduce((sum, w) => sum + w, 0);
  return Math.ceil(work / shift - 1e-9);
}

/** The day with each of those smaller fleets. */
export const smallerFleetDays = (problem: Problem): Problem[] => smallerFleets(problem).map((k) => withFleet(problem, k));

/** The day with a fleet of `vehicles` (fewer than its own), everything else the same. */
export const withFleet = (problem: Problem, vehicles: number): Problem => ({
  ...problem,
  vehicles,
  instance: { ...problem.instance, vehicles },
});
