/**
 * What a route's driver must be told beyond the cost's violations: the route card, the driver sheet and the plan
 * CSV mark the same routes with these, so no view flags a route another one passes. The evaluator
 * (src/main/vrp/evaluate.ts) uses the same tests for its 'horizon' and 'fleet' violations.
 */
import type { RouteSummary } from './domain.js';

/** Below this, a time difference is rounding noise (the evaluator's TIME_EPS). */
const EPS = 1e-9;

/**
 * Back at the depot after the shift ends. Under hard windows the evaluator reports it ('horizon'); under (partly)
 * soft windows the cost has no horizon, but the driver's day still runs past the shift, so every view says so.
 */
export const backAfterShift = (route: Pick<RouteSummary, 'customers' | 'returnTime'>, shiftEnd: number): boolean =>
  route.customers > 0 && route.returnTime > shiftEnd + EPS;

/**
 * The routes a fleet of `vehicles` cannot drive: the used routes after the first `vehicles` ones, in plan order (a
 * route beyond the fleet is opened by a hand edit; empty routes keep their places, so route numbers hold).
 */
export function routesBeyondFleet(routes: readonly Pick<RouteSummary, 'customers'>[], vehicles: number): Set<number> {
  const beyond = new Set<number>();
  let used = 0;
  routes.forEach((route, r) => {
    if (route.customers === 0) return;
    used++;
    if (used > vehicles) beyond.add(r);
  });
  return beyond;
}

/**
 * What the driver sheets and the plan CSV say of a plan whose day was changed after it was made (the plan panel's
 * "out of date"), in one wording, so a file handed to drivers never reads as current where a sheet would not.
 */
export const outOfDateNote = (unsaved = false): string =>
  `out of date: the day was changed after this plan was made${unsaved ? ' (the changes are not saved yet)' : ''}; plan again to include the changes`;
