import { stopPenalty } from '../../vrp/evaluate.js';
import { variantWaits } from '../../../shared/domain.js';
import type { Problem } from '../../vrp/problem.js';
import type { EnvConfig } from './config.js';
import { canServe, refreshSlotMask, setNoOpMask } from './rules.js';
import { guardFreshVehicles } from './fleet-guard.js';
import type { Draft, EnvBatch, EnvState } from './state.js';
import { VehicleStatus, copyDraft, emptyDraft, makeBatch } from './state.js';

/**
 * The JAMPR environment (docs/model.md, "The environment"), batched over instances of one N: reset activates
 * the first m_con vehicles; step applies one (slot, node) action per row, then the forced returns of
 * every active vehicle that has no feasible customer left, and finishes rows whose customers are all
 * served. Finished rows take no-ops until the whole batch is done.
 */

export function reset(problems: readonly Problem[], config: EnvConfig): EnvState {
  const batch: EnvBatch = makeBatch(problems, config);
  const s = emptyDraft(batch);
  for (let b = 0; b < problems.length; b++) {
    for (let j = 0; j < config.mCon; j++) activateInto(s, b, j);
    settle(s, b);
  }
  s.done = s.finished.every((f) => f === 1);
  return s;
}

/** Applies actions[b] = slot*(N+1) + node to every row; throws on an action the mask forbids. */
export function step(state: EnvState, actions: ArrayLike<number>): EnvState {
  const s = copyDraft(state);
  const nodes = s.batch.n + 1;
  const m = s.batch.config.mCon;
  for (let b = 0; b < s.batch.problems.length; b++) {
    if (s.finished[b]) continue;
    const action = actions[b];
    if (!(action >= 0 && action < m * nodes) || !s.mask[b * m * nodes + action]) {
      throw new Error(`action ${action} is not allowed in row ${b}`);
    }
    const j = Math.floor(action / nodes);
    const i = action % nodes;
    const k = s.slots[b * m + j];
    if (i > 0) {
      visit(s, b, k, i);
    } else {
      returnToDepot(s, b, k);
      s.premature[b]++;
      retireSlot(s, b, j);
    }
    settle(s, b);
  }
  s.steps = state.steps + 1;
  s.done = s.finished.every((f) => f === 1);
  return s;
}

/**
 * Teacher forcing: a copy of the state whose masks also allow the given actions, where they are feasible (a
 * customer the vehicle can serve, or home after a non-empty route). The fleet rule and the m_pre limit steer
 * the policy's own choices; a complete plan replayed (expert.ts) needs none of that help, and on a tight fleet
 * the classical solver's plans often close a route that the rule, guarding against packing losses, would keep open.
 */
export function admit(state: EnvState, actions: ArrayLike<number>): EnvState {
  const nodes = state.batch.n + 1;
  const m = state.batch.config.mCon;
  const admitted: number[] = [];
  for (let b = 0; b < state.batch.problems.length; b++) {
    const action = actions[b];
    if (state.finished[b] || !(action >= 0 && action < m * nodes) || state.mask[b * m * nodes + action]) continue;
    const k = state.slots[b * m + Math.floor(action / nodes)];
    if (k < 0) continue;
    const i = action % nodes;
    if (i > 0 ? canServe(state, b, k, i) : state.tourLength[b * state.batch.kMax + k] > 0) admitted.push(b * m * nodes + action);
  }
  if (admitted.length === 0) return state; // the usual case: the plan's actions are allowed already
  const s = copyDraft(state);
  s.retired = state.retired.slice(); // the same transition: the policy still reads who just left
  for (const a of admitted) s.mask[a] = 1;
  return s;
}

/**
 * After an action: finish the row when every customer is served; otherwise return every active
 * vehicle without a feasible customer (not counted against m_pre) and refresh the masks.
 */
