import { exceedsCapacity } from '../../../../shared/domain.js';
import type { Problem } from '../../problem.js';
import type { CostModel } from './cost-model.js';

export interface RepairedPlan {
  routes: number[][];
  /** Customers taken out (or never served) that must be inserted again. */
  pending: number[];
}

/**
 * Makes a starting plan safe for the search: drops unknown and repeated stops, takes out orders bigger than a
 * vehicle, unloads overfull routes from the end and, where windows are hard, removes the first late stop (or the last
 * stop for a late return) until each route is on time. Returns the pending customers for re-insertion.
 */
export function repairPlan(problem: Problem, model: CostModel, initial: readonly (readonly number[])[]): RepairedPlan {
  const { n, demand, capacity } = problem;
  const seen = new Uint8Array(n + 1);
  const pending: number[] = [];
  const routes = initial.map((route) =>
    route.filter((i) => {
      if (!Number.isInteger(i) || i < 1 || i > n || seen[i]) return false;
      seen[i] = 1;
      // An order bigger than a vehicle comes out first: unloading from the end would take the stops after it out too.
      if (!exceedsCapacity(demand[i], capacity)) return true;
      pending.push(i);
      return false;
    }),
  );
  for (const route of routes) {
    let load = route.reduce((sum, i) => sum + demand[i], 0);
    while (exceedsCapacity(load, capacity)) {
      const i = route.pop()!;
      load -= demand[i];
      pending.push(i);
    }
    if (!model.hardTime) continue;
    for (let k = firstBreak(problem, model, route); k >= 0; k = firstBreak(problem, model, route)) {
      pending.push(route.splice(k, 1)[0]);
    }
  }
  for (let i = 1; i <= n; i++) if (!seen[i]) pending.push(i);
  return { routes: routes.filter((r) => r.length > 0), pending };
}

/** Whether the route keeps the hard time rules (always true where windows are soft); its load is not looked at. */
export function keepsHardTimes(problem: Problem, model: CostModel, route: readonly number[]): boolean {
  return !model.hardTime || firstBreak(problem, model, route) < 0;
}

/** Position of the first late stop, the last stop when only the return is late, or -1 when on time. */
function firstBreak(problem: Problem, model: CostModel, route: readonly number[]): number {
  const { travel, ready, due, service } = problem;
  const size = problem.n + 1;
  let time = ready[0];
  let last = 0;
  for (let k = 0; k < route.length; k++) {
    const i = route[k];
    const arrival = time + travel[last * size + i];
    if (arrival > due[i] + model.lateTolerance) return k;
    time = Math.max(arrival, ready[i]) + service[i];
    last = i;
  }
  if (route.length > 0 && time + travel[last * size] > due[0] + model.lateTolerance) return route.length - 1;
  return -1;
}
