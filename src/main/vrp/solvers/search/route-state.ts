import { exceedsCapacity } from '../../../../shared/domain.js';
import { stopPenalty } from '../../evaluate.js';
import type { Problem } from '../../problem.js';
import type { CostModel } from './cost-model.js';

/**
 * The search's working plan: routes of customer indices plus, per customer, the exact schedule of the route
 * up to it (prefix) and a summary of the route after it (suffix). Moves are priced from these in O(1) or
 * O(changed part) by RouteBuilder, and only applied moves pay for a full route refresh.
 *
 * Penalty counts are the guided local search's arc penalties, summed the same way as the cost, so the
 * search's objective (cost + lambda * penalties) is priced in the same pass.
 */
export class RouteState {
  readonly size: number;
  routes: number[][] = [];
  readonly routeOf: Int32Array;
  readonly posOf: Int32Array;
  // Prefix through customer i (including the leg into i and i's own penalty).
  readonly depart: Float64Array;
  readonly start: Float64Array;
  readonly preCost: Float64Array;
  readonly preDist: Float64Array;
  readonly prePen: Float64Array;
  readonly preLoad: Float64Array;
  readonly preServ: Float64Array;
  // Suffix from customer i to the depot (excluding the leg into i).
  /** tw1: latest arrival at i that keeps i and the rest of its route on time. */
  readonly latest: Float64Array;
  /** tw1: return time at the depot after arriving at i at time T is max(T + sufShift, sufFloor). */
  readonly sufShift: Float64Array;
  readonly sufFloor: Float64Array;
  readonly sufDist: Float64Array;
  readonly sufPen: Float64Array;
  readonly sufLoad: Float64Array;
  readonly sufServ: Float64Array;
  // Per route.
  routeCost: number[] = [];
  routePen: number[] = [];
  routeLoad: number[] = [];
  routeFeasible: boolean[] = [];
  /** Non-empty routes, kept up to date by load and setRoute (the fleet rule asks for it on every move priced). */
  private used = 0;

  constructor(
    readonly problem: Problem,
    readonly model: CostModel,
    /** GLS arc penalty counts, row-major [(n+1)^2]; shared with the GLS driver. */
    readonly arcPen: Float64Array,
  ) {
    const size = problem.n + 1;
    this.size = size;
    const f = () => new Float64Array(size);
    this.routeOf = new Int32Array(size).fill(-1);
    this.posOf = new Int32Array(size).fill(-1);
    this.depart = f();
    this.start = f();
    this.preCost = f();
    this.preDist = f();
    this.prePen = f();
    this.preLoad = f();
    this.preServ = f();
    this.latest = f();
    this.sufShift = f();
    this.sufFloor = f();
    this.sufDist = f();
    this.sufPen = f();
    this.sufLoad = f();
    this.sufServ = f();
  }

  /** Replaces the whole plan (routes are copied). */
  load(routes: readonly (readonly number[])[]): void {
    this.routes = routes.map((r) => [...r]);
    this.routeCost = new Array<number>(this.routes.length).fill(0);
    this.routePen = new Array<number>(this.routes.length).fill(0);
    this.routeLoad = new Array<number>(this.routes.length).fill(0);
    this.routeFeasible = new Array<boolean>(this.routes.length).fill(true);
    this.routeOf.fill(-1);
    this.used = 0;
    for (let r = 0; r < this.routes.length; r++) {
      if (this.routes[r].length > 0) this.used++;
      this.refresh(r);
    }
  }

  /** Number of non-empty routes. */
  usedRoutes(): number {
    return this.used;
  }

  /** The plan's true cost (summed afresh: no drift over millions of moves). */
  trueCost(): number {
    let total = 0;
    for (const c of this.routeCost) total += c;
    return total;
  }

