import { exceedsCapacity } from '../../../../shared/domain.js';
import type { Problem } from '../../problem.js';
import type { Rng } from '../../rng.js';
import type { CostModel } from './cost-model.js';
import { kick, type PackMove, Packing, refill, refillThree, shiftOrSwap } from './pack-moves.js';
import { keepsHardTimes } from './repair.js';

export interface PackOptions {
  rng: Rng;
  /** Polled every step; true ends the packing (time limit, abort). */
  stop: () => boolean;
  /** Steps at most, so that a run is reproducible on any machine. */
  maxSteps: number;
}

export interface PackedPlan {
  /** At most K routes, each within every hard rule. */
  routes: number[][];
  /** Stops no vehicle serves even alone (reached too late, or an order bigger than a vehicle), or that fit no route's times: not packed. */
  apart: number[];
}

/** Steps per stop of the day the callers allow: packings that succeed take tens to a few thousand steps. */
export const PACKING_STEPS_PER_STOP = 400;

/** Recently moved stops stay put for this many steps (plus up to as many again, drawn), so moves are not undone. */
const TABU_STEPS = 5;

/**
 * Packs a day into its fleet where the insertion could not: the plan's routes beyond the fleet K are emptied into the
 * K fullest routes. Needed at (nearly) zero capacity slack, where every route must be (nearly) full and the free
 * room lies in several routes in pieces each smaller than the order left over: the local search only makes moves
 * that keep every route within capacity, so it cannot gather them. Here capacity is the one rule that may break for a
 * while: each stop left over goes where it adds the least overload (on time), then each step takes an overfull route
 * and lowers the total overload by sharing its stops anew with one route that has room (pack-moves.ts, `refill`), or
 * else by moving or swapping one stop; where nothing lowers it, a move that keeps it level and shifts load is taken
 * at random (a short tabu keeps it from being undone), and failing that a stop moves at random. Windows and the
 * shift stay hard throughout where the policy makes them so.
 *
 * Returns the packed plan, or null when the plan fits the fleet already (orders bigger than a vehicle aside), when the
 * demand is more than the fleet carries, or when the overload could not be brought to zero.
 */
export function packIntoFleet(
  problem: Problem,
  model: CostModel,
  plan: readonly (readonly number[])[],
  options: PackOptions,
): PackedPlan | null {
  const { demand, capacity, vehicles } = problem;
  // An order bigger than a vehicle fits no route however the others are dealt: it is kept apart from the start (else
  // the packing would carry its overload to the last step and give up on the whole day).
  const oversize = (u: number) => exceedsCapacity(demand[u], capacity);
  const apart = plan.flat().filter(oversize);
  const routes = plan.map((r) => r.filter((u) => !oversize(u))).filter((r) => r.length > 0);
  // Capacity is the one rule the packing lets break: a route breaking a time rule (a stop no vehicle reaches in time,
  // given a route of its own beyond the fleet) is never one of the K it keeps; its stops are packed one by one.
  const timely = routes.filter((r) => keepsHardTimes(problem, model, r));
  const byLoad = timely.sort((a, b) => loadOf(problem, b) - loadOf(problem, a) || b.length - a.length);
  if (routes.length <= vehicles && timely.length === routes.length) return null;
  const left: number[] = [];
  const loose = [...byLoad.slice(vehicles), ...routes.filter((r) => !timely.includes(r))].flat();
  for (const u of loose) (keepsHardTimes(problem, model, [u]) ? left : apart).push(u);
  const kept = byLoad.slice(0, vehicles);
  const packable = kept.flat().concat(left);
  if (
    exceedsCapacity(
      packable.reduce((sum, u) => sum + demand[u], 0),
      vehicles * capacity,
    )
  )
    return null;
  while (kept.length < vehicles) kept.push([]);

  const packing = new Packing(problem, model, kept);
  // The stops left over, largest order first, each where it adds the least overload, then the least cost.
  left.sort((a, b) => demand[b] - demand[a] || a - b);
  for (const u of left) if (!packing.placeLeastOver(u)) apart.push(u);

  const tabuUntil = new Map<number, number>();
  const rng = options.rng;
  for (let step = 0; step < options.maxSteps && !options.stop(); step++) {
    const overfull = packing.overfull();
    if (overfull.length === 0) break;
    const from = overfull[rng.int(0, overfull.length)];
    const free = (c: number) => (tabuUntil.get(c) ?? -1) < step;
    const move: PackMove | null =
      refill(packing, from, rng) ?? refillThree(packing, from) ?? shiftOrSwap(packing, from, free, rng) ?? kick(packing, from, rng);
    if (!move) continue;
    packing.apply(move);
    for (const c of move.moved) tabuUntil.set(c, step + TABU_STEPS + rng.int(0, TABU_STEPS + 1));
  }
  if (packing.overfull().length > 0) return null;
  return { routes: packing.routes.filter((r) => r.length > 0), apart };
}

function loadOf(problem: Problem, route: readonly number[]): number {
  let load = 0;
  for (const i of route) load += problem.demand[i];
  return load;
}
