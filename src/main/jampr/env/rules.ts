import { exceedsCapacity, variantHardTime } from '../../../shared/domain.js';
import { TIME_EPS, stopPenalty } from '../../vrp/evaluate.js';
import type { Problem } from '../../vrp/problem.js';
import { cachedPer } from '../cached-per.js';
import type { Draft, EnvState } from './state.js';
import { capacityLeft, freshVehicles } from './state.js';

/**
 * The feasibility rule and the action mask (docs/model.md, "The environment"). The arithmetic mirrors the
 * evaluator's route simulation step by step (same operations in the same order, same TIME_EPS), so
 * a customer the mask allows can never make the evaluator report a broken hard rule.
 */

/** Can vehicle k of row b serve customer i next? */
export function canServe(s: EnvState, b: number, k: number, i: number): boolean {
  const nodes = s.batch.n + 1;
  if (s.visited[b * nodes + i]) return false;
  const v = b * s.batch.kMax + k;
  const hardTime = variantHardTime(s.batch.config.variant.name);
  return reaches(s.batch.problems[b], nodes, hardTime, s.time[v], s.position[v], s.load[v], i);
}

/** Can a vehicle at `position` at `time` carrying `load` serve customer i next and still be home in time? */
export function reaches(p: Problem, nodes: number, hardTime: boolean, time: number, position: number, load: number, i: number): boolean {
  if (exceedsCapacity(load + p.demand[i], p.capacity)) return false;
  if (!hardTime) return true;
  const arrival = time + p.travel[position * nodes + i];
  if (arrival - p.due[i] > TIME_EPS) return false;
  const back = Math.max(arrival, p.ready[i]) + p.service[i] + p.travel[i * nodes];
  return !(back > p.due[0] + TIME_EPS);
}

/** Writes slot j's mask entries of row b; returns how many customers it may serve. */
export function refreshSlotMask(s: Draft, b: number, j: number): number {
  const nodes = s.batch.n + 1;
  const m = s.batch.config.mCon;
  const base = (b * m + j) * nodes;
  const k = s.slots[b * m + j];
  if (k < 0) {
    s.mask.fill(0, base, base + nodes);
    return 0;
  }
  let feasible = 0;
  for (let i = 1; i < nodes; i++) {
    const ok = canServe(s, b, k, i);
    s.mask[base + i] = ok ? 1 : 0;
    if (ok) feasible++;
  }
  const v = b * s.batch.kMax + k;
  const spare = s.tourLength[v] > 0 && fleetCanSpare(s, b, k);
  if (spare && freshVehicles(s, b) > 0) feasible -= maskDearerThanFresh(s, b, k, base);
  s.mask[base] = spare && s.premature[b] < s.batch.config.mPre ? 1 : 0;
  return feasible;
}

/**
 * The shift rule (soft windows; hard ones never let a vehicle be late): while a vehicle of the fleet is still at
 * the depot, a vehicle on the road may not take a stop whose price for time (earliness, lateness) is above what a
 * fresh vehicle would pay for it: that stop's own price for time from the depot at the shift start, plus the round
 * trip. Without it a learned model keeps one vehicle running into the next day while others stay home (200 stops,
 * 4 vehicles: a route back at 13:17 the next day, 33,600 against the classical 921). Applied only where the fleet can
 * spare the vehicle (`fleetCanSpare`): a vehicle it leaves without a customer goes home, and a fresh one takes the slot.
 * Returns how many customers it took from the mask.
 */
function maskDearerThanFresh(s: Draft, b: number, k: number, base: number): number {
  const { variant } = s.batch.config;
  if (variantHardTime(variant.name)) return 0;
  const p = s.batch.problems[b];
  const nodes = s.batch.n + 1;
  const v = b * s.batch.kMax + k;
  let masked = 0;
  for (let i = 1; i < nodes; i++) {
    if (!s.mask[base + i]) continue;
    const arrival = s.time[v] + p.travel[s.position[v] * nodes + i];
    const fresh = p.ready[0] + p.travel[i];
    const roadPrice = stopPenalty(variant, Math.max(p.ready[i] - arrival, 0), Math.max(arrival - p.due[i], 0));
    const freshPrice = stopPenalty(variant, Math.max(p.ready[i] - fresh, 0), Math.max(fresh - p.due[i], 0));
    if (roadPrice > freshPrice + p.travel[i] + p.travel[i * nodes] + TIME_EPS) {
      s.mask[base + i] = 0;
      masked++;
    }
  }
  return masked;
}

