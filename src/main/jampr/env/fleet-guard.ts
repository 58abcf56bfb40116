import { variantHardTime } from '../../../shared/domain.js';
import type { Problem } from '../../vrp/problem.js';
import { reaches } from './rules.js';
import { type Draft, freshVehicles } from './state.js';

/**
 * The fleet rule's second half (docs/model.md, "The environment"). Customers that no vehicle on the road can serve
 * any more (under tw1 their clocks have passed its window; under any policy their room is too small for its
 * order) are left to the fresh vehicles, and a fixed fleet has only so many. Every action is priced by the
 * shortage it would leave: how many more fresh vehicles those customers would need than there are. The row may
 * take only its actions of least shortage, so a policy cannot walk into a shortage it could have avoided this step;
 * the rule never masks every action (it never forces anything beyond picking among the least bad).
 *
 * The price is one estimate for the whole row, so actions of different vehicles compare: each vehicle on the road
 * keeps, chained earliest-due-first, the customers only it can still serve (after the action, for the vehicle that
 * moves; a customer two vehicles shared becomes the other's alone when the mover can no longer reach it), and what
 * no vehicle keeps goes to fresh routes from the depot. Serving is monotone (a later time or a fuller vehicle
 * never helps), so a customer a vehicle cannot serve next it can never serve. The estimate is greedy and one action
 * deep; the last few customers are where it misjudges most (three vehicles that can each reach a stop, but not
 * together with their own), so there a search decides exactly whether the fleet can still serve them all. A day
 * whose fleet needs near-perfect packing long before its end can still lose a customer (bench/RESULTS.md §8).
 *
 * Runs after every slot's mask is fresh: a customer entry of the mask says whether that slot's vehicle can serve
 * it, which gives each customer's coverers without a second feasibility pass.
 */
export function guardFreshVehicles(s: Draft, b: number): void {
  const { n, config, kMax } = s.batch;
  const nodes = n + 1;
  const m = config.mCon;
  const width = m * nodes;
  const p = s.batch.problems[b];
  const hardTime = variantHardTime(config.variant.name);

  // Coverers: the slots with a tour, as bits.
  const fresh = freshVehicles(s, b);
  const vehicles: (Vehicle | null)[] = [];
  const cover = new Int32Array(nodes);
  for (let j = 0; j < m; j++) {
    const k = s.slots[b * m + j];
    const v = b * kMax + k;
    if (k < 0 || s.tourLength[v] === 0) {
      vehicles.push(null);
      continue;
    }
    vehicles.push({ time: s.time[v], position: s.position[v], load: s.load[v] });
    const row = b * width + j * nodes;
    for (let i = 1; i < nodes; i++) if (s.mask[row + i]) cover[i] |= 1 << j;
  }
  const left = n - s.visitedCount[b];
  if (fresh >= left) return; // a fresh vehicle for every customer left: nothing to guard

  // Customers by who can serve them: nobody (orphans), one vehicle (its own) or exactly two (they share them).
  const orphans: number[] = [];
  const own: number[][] = vehicles.map(() => []);
  const shared = new Map<number, number[]>();
  let atRisk = 0; // customers one action could leave to fresh vehicles: nobody's, one's or two's
  const customers = byDue(p, unvisited(s, b));
  for (const c of customers) {
    const bits = cover[c];
    if (bits === 0) orphans.push(c);
    else if ((bits & (bits - 1)) === 0) own[31 - Math.clz32(bits)].push(c);
    else if (popcount(bits) === 2) {
      const pair = shared.get(bits);
      if (pair) pair.push(c);
      else shared.set(bits, [c]);
    } else continue;
    atRisk++;
  }
  const hasFreshSlot = vehicles.some((v, j) => v === null && s.slots[b * m + j] >= 0);
  // Beyond the last few customers, only those with at most two vehicles on the road are watched: when the fresh
  // vehicles could take them all, no action leaves a shortage the estimate would see.
  if (left > EXACT_LEFT && atRisk <= fresh - (hasFreshSlot ? 1 : 0)) return;
  // What each vehicle on the road cannot keep of its own customers if it stays where it is.
  const kept = vehicles.map((v, j) => (v ? chain(p, hardTime, v, own[j]) : []));

  // What nobody keeps whoever moves: a fresh vehicle's first stop may take some of it along.
  const unkept = byDue(p, orphans.concat(...kept));
  // Prices above the least found so far are masked whatever they are, so an estimate stops counting there
  // (`least` only falls, so a count that stopped stays above it).
  let least = Infinity;
  const shortage = (pool: () => readonly number[], size: number, freshLeft: number): number => {
    if (size <= freshLeft) return 0; // each can have a fresh vehicle of its own
    return Math.max(0, freshNeeded(p, hardTime, pool(), least + freshLeft) - freshLeft);
  };
  const sharedWith = (j: number, o: number): number[] => shared.get((1 << j) | (1 << o)) ?? [];
  // The most customers any action of slot j can leave to the fresh vehicles (each needs at most one).
  const worst = vehicles.map((mover, j) =>
    mover
      ? orphans.length +
        own[j].length +
        vehicles.reduce((sum, other, o) => (other && o !== j ? sum + own[o].length + sharedWith(j, o).length : sum), 0)
      : unkept.length,
  );

  const price = (j: number, i: number): number => {
    const mover = vehicles[j];
    if (!mover) {
      // A fresh vehicle's first stop puts it on the road: it can take along what nobody keeps.
      if (worst[j] <= fresh - 1) return 0;
      const pool = chain(p, hardTime, step(p, atDepot(p), i), without(unkept, i));
      return shortage(() => pool, pool.length, fresh - 1);
    }
    if (worst[j] <= fresh) return 0;
    const after = i === 0 ? null : step(p, mover, i);
    // Per vehicle on the road, what it leaves: the mover after its action, the others with what the mover lost.
    const parts: number[][] = [];
    vehicles.forEach((other, o) => {
      if (o === j) {
        parts.push(after ? chain(p, hardTime, after, without(own[j], i)) : own[j]);
      } else if (!other) {
        parts.push([]);
      } else {
        const lost = sharedWith(j, o).filter((c) => c !== i && !(after && canReach(p, hardTime, after, c)));
        parts.push(lost.length === 0 ? kept[o] : chain(p, hardTime, other, byDue(p, own[o].concat(lost))));
      }
    });
    const size = parts.reduce((sum, part) => sum + part.length, orphans.length);
    return shortage(() => parts.reduce<readonly number[]>((pool, part) => mergeByDue(p, pool, part), orphans), size, fresh);
  };

  // The last few customers: whether the fleet can still serve them all is decided exactly, not estimated.
  const exact = left <= EXACT_LEFT ? endgame(p, hardTime, customers, Math.min(fresh, left)) : null;
  const prices = new Float64Array(width).fill(Infinity);
  for (let j = 0; j < m; j++) {
    if (s.slots[b * m + j] < 0) continue;
    for (let i = 0; i < nodes; i++) {
      if (!s.mask[b * width + j * nodes + i]) continue;
      const estimate = price(j, i);
      prices[j * nodes + i] = exact ? (exact(vehicles, j, i) ? 0 : 1 + estimate) : estimate;
      least = Math.min(least, prices[j * nodes + i]);
    }
  }
  for (let a = 0; a < width; a++) if (prices[a] > least) s.mask[b * width + a] = 0;
}