function settle(s: Draft, b: number): void {
  const m = s.batch.config.mCon;
  if (s.visitedCount[b] === s.batch.n) {
    finishRow(s, b);
    return;
  }
  let active = 0;
  for (let j = 0; j < m; j++) {
    if (s.slots[b * m + j] < 0) continue;
    if (refreshSlotMask(s, b, j) === 0) {
      const k = s.slots[b * m + j];
      if (s.tourLength[b * s.batch.kMax + k] === 0) {
        // A fresh vehicle that can serve no one: neither can any later vehicle (they are identical),
        // so the remaining customers stay unserved. Validated instances never get here.
        finishRow(s, b);
        return;
      }
      returnToDepot(s, b, k);
      retireSlot(s, b, j);
      if (s.slots[b * m + j] >= 0 && refreshSlotMask(s, b, j) === 0) {
        finishRow(s, b);
        return;
      }
    }
    if (s.slots[b * m + j] >= 0) active++;
  }
  if (active === 0) {
    finishRow(s, b); // the fleet ran out
    return;
  }
  // A premature return changes the depot entries of the other slots, so refresh them all once more.
  for (let j = 0; j < m; j++) refreshSlotMask(s, b, j);
  guardFreshVehicles(s, b);
}

function visit(s: Draft, b: number, k: number, i: number): void {
  const p = s.batch.problems[b];
  const nodes = s.batch.n + 1;
  const v = b * s.batch.kMax + k;
  const leg = p.travel[s.position[v] * nodes + i];
  const arrival = s.time[v] + leg;
  const early = Math.max(p.ready[i] - arrival, 0);
  const late = Math.max(arrival - p.due[i], 0);
  const start = variantWaits(s.batch.config.variant.name) ? Math.max(arrival, p.ready[i]) : arrival;
  s.distance[b] += leg;
  s.penalty[b] += stopPenalty(s.batch.config.variant, early, late);
  s.time[v] = start + p.service[i];
  s.load[v] += p.demand[i];
  s.demandLeft[b] -= p.demand[i];
  s.position[v] = i;
  s.lastCustomer[v] = i;
  s.servedBy[b * nodes + i] = k;
  s.servedAt[b * nodes + i] = s.tourLength[v]++;
  s.visited[b * nodes + i] = 1;
  s.visitedCount[b]++;
}

/** The return leg; the vehicle's features freeze here (position depot, time of arrival). */
function returnToDepot(s: Draft, b: number, k: number): void {
  const p = s.batch.problems[b];
  const v = b * s.batch.kMax + k;
  const leg = p.travel[s.position[v] * (s.batch.n + 1)];
  s.distance[b] += leg;
  s.time[v] += leg;
  s.position[v] = 0;
  s.status[v] = VehicleStatus.Done;
}

/** Slot j's vehicle has finished: record it and give the slot to the next unused vehicle. */
function retireSlot(s: Draft, b: number, j: number): void {
  const m = s.batch.config.mCon;
  s.retired[b * m + j] = s.slots[b * m + j];
  activateInto(s, b, j);
}

function activateInto(s: Draft, b: number, j: number): void {
  const m = s.batch.config.mCon;
  const k = s.nextVehicle[b];
  if (k >= s.batch.fleet[b]) {
    s.slots[b * m + j] = -1;
    return;
  }
  const v = b * s.batch.kMax + k;
  s.status[v] = VehicleStatus.Active;
  s.position[v] = 0;
  s.time[v] = s.batch.problems[b].ready[0];
  s.load[v] = 0;
  s.slots[b * m + j] = k;
  s.nextVehicle[b] = k + 1;
}

/** Return every active non-empty tour, drop empty active vehicles (they do not count in k). */
function finishRow(s: Draft, b: number): void {
  const m = s.batch.config.mCon;
  for (let j = 0; j < m; j++) {
    const k = s.slots[b * m + j];
    if (k < 0) continue;
    if (s.tourLength[b * s.batch.kMax + k] > 0) returnToDepot(s, b, k);
    else s.status[b * s.batch.kMax + k] = VehicleStatus.Unused;
    s.slots[b * m + j] = -1;
  }
  s.finished[b] = 1;
  setNoOpMask(s, b);
}