/**
 * The fleet rule: a vehicle may close its tour early only if the rest of the fleet can still carry the
 * demand left, with the largest order left as slack, and (soft windows) has the hours for the work left
 * (`fleetHasHours`). Without it a fixed fleet is used up by short tours and
 * customers are stranded that the fleet could have served (forced returns, when a vehicle has no feasible
 * customer, are not affected). The slack is for packing: orders are indivisible, so room split over vehicles
 * can be too small for any order left (one tw3 city day of seed 2026 stranded a customer that way; with the
 * slack none of the 50 days of bench/real-days.ts strands one, at +0.1 % greedy cost).
 */
export function fleetCanSpare(s: EnvState, b: number, k: number): boolean {
  return s.demandLeft[b] + largestOrderLeft(s, b) <= capacityLeft(s, b, k) + LOAD_EPS && fleetHasHours(s, b, k);
}

function largestOrderLeft(s: EnvState, b: number): number {
  const nodes = s.batch.n + 1;
  const demand = s.batch.problems[b].demand;
  let largest = 0;
  for (let i = 1; i < nodes; i++) if (!s.visited[b * nodes + i] && demand[i] > largest) largest = demand[i];
  return largest;
}

/**
 * The fleet rule's hours (soft windows): the rest of the fleet, without vehicle k, must have the hours left for the
 * work left, each vehicle counted to the end of the shift. The work is a lower bound: every customer left takes its
 * service and the drive into it from its nearest other node. Capacity alone cannot see a day where the hours are
 * short (a few vans without a load limit for many stops): there a model sent a vehicle home after two stops and the
 * last one served the rest hours late (200 stops, 4 vans of 1000: 89 stops on one route, 20,900 minutes late).
 * Hard windows leave this to the fleet guard (fleet-guard.ts): there a fresh vehicle's early clock can be worth more
 * than a road vehicle's hours, and counting hours alone stranded more customers on such days.
 */
function fleetHasHours(s: EnvState, b: number, k: number): boolean {
  if (variantHardTime(s.batch.config.variant.name)) return true;
  const p = s.batch.problems[b];
  const { kMax, fleet } = s.batch;
  const m = s.batch.config.mCon;
  const shiftEnd = p.due[0];
  let hours = (fleet[b] - s.nextVehicle[b]) * (shiftEnd - p.ready[0]);
  for (let j = 0; j < m; j++) {
    const other = s.slots[b * m + j];
    if (other >= 0 && other !== k) hours += Math.max(shiftEnd - s.time[b * kMax + other], 0);
  }
  const nodes = s.batch.n + 1;
  const work = customerWork(p);
  let left = 0;
  for (let i = 1; i < nodes && left <= hours; i++) if (!s.visited[b * nodes + i]) left += work[i];
  return left <= hours;
}

/**
 * Per customer, a lower bound of the time serving it takes: its service plus the shortest drive into it from any other
 * node (depot included); computed once per problem. The fleet rule's hours and the fleets greedy also tries count it.
 */
export const customerWork: (p: Problem) => Float64Array = cachedPer(computeCustomerWork);

function computeCustomerWork(p: Problem): Float64Array {
  const nodes = p.n + 1;
  const work = new Float64Array(nodes);
  for (let i = 1; i < nodes; i++) {
    let nearest = Number.POSITIVE_INFINITY;
    for (let j = 0; j < nodes; j++) if (j !== i && p.travel[j * nodes + i] < nearest) nearest = p.travel[j * nodes + i];
    work[i] = p.service[i] + nearest;
  }
  return work;
}

/** Demands are summed in floating point: a tolerance far below any real demand. */
const LOAD_EPS = 1e-6;

/** A finished row's only action is 0: its no-op (masking every action would make the softmax NaN). */
export function setNoOpMask(s: Draft, b: number): void {
  const width = s.batch.config.mCon * (s.batch.n + 1);
  s.mask.fill(0, b * width, (b + 1) * width);
  s.mask[b * width] = 1;
}