/** At most this many customers left: the guard searches for a plan of them all instead of estimating. */
const EXACT_LEFT = 10;
/** The search gives up (and the estimate decides) after this many route extensions. */
const EXACT_BUDGET = 20_000;

/**
 * Whether, after slot j's vehicle takes node i (0: goes home), the vehicles on the road and `fresh` new ones can
 * serve every customer left. A depth-first search over routes, vehicle after vehicle, with the fresh vehicles
 * last and opened in order (they are identical); a (vehicle, place, customers left, load) already shown hopeless at
 * an earlier or equal time is not searched again. Undecided (over budget) counts as possible, so the estimate rules.
 */
function endgame(p: Problem, hardTime: boolean, customers: readonly number[], fresh: number) {
  return (vehicles: readonly (Vehicle | null)[], j: number, i: number): boolean => {
    const fleet: Vehicle[] = [];
    vehicles.forEach((v, o) => {
      if (o !== j) {
        if (v) fleet.push(v);
      } else if (i > 0) fleet.push(step(p, v ?? atDepot(p), i));
    });
    const freshLeft = fresh - (vehicles[j] === null ? 1 : 0);
    for (let f = 0; f < freshLeft; f++) fleet.push(atDepot(p));
    const todo = byDue(
      p,
      customers.filter((c) => c !== i),
    );
    // What the vehicles after v can still serve from where they stand, and how much room they have.
    const laterCover = new Int32Array(fleet.length);
    const laterRoom = new Float64Array(fleet.length);
    for (let v = fleet.length - 2; v >= 0; v--) {
      laterCover[v] = laterCover[v + 1] | reachable(fleet[v + 1]);
      laterRoom[v] = laterRoom[v + 1] + p.capacity - fleet[v + 1].load;
    }
    function reachable(at: Vehicle): number {
      let bits = 0;
      for (let x = 0; x < todo.length; x++) if (canReach(p, hardTime, at, todo[x])) bits |= 1 << x;
      return bits;
    }
    const demandOf = (left: number): number => todo.reduce((sum, c, x) => (left & (1 << x) ? sum + p.demand[c] : sum), 0);
    const hopeless = new Map<string, number>();
    let budget = EXACT_BUDGET;
    const search = (v: number, at: Vehicle, left: number): boolean => {
      if (left === 0) return true;
      if (--budget < 0) return true;
      // Under soft windows only the load decides who can serve what, so where a vehicle stands does not matter.
      const key = hardTime ? `${v}|${at.position}|${left}|${at.load}` : `${v}|${left}|${at.load}`;
      const failedAt = hopeless.get(key);
      if (failedAt !== undefined && (!hardTime || at.time >= failedAt)) return false;
      // Monotone serving: a customer that neither this vehicle nor a later one can reach now is lost for good.
      const here = reachable(at);
      if ((left & ~(here | laterCover[v])) !== 0 || demandOf(left) > p.capacity - at.load + laterRoom[v] + 1e-6) {
        hopeless.set(key, Math.min(failedAt ?? Infinity, at.time));
        return false;
      }
      for (let x = 0; x < todo.length; x++) {
        if (!(left & here & (1 << x))) continue;
        if (search(v, step(p, at, todo[x]), left & ~(1 << x))) return true;
      }
      if (v + 1 < fleet.length && search(v + 1, fleet[v + 1], left)) return true;
      hopeless.set(key, Math.min(failedAt ?? Infinity, at.time));
      return false;
    };
    return fleet.length > 0 && search(0, fleet[0], (1 << todo.length) - 1);
  };
}

