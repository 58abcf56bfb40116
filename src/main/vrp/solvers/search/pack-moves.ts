import { exceedsCapacity } from '../../../../shared/domain.js';
import { routeCost } from '../../evaluate.js';
import type { Problem } from '../../problem.js';
import type { Rng } from '../../rng.js';
import type { CostModel } from './cost-model.js';
import { keepsHardTimes } from './repair.js';

/** A move of the packing: the routes it rewrites (each with its cost) and the stops it moved. */
export interface PackMove {
  changes: { r: number; route: number[]; cost: number }[];
  moved: number[];
}

/** Two routes' stops shared anew in one step are at most this many (the subset sums stay small). */
const MAX_SHARED = 32;
/** Distinct loads the subset sums keep at most (fractional demands could otherwise make them explode). */
const MAX_SUMS = 4096;
/** Three routes' stops shared anew in one step are at most this many, and the search over them this many nodes. */
const MAX_SPLIT = 15;
const MAX_SPLIT_NODES = 20_000;

/** How far a load is over the capacity: 0 within it (rounding allowance included, exceedsCapacity). */
const overload = (load: number, capacity: number): number => (exceedsCapacity(load, capacity) ? load - capacity : 0);

/** K routes whose loads may exceed the capacity for a while; their loads and costs kept up to date. */
export class Packing {
  readonly load: number[];
  readonly cost: number[];

  constructor(
    readonly problem: Problem,
    readonly model: CostModel,
    readonly routes: number[][],
  ) {
    this.load = routes.map((r) => r.reduce((sum, i) => sum + problem.demand[i], 0));
    this.cost = routes.map((r) => routeCost(problem, r, model.variant).cost);
  }

  over(r: number, load = this.load[r]): number {
    return overload(load, this.problem.capacity);
  }

  overfull(): number[] {
    return this.routes.flatMap((_, r) => (exceedsCapacity(this.load[r], this.problem.capacity) ? [r] : []));
  }

  /** u where it adds the least overload, then the least cost, keeping the time rules; false when nowhere. */
  placeLeastOver(u: number): boolean {
    let best: { r: number; place: Place; more: number } | null = null;
    for (let r = 0; r < this.routes.length; r++) {
      const place = cheapestPlace(this, this.routes[r], u);
      if (!place) continue;
      const more = this.over(r, this.load[r] + this.problem.demand[u]) - this.over(r);
      if (!best || more < best.more || (more === best.more && place.cost - this.cost[r] < best.place.cost - this.cost[best.r]))
        best = { r, place, more };
    }
    if (!best) return false;
    this.apply({ changes: [{ r: best.r, ...best.place }], moved: [u] });
    return true;
  }

  apply(move: PackMove): void {
    for (const { r, route, cost } of move.changes) {
      this.routes[r] = route;
      this.load[r] = route.reduce((sum, i) => sum + this.problem.demand[i], 0);
      this.cost[r] = cost;
    }
  }
}

/**
 * The overfull route's stops and those of one route with room, shared anew: the route with room takes the heaviest
 * load it can carry (a subset sum), the overfull one the rest. Taken where it lowers the total overload most, among
 * the routes with room; null where none does (or where the new routes break a time rule).
 */
export function refill(packing: Packing, from: number, rng: Rng): PackMove | null {
  const { problem, routes, load } = packing;
  let best: { move: PackMove; lower: number } | null = null;
  for (let to = 0; to < routes.length; to++) {
    if (to === from || load[to] >= problem.capacity || routes[from].length + routes[to].length > MAX_SHARED) continue;
    const shared = [...routes[from], ...routes[to]];
    const taken = heaviestFit(problem, shared, rng);
    const takenLoad = taken.reduce((sum, i) => sum + problem.demand[i], 0);
    const restLoad = load[from] + load[to] - takenLoad;
    const lower = packing.over(from) + packing.over(to) - packing.over(from, restLoad) - packing.over(to, takenLoad);
    if (!(lower > 0) || (best && lower <= best.lower)) continue;
    const inTaken = new Set(taken);
    const rebuilt = [
      rebuild(packing, routes[to], taken),
      rebuild(
        packing,
        routes[from],
        shared.filter((i) => !inTaken.has(i)),
      ),
    ];
    if (!rebuilt[0] || !rebuilt[1]) continue;
    const moved = shared.filter((i) => inTaken.has(i) !== routes[to].includes(i));
    best = {
      move: {
        changes: [
          { r: to, ...rebuilt[0] },
          { r: from, ...rebuilt[1] },
        ],
        moved,
      },
      lower,
    };
  }
  return best?.move ?? null;
}