  /** Index of an empty route, creating one if needed. */
  emptyRoute(): number {
    for (let r = 0; r < this.routes.length; r++) if (this.routes[r].length === 0) return r;
    this.routes.push([]);
    this.routeCost.push(0);
    this.routePen.push(0);
    this.routeLoad.push(0);
    this.routeFeasible.push(true);
    return this.routes.length - 1;
  }

  /** Sets route r's customers and recomputes its prefix and suffix data. */
  setRoute(r: number, nodes: number[]): void {
    this.used += (nodes.length > 0 ? 1 : 0) - (this.routes[r].length > 0 ? 1 : 0);
    this.routes[r] = nodes;
    this.refresh(r);
  }

  /** The search's objective for route r. */
  augmented(r: number, lambda: number): number {
    return this.routeCost[r] + lambda * this.routePen[r];
  }

  /** Copy of the non-empty routes. */
  snapshot(): number[][] {
    return this.routes.filter((r) => r.length > 0).map((r) => [...r]);
  }

  /** Recomputes route r exactly as evaluate.ts simulates it. */
  refresh(r: number): void {
    const { problem, model, arcPen, size } = this;
    const { travel, ready, due, service, demand } = problem;
    const nodes = this.routes[r];
    const variant = model.variant;
    let time = ready[0];
    let last = 0;
    let cost = 0;
    let dist = 0;
    let pen = 0;
    let load = 0;
    let serv = 0;
    let feasible = true;
    for (let p = 0; p < nodes.length; p++) {
      const i = nodes[p];
      const leg = travel[last * size + i];
      const arrival = time + leg;
      const early = Math.max(ready[i] - arrival, 0);
      const late = Math.max(arrival - due[i], 0);
      const begin = model.waits ? Math.max(arrival, ready[i]) : arrival;
      if (model.hardTime && late > model.lateTolerance) feasible = false;
      dist += leg;
      cost += leg + stopPenalty(variant, early, late);
      pen += arcPen[last * size + i];
      load += demand[i];
      serv += service[i];
      time = begin + service[i];
      last = i;
      this.routeOf[i] = r;
      this.posOf[i] = p;
      this.start[i] = begin;
      this.depart[i] = time;
      this.preCost[i] = cost;
      this.preDist[i] = dist;
      this.prePen[i] = pen;
      this.preLoad[i] = load;
      this.preServ[i] = serv;
    }
    if (nodes.length > 0) {
      const leg = travel[last * size];
      cost += leg;
      pen += arcPen[last * size];
      if (model.hardTime && time + leg > due[0] + model.lateTolerance) feasible = false;
    }
    if (exceedsCapacity(load, problem.capacity)) feasible = false;
    this.routeCost[r] = cost;
    this.routePen[r] = pen;
    this.routeLoad[r] = load;
    this.routeFeasible[r] = feasible;
    this.refreshSuffix(nodes);
  }

  private refreshSuffix(nodes: number[]): void {
    const { problem, arcPen, size } = this;
    const { travel, ready, due, service, demand } = problem;
    let next = 0;
    let latest = due[0];
    let shift = 0;
    let floor = -Infinity;
    let dist = 0;
    let pen = 0;
    let load = 0;
    let serv = 0;
    for (let p = nodes.length - 1; p >= 0; p--) {
      const i = nodes[p];
      const leg = travel[i * size + next];
      // Arriving by `bound` keeps the rest on time, unless even the opening time is too late for it.
      const bound = latest - service[i] - leg;
      latest = ready[i] > bound + this.model.lateTolerance ? -Infinity : Math.min(due[i], bound);
      floor = Math.max(ready[i] + service[i] + leg + shift, floor);
      shift += service[i] + leg;
      dist += leg;
      pen += arcPen[i * size + next];
      load += demand[i];
      serv += service[i];
      this.latest[i] = latest;
      this.sufShift[i] = shift;
      this.sufFloor[i] = floor;
      this.sufDist[i] = dist;
      this.sufPen[i] = pen;
      this.sufLoad[i] = load;
      this.sufServ[i] = serv;
      next = i;
    }
  }
}