interface Vehicle {
  time: number;
  position: number;
  load: number;
}

const canReach = (p: Problem, hardTime: boolean, at: Vehicle, c: number): boolean =>
  reaches(p, p.n + 1, hardTime, at.time, at.position, at.load, c);

/** Chains the customers (in the order given: earliest due first) onto the vehicle; returns those it could not take. */
function chain(p: Problem, hardTime: boolean, vehicle: Vehicle, customers: readonly number[]): number[] {
  const at = { ...vehicle };
  const left: number[] = [];
  for (const c of customers) {
    if (reaches(p, p.n + 1, hardTime, at.time, at.position, at.load, c)) serve(p, at, c);
    else left.push(c);
  }
  return left;
}

/**
 * Fresh vehicles these customers (earliest due first) need: each chained onto the first route that can take it,
 * else onto a new route from the depot at the shift start; at least their demand over one vehicle's capacity.
 * Past `enough` routes it stops and answers a count above `enough`.
 */
function freshNeeded(p: Problem, hardTime: boolean, customers: readonly number[], enough = Infinity): number {
  if (customers.length === 0) return 0;
  const routes: Vehicle[] = [];
  let demand = 0;
  for (const c of customers) {
    demand += p.demand[c];
    let route: Vehicle | undefined;
    for (const r of routes) {
      if (reaches(p, p.n + 1, hardTime, r.time, r.position, r.load, c)) {
        route = r;
        break;
      }
    }
    if (!route) {
      if (routes.length > enough) return routes.length; // more than `enough` already: the count stops here
      route = atDepot(p);
      routes.push(route);
    }
    serve(p, route, c);
  }
  return Math.max(routes.length, Math.ceil(demand / p.capacity - 1e-9));
}

/** The route simulation of one stop (tw1 waits for the window; soft policies never ask about time). */
function serve(p: Problem, at: Vehicle, c: number): void {
  at.time = Math.max(at.time + p.travel[at.position * (p.n + 1) + c], p.ready[c]) + p.service[c];
  at.position = c;
  at.load += p.demand[c];
}

/** A fresh vehicle: at the depot at the shift start, empty. */
const atDepot = (p: Problem): Vehicle => ({ time: p.ready[0], position: 0, load: 0 });

/** The vehicle after serving c, leaving the given one as it was. */
function step(p: Problem, vehicle: Vehicle, c: number): Vehicle {
  const at = { ...vehicle };
  serve(p, at, c);
  return at;
}

function unvisited(s: Draft, b: number): number[] {
  const nodes = s.batch.n + 1;
  const customers: number[] = [];
  for (let i = 1; i < nodes; i++) if (!s.visited[b * nodes + i]) customers.push(i);
  return customers;
}

const popcount = (bits: number): number => {
  let count = 0;
  for (let x = bits; x; x &= x - 1) count++;
  return count;
};

const without = (customers: readonly number[], i: number): number[] => customers.filter((c) => c !== i);

/** Two lists in due order as one; on equal due dates `first` goes first (as a stable sort of the two, one after the other). */
function mergeByDue(p: Problem, first: readonly number[], second: readonly number[]): readonly number[] {
  if (second.length === 0) return first;
  const merged: number[] = [];
  let x = 0;
  let y = 0;
  while (x < first.length && y < second.length) merged.push(p.due[second[y]] < p.due[first[x]] ? second[y++] : first[x++]);
  while (x < first.length) merged.push(first[x++]);
  while (y < second.length) merged.push(second[y++]);
  return merged;
}

const byDue = (p: Problem, customers: number[]): number[] => customers.sort((x, y) => p.due[x] - p.due[y]);
