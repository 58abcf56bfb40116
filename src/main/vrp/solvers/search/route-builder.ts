import { stopPenalty } from '../../evaluate.js';
import type { RouteState } from './route-state.js';

/**
 * Prices a candidate route without building it. A candidate is always: the unchanged prefix of some route up
 * to a customer (`beginAfter`), a few customers simulated one by one (`visit`, `visitRange`), then the unchanged
 * suffix of some route from a customer (`finish`). Prefix and suffix come from RouteState in O(1); in tw1
 * with a linear waiting price the suffix is O(1) too, otherwise it is re-simulated only until its schedule
 * meets the old one again (same service start => the rest of the route is unchanged).
 *
 * Returns the augmented cost (true cost + lambda * GLS penalties), or Infinity when a hard rule breaks or
 * when the cost provably exceeds the caller's `limit` (every cost term is >= 0, so the cost so far plus the
 * remaining travel is a lower bound): the local search only needs to know about improving candidates.
 */
export class RouteBuilder {
  private time = 0;
  private cost = 0;
  private dist = 0;
  private pen = 0;
  private serv = 0;
  private last = 0;
  private lambda = 0;
  private limit = Infinity;

  constructor(private readonly s: RouteState) {}

  /** Starts from the depot (node 0) or after customer `node` of its current route. */
  beginAfter(node: number, lambda: number, limit = Infinity): void {
    const s = this.s;
    this.lambda = lambda;
    this.limit = limit;
    if (node === 0) {
      this.time = s.problem.ready[0];
      this.cost = 0;
      this.dist = 0;
      this.pen = 0;
      this.serv = 0;
    } else {
      this.time = s.depart[node];
      this.cost = s.preCost[node];
      this.dist = s.preDist[node];
      this.pen = s.prePen[node];
      this.serv = s.preServ[node];
    }
    this.last = node;
  }

  /** Appends one customer; false when it is late in tw1 or the cost is already over the limit. */
  visit(j: number): boolean {
    const s = this.s;
    const { travel, ready, due, service } = s.problem;
    const model = s.model;
    const arc = this.last * s.size + j;
    const leg = travel[arc];
    const arrival = this.time + leg;
    const late = arrival - due[j];
    if (model.hardTime && late > model.lateTolerance) return false;
    const early = ready[j] - arrival;
    this.cost += leg + stopPenalty(model.variant, Math.max(early, 0), Math.max(late, 0));
    this.dist += leg;
    this.pen += s.arcPen[arc];
    this.serv += service[j];
    this.time = (model.waits && early > 0 ? ready[j] : arrival) + service[j];
    this.last = j;
    return this.cost + this.lambda * this.pen <= this.limit;
  }

  /** Appends nodes[from..to] inclusive, in order (nothing when to < from). */
  visitRange(nodes: readonly number[], from: number, to: number): boolean {
    for (let p = from; p <= to; p++) if (!this.visit(nodes[p])) return false;
    return true;
  }

  /** Appends nodes[from], nodes[from-1], ..., nodes[downTo]. */
  visitBackward(nodes: readonly number[], from: number, downTo: number): boolean {
    for (let p = from; p >= downTo; p--) if (!this.visit(nodes[p])) return false;
    return true;
  }

  /** Appends nodes[i..i+len-1], reversed if asked. */
  visitSegment(nodes: readonly number[], i: number, len: number, reversed: boolean): boolean {
    return reversed ? this.visitBackward(nodes, i + len - 1, i) : this.visitRange(nodes, i, i + len - 1);
  }

  /** Closes the route with the unchanged suffix starting at customer j (0: straight back to the depot). */
  finish(j: number): number {
    const s = this.s;
    const lambda = this.lambda;
    const model = s.model;
    const { travel, ready, due } = s.problem;
    const last = this.last;
    if (j === 0) {
      if (last === 0) return 0;
      const leg = travel[last * s.size];
      if (model.hardTime && this.time + leg > due[0] + model.lateTolerance) return Infinity;
      return this.cost + leg + lambda * (this.pen + s.arcPen[last * s.size]);
    }
    const arc = last * s.size + j;
    const arrival = this.time + travel[arc];
    const pen = this.pen + s.arcPen[arc] + s.sufPen[j];
    if (model.hardTime && arrival > s.latest[j] + model.lateTolerance) return Infinity;
    const bound = this.cost + travel[arc] + s.sufDist[j] + lambda * pen;
    if (bound > this.limit) return Infinity;
    if (model.fastSuffix) {
      const back = Math.max(arrival + s.sufShift[j], s.sufFloor[j]);
      const dist = this.dist + travel[arc] + s.sufDist[j];
      const serv = this.serv + s.sufServ[j];
      return dist + model.alpha * (back - ready[0] - dist - serv) + lambda * pen;
    }
    return this.simulateSuffix(j, arrival, this.limit - lambda * pen) + lambda * pen;
  }

  /** True cost of the route when the old suffix from j is entered at `arrival` (Infinity once over `limit`). */
  private simulateSuffix(j: number, arrival: number, limit: number): number {
    const s = this.s;
    const { travel, ready, due, service } = s.problem;
    const model = s.model;
    const r = s.routeOf[j];
    const nodes = s.routes[r];
    let cost = this.cost + travel[this.last * s.size + j];
    let time = arrival;
    let prev = j;
    for (let p = s.posOf[j]; p < nodes.length; p++) {
      const k = nodes[p];
      if (p > s.posOf[j]) {
        const leg = travel[prev * s.size + k];
        time += leg;
        cost += leg;
        if (model.hardTime && time > s.latest[k] + model.lateTolerance) return Infinity;
      }
      const early = ready[k] - time;
      const late = time - due[k];
      cost += stopPenalty(model.variant, Math.max(early, 0), Math.max(late, 0));
      if (cost + s.sufDist[k] > limit) return Infinity;
      const begin = model.waits && early > 0 ? ready[k] : time;
      // Same service start as before: everything after k is exactly as in the current route.
      if (begin === s.start[k]) return cost + s.routeCost[r] - s.preCost[k];
      time = begin + service[k];
      prev = k;
    }
    const back = travel[prev * s.size];
    if (model.hardTime && time + back > due[0] + model.lateTolerance) return Infinity;
    return cost + back;
  }
}
