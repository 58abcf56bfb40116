import { RouteBuilder } from './route-builder.js';
import type { RouteState } from './route-state.js';

/**
 * What every move needs: the plan, a builder to price candidates, the GLS weight and the fleet rule.
 * Moves are split into `eval*` (price only, returns the change of the objective or Infinity) and `apply*`.
 */
export class MoveContext {
  readonly builder: RouteBuilder;
  /** GLS penalty weight; 0 = plain local search on the true cost. */
  lambda = 0;

  constructor(
    readonly state: RouteState,
    /** Fleet size K. */
    readonly fleet: number,
  ) {
    this.builder = new RouteBuilder(state);
  }

  /** Current objective of route r. */
  aug(r: number): number {
    return this.state.augmented(r, this.lambda);
  }

  /** Node before position p of route r (0 = the depot). */
  nodeBefore(r: number, p: number): number {
    return p > 0 ? this.state.routes[r][p - 1] : 0;
  }

  /** Node at position p of route r, or 0 (the depot) past its end. */
  nodeAt(r: number, p: number): number {
    const nodes = this.state.routes[r];
    return p < nodes.length ? nodes[p] : 0;
  }

  /** Load of nodes[from..to) of route r. */
  loadOf(r: number, from: number, to: number): number {
    if (to <= from) return 0;
    const s = this.state;
    const nodes = s.routes[r];
    return s.preLoad[nodes[to - 1]] - (from > 0 ? s.preLoad[nodes[from - 1]] : 0);
  }

  /**
   * May a move that turns routes with `before` non-empty of them into `after` non-empty ones be made?
   * Never open a route beyond the fleet (plans already over it may only shrink).
   */
  fleetAllows(before: number, after: number): boolean {
    if (after <= before) return true;
    return this.state.usedRoutes() + (after - before) <= this.fleet;
  }
}
