/**
 * Hand edits of a plan's routes: moving one stop to another route (or another place in its own). Pure; the
 * result is re-scored by `plans:check`, which reports the violations the move causes.
 */
import type { Routes } from '../../shared/domain.js';

export interface StopLocation {
  route: number;
  index: number;
}

export function locateStop(routes: Routes, customerId: string): StopLocation | null {
  for (let r = 0; r < routes.length; r++) {
    const index = routes[r].indexOf(customerId);
    if (index >= 0) return { route: r, index };
  }
  return null;
}

/** The route number that means "on no route": the stop is left unserved. */
export const UNSERVED = -1;

/**
 * Moves `customerId` to route `toRoute` before position `position` (counted in the target route as it is before
 * the move; omitted = at the end). `toRoute === routes.length` opens a new route; `UNSERVED` takes the stop off
 * its route, and a stop on no route is placed. Empty routes are kept so route numbers and colours stay put
 * while the dispatcher works.
 */
export function moveStop(routes: Routes, customerId: string, toRoute: number, position?: number): Routes {
  const from = locateStop(routes, customerId);
  if (!from && toRoute === UNSERVED) throw new Error(`customer ${customerId} is already on no route`);
  if (toRoute < UNSERVED || toRoute > routes.length) throw new Error(`route ${toRoute + 1} does not exist`);
  const next = routes.map((r) => [...r]);
  if (from) next[from.route].splice(from.index, 1);
  if (toRoute === UNSERVED) return next;
  if (toRoute === next.length) next.push([]);
  let insertAt = position ?? next[toRoute].length;
  if (from && from.route === toRoute && from.index < insertAt) insertAt--;
  insertAt = Math.max(0, Math.min(insertAt, next[toRoute].length));
  next[toRoute].splice(insertAt, 0, customerId);
  return next;
}

export function sameRoutes(a: Routes, b: Routes): boolean {
  return a.length === b.length && a.every((route, r) => route.length === b[r].length && route.every((id, i) => id === b[r][i]));
}
