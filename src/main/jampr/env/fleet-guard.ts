import { variantHardTime } from '../../../shared/domain.js';
import type { Problem } from '../../vrp/problem.js';
import { reaches } from './rules.js';
import type { Draft } from './state.js';

/**
 * The fleet rule's second half (docs/model.md, "The environment"). Customers that no vehicle on the road can serve
 * any more (under tw1 their clocks have passed its window; under any policy their room is too small for its
 * order) are left to the fresh vehicles, and a fixed fleet has only so many. Each action is priced by the
 * shortage it would leave: how many more fresh vehicles those customers would need than there are. A slot may take
 * only its actions of least shortage, so a policy cannot walk into a shortage it could have avoided this step, and
 * an action is never masked for a shortage that every action of the slot has (the rule never forces a return).
 *
 * What the customers need is estimated by chaining them earliest-due-first: onto the vehicle that alone can still
 * serve them (after its action), and the rest onto fresh routes from the depot. Serving is monotone (a later time
 * or a fuller vehicle never helps), so a customer a vehicle cannot serve next it can never serve. The estimate looks
 * one action ahead and chains greedily, so a day can still lose a customer, but far fewer (bench/RESULTS.md §8).
 *
 * Runs after every slot's mask is fresh: a customer entry of the mask says whether that slot's vehicle can serve
 * it, which gives each customer's coverers without a second feasibility pass.
 */
export function guardFreshVehicles(s: Draft, b: number): void {
  const { n, config, fleet, kMax } = s.batch;
  const nodes = n + 1;
  const m = config.mCon;
  const width = m * nodes;
  const p = s.batch.problems[b];
  const hardTime = variantHardTime(config.variant.name);

  // Fresh vehicles: unused ones and those in a slot with an empty tour. Coverers: the slots with a tour.
  let fresh = fleet[b] - s.nextVehicle[b];
  const cover = new Int32Array(nodes);
  for (let j = 0; j < m; j++) {
    const k = s.slots[b * m + j];
    if (k < 0) continue;
    if (s.tourLength[b * kMax + k] === 0) {
      fresh++;
      continue;
    }
    const row = b * width + j * nodes;
    for (let i = 1; i < nodes; i++) cover[i] += s.mask[row + i];
  }
  if (fresh >= n - s.visitedCount[b]) return; // a fresh vehicle for every customer left: nothing to guard
  const orphans: number[] = [];
  for (let i = 1; i < nodes; i++) if (!s.visited[b * nodes + i] && cover[i] === 0) orphans.push(i);
  byDue(p, orphans);

  for (let j = 0; j < m; j++) {
    const k = s.slots[b * m + j];
    if (k < 0) continue;
    const v = b * kMax + k;
    const row = b * width + j * nodes;
    const isFresh = s.tourLength[v] === 0;
    const freshLeft = fresh - (isFresh ? 1 : 0);
    const critical: number[] = [];
    if (!isFresh) for (let i = 1; i < nodes; i++) if (s.mask[row + i] && cover[i] === 1) critical.push(i);
    // No action of this slot can leave more customers to fresh vehicles than these: skip when even they fit.
    if (orphans.length + critical.length <= freshLeft) continue;
    byDue(p, critical);

    const shortage = new Float64Array(nodes).fill(Infinity);
    if (s.mask[row] && !isFresh) shortage[0] = Math.max(0, freshNeeded(p, hardTime, [...orphans, ...critical]) - freshLeft);
    for (let i = 1; i < nodes; i++) {
      if (!s.mask[row + i]) continue;
      const after = { time: s.time[v], position: s.position[v], load: s.load[v] };
      serve(p, after, i);
      const others = without(orphans, i);
      // A fresh vehicle's first stop puts it on the road: it can take orphans along. A vehicle on the road keeps
      // what it can of the customers only it could serve; the rest join the orphans.
      const left = isFresh ? chain(p, hardTime, after, others) : others.concat(chain(p, hardTime, after, without(critical, i)));
      shortage[i] = Math.max(0, freshNeeded(p, hardTime, left) - freshLeft);
    }
    let least = Infinity;
    for (let i = 0; i < nodes; i++) least = Math.min(least, shortage[i]);
    for (let i = 0; i < nodes; i++) if (shortage[i] > least) s.mask[row + i] = 0;
  }
}

interface Vehicle {
  time: number;
  position: number;
  load: number;
}

/** Chains the customers (earliest due first) onto the vehicle; returns those it could not take. */
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
 * Fresh vehicles these customers need: chained earliest due first, each onto the first route that can take it,
 * else onto a new route from the depot at the shift start; at least their demand over one vehicle's capacity.
 */
function freshNeeded(p: Problem, hardTime: boolean, customers: readonly number[]): number {
  if (customers.length === 0) return 0;
  const routes: Vehicle[] = [];
  let demand = 0;
  for (const c of byDue(p, [...customers])) {
    demand += p.demand[c];
    let route = routes.find((r) => reaches(p, p.n + 1, hardTime, r.time, r.position, r.load, c));
    if (!route) {
      route = { time: p.ready[0], position: 0, load: 0 };
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

const without = (customers: readonly number[], i: number): number[] => customers.filter((c) => c !== i);

const byDue = (p: Problem, customers: number[]): number[] => customers.sort((x, y) => p.due[x] - p.due[y]);