/**
 * Where no second route alone can take the overload off (at an exact fit the room lies in pieces no subset of two
 * routes' orders fills), a third route's orders join the share: the overfull route, one route with room and any
 * other route, their stops dealt anew over the three with the least overload there is (`splitThree`, exact). With
 * three orders a vehicle an exact fit has few solutions, and two routes at a time rarely reach one. Taken where it
 * lowers the total overload most; null where no triple does (or where the new routes break a time rule).
 */
export function refillThree(packing: Packing, from: number): PackMove | null {
  const { problem, routes, load } = packing;
  let best: { move: PackMove; lower: number } | null = null;
  for (let to = 0; to < routes.length; to++) {
    if (to === from || load[to] >= problem.capacity) continue;
    for (let via = 0; via < routes.length; via++) {
      if (via === from || via === to) continue;
      const three = [from, to, via];
      const shared = three.flatMap((r) => routes[r]);
      if (shared.length > MAX_SPLIT) continue;
      const was = three.reduce((sum, r) => sum + packing.over(r), 0);
      const split = splitThree(problem, shared, was - (best?.lower ?? 0));
      if (!split) continue;
      const lower = was - split.over;
      const bins = matchBins(
        three.map((r) => routes[r]),
        split.bins,
      );
      const rebuilt = three.map((r, k) => rebuild(packing, routes[r], bins[k]));
      if (rebuilt.some((place) => !place)) continue;
      const moved = three.flatMap((r, k) => bins[k].filter((i) => !routes[r].includes(i)));
      best = { move: { changes: three.map((r, k) => ({ r, ...rebuilt[k]! })), moved }, lower };
    }
  }
  return best?.move ?? null;
}

/** The bins given to the routes so that the most stops stay where they are (the vehicles are alike). */
function matchBins(routes: readonly (readonly number[])[], bins: number[][]): number[][] {
  const kept = (route: readonly number[], bin: number[]) => bin.filter((i) => route.includes(i)).length;
  let best = bins;
  let most = -1;
  for (const order of [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
  ]) {
    const stay = order.reduce((sum, b, r) => sum + kept(routes[r], bins[b]), 0);
    if (stay > most) {
      most = stay;
      best = order.map((b) => bins[b]);
    }
  }
  return best;
}

/**
 * The stops dealt over three vehicles with the least total overload, if it is below `below`: a depth-first search,
 * largest order first, that skips a vehicle loaded as one already tried and stops at the first split with none.
 */
function splitThree(problem: Problem, stops: readonly number[], below: number): { bins: number[][]; over: number } | null {
  const { demand, capacity } = problem;
  const order = [...stops].sort((a, b) => demand[b] - demand[a] || a - b);
  const loads = [0, 0, 0];
  const bins: number[][] = [[], [], []];
  let best: { bins: number[][]; over: number } | null = null;
  let limit = below;
  let nodes = 0;
  const overOf = () => loads.reduce((sum, l) => sum + overload(l, capacity), 0);
  const visit = (k: number): boolean => {
    if (++nodes > MAX_SPLIT_NODES) return true;
    if (overOf() >= limit) return false;
    if (k === order.length) {
      best = { bins: bins.map((b) => [...b]), over: overOf() };
      limit = best.over;
      return limit === 0;
    }
    const u = order[k];
    for (let b = 0; b < 3; b++) {
      if (loads.indexOf(loads[b]) < b) continue; // a vehicle loaded as an earlier one: the same split again
      loads[b] += demand[u];
      bins[b].push(u);
      const done = visit(k + 1);
      bins[b].pop();
      loads[b] -= demand[u];
      if (done) return true;
    }
    return false;
  };
  visit(0);
  return best;
}

/**
 * One stop of the overfull route moved to another route, or swapped with one of its stops: the move lowering the
 * overload most (the cheapest of those), else one at random that keeps it level and shifts load.
 */
export function shiftOrSwap(packing: Packing, from: number, free: (c: number) => boolean, rng: Rng): PackMove | null {
  const { problem, routes, load } = packing;
  const { demand } = problem;
  const candidates: Candidate[] = [];
  for (const c of routes[from]) {
    if (!free(c)) continue;
    for (let to = 0; to < routes.length; to++) {
      if (to === from) continue;
      const was = packing.over(from) + packing.over(to);
      const change = (shift: number) => packing.over(from, load[from] - shift) + packing.over(to, load[to] + shift) - was;
      candidates.push({ over: change(demand[c]), c, from, to, back: -1 });
      for (const e of routes[to]) {
        if (free(e) && demand[e] !== demand[c]) candidates.push({ over: change(demand[c] - demand[e]), c, from, to, back: e });
      }
    }
  }
  const lowering = candidates.filter((m) => m.over < 0).sort((a, b) => a.over - b.over);
  for (let i = 0; i < lowering.length; ) {
    let best: { move: PackMove; delta: number } | null = null;
    for (const level = lowering[i].over; i < lowering.length && lowering[i].over === level; i++) {
      const made = realise(packing, lowering[i]);
      if (made && (!best || made.delta < best.delta)) best = made;
    }
    if (best) return best.move;
  }
  const level = candidates.filter((m) => m.over === 0);
  shuffle(level, rng);
  for (const m of level) {
    const made = realise(packing, m);
    if (made) return made.move;
  }
  return null;
}

/** Stuck: one stop of the overfull route moves to the first other route (in random order) that takes it in time. */
export function kick(packing: Packing, from: number, rng: Rng): PackMove | null {
  const { routes } = packing;
  const c = routes[from][rng.int(0, routes[from].length)];
  const start = rng.int(0, routes.length);
  for (let k = 0; k < routes.length; k++) {
    const to = (start + k) % routes.length;
    if (to === from) continue;
    const made = realise(packing, { over: 0, c, from, to, back: -1 });
    if (made) return made.move;
  }
  return null;
}

interface Candidate {
  /** Change of the total overload. */
  over: number;
  c: number;
  from: number;
  to: number;
  /** The stop of `to` that comes back to `from` (a swap), or -1 (a move). */
  back: number;
}

interface Place {
  route: number[];
  cost: number;
}

/** The candidate's two new routes, each stop at its cheapest place; null when one of them breaks a time rule. */
function realise(packing: Packing, m: Candidate): { move: PackMove; delta: number } | null {
  const { routes, cost } = packing;
  const without = routes[m.from].filter((x) => x !== m.c);
  const into = cheapestPlace(packing, m.back < 0 ? routes[m.to] : routes[m.to].filter((x) => x !== m.back), m.c);
  if (!into) return null;
  const from = m.back < 0 ? rebuild(packing, without, without) : cheapestPlace(packing, without, m.back);
  if (!from) return null;
  return {
    move: {
      changes: [
        { r: m.from, ...from },
        { r: m.to, ...into },
      ],
      moved: m.back < 0 ? [m.c] : [m.c, m.back],
    },
    delta: from.cost + into.cost - cost[m.from] - cost[m.to],
  };
}

/**
 * A route of exactly the stops `keep`: those of `route` among them in their order, the others each put at its
 * cheapest place in turn; null when a time rule breaks.
 */
function rebuild(packing: Packing, route: readonly number[], keep: readonly number[]): Place | null {
  const wanted = new Set(keep);
  const kept = route.filter((i) => wanted.has(i));
  const inRoute = new Set(kept);
  let place: Place | null = keepsHardTimes(packing.problem, packing.model, kept)
    ? { route: kept, cost: routeCost(packing.problem, kept, packing.model.variant).cost }
    : null;
  for (const i of keep) {
    if (!place) return null;
    if (!inRoute.has(i)) place = cheapestPlace(packing, place.route, i);
  }
  return place;
}

/** u at the place in the route where it costs least and the route keeps the time rules; null when there is none. */
function cheapestPlace(packing: Packing, route: readonly number[], u: number): Place | null {
  const { problem, model } = packing;
  let best: Place | null = null;
  for (let p = 0; p <= route.length; p++) {
    const trial = [...route.slice(0, p), u, ...route.slice(p)];
    if (!keepsHardTimes(problem, model, trial)) continue;
    const c = routeCost(problem, trial, model.variant).cost;
    if (!best || c < best.cost) best = { route: trial, cost: c };
  }
  return best;
}

/**
 * The stops (in random order, so that ties are broken differently each time) whose load is the largest that fits
 * the capacity: the subset sums of the stops, each reached load remembering the stop that first reached it.
 */
function heaviestFit(problem: Problem, stops: readonly number[], rng: Rng): number[] {
  const order = [...stops];
  shuffle(order, rng);
  const reached = new Map<number, { before: number; stop: number }>([[0, { before: 0, stop: -1 }]]);
  for (const stop of order) {
    for (const sum of [...reached.keys()]) {
      const next = sum + problem.demand[stop];
      if (!exceedsCapacity(next, problem.capacity) && !reached.has(next) && reached.size < MAX_SUMS)
        reached.set(next, { before: sum, stop });
    }
  }
  let sum = Math.max(...reached.keys());
  const taken: number[] = [];
  while (sum > 0) {
    const { before, stop } = reached.get(sum)!;
    taken.push(stop);
    sum = before;
  }
  return taken;
}

function shuffle<T>(items: T[], rng: Rng): void {
  for (let k = items.length - 1; k > 0; k--) {
    const j = rng.int(0, k + 1);
    [items[k], items[j]] = [items[j], items[k]];
  }
}
