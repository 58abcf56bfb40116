import type { Problem } from '../../vrp/problem.js';
import type { EnvConfig } from './config.js';

/**
 * The environment's batched state on plain typed arrays (docs/model.md, "The environment"): it is small and
 * branchy, so it lives in JavaScript, and only the policy turns it into tensors. A state is never
 * changed after it is returned; env.step copies it (a few kB per instance) and changes the copy.
 * Row-major layouts: [B, N+1] per node, [B, K] per vehicle (K = the largest fleet in the batch),
 * [B, m] per slot, [B, m*(N+1)] per action with action = slot*(N+1) + node.
 */

/** A batch of instances of one size N decoded together. */
export interface EnvBatch {
  readonly problems: readonly Problem[];
  readonly config: EnvConfig;
  /** Customers per instance (the same N for every row). */
  readonly n: number;
  /** Largest fleet in the batch: the stride of per-vehicle arrays. */
  readonly kMax: number;
  /** Fleet size K of each row. */
  readonly fleet: Int32Array;
}

/** Values of EnvState.status. */
export const VehicleStatus = { Unused: 0, Active: 1, Done: 2 } as const;

export interface EnvState {
  readonly batch: EnvBatch;
  readonly visited: Uint8Array; // [B, N+1]
  readonly visitedCount: Int32Array; // [B]
  /** Vehicle that served each customer, -1 while unserved. */
  readonly servedBy: Int32Array; // [B, N+1]
  /** Position of each customer on its vehicle's tour. */
  readonly servedAt: Int32Array; // [B, N+1]
  readonly status: Uint8Array; // [B, K] VehicleStatus
  /** Current node: the depot for unused and finished vehicles. */
  readonly position: Int32Array; // [B, K]
  /** Last customer of the tour, 0 (the depot) while the tour is empty. */
  readonly lastCustomer: Int32Array; // [B, K]
  readonly time: Float64Array; // [B, K]
  readonly load: Float64Array; // [B, K]
  readonly tourLength: Int32Array; // [B, K]
  /** Vehicle held by each slot, -1 when empty. */
  readonly slots: Int32Array; // [B, m]
  /** First vehicle not yet activated (vehicles start in index order). */
  readonly nextVehicle: Int32Array; // [B]
  readonly premature: Int32Array; // [B]
  /** Demand of the customers not yet served: what the rest of the fleet must still carry. */
  readonly demandLeft: Float64Array; // [B]
  /** Vehicle that left slot j during the last transition (-1 if none): the policy adds it to the finished set. */
  readonly retired: Int32Array; // [B, m]
  readonly finished: Uint8Array; // [B]
  /** 1 where an action is allowed. A finished row allows only action 0 (its no-op). */
  readonly mask: Uint8Array; // [B, m*(N+1)]
  /** Accumulated travel and penalties: kept only to check them against the evaluator in tests. */
  readonly distance: Float64Array; // [B]
  readonly penalty: Float64Array; // [B]
  readonly steps: number;
  readonly done: boolean;
}

/** The mutable form env.step works on before it hands the state out. */
export type Draft = { -readonly [K in keyof EnvState]: EnvState[K] };

export function makeBatch(problems: readonly Problem[], config: EnvConfig): EnvBatch {
  if (problems.length === 0) throw new RangeError('an environment batch needs at least one instance');
  const n = problems[0].n;
  if (problems.some((p) => p.n !== n)) throw new RangeError('every instance of a batch must have the same number of customers');
  const fleet = Int32Array.from(problems, (p) => p.vehicles);
  return { problems, config, n, kMax: Math.max(...fleet), fleet };
}

export function emptyDraft(batch: EnvBatch): Draft {
  const b = batch.problems.length;
  const nodes = batch.n + 1;
  const k = batch.kMax;
  const m = batch.config.mCon;
  return {
    batch,
    visited: new Uint8Array(b * nodes),
    visitedCount: new Int32Array(b),
    servedBy: new Int32Array(b * nodes).fill(-1),
    servedAt: new Int32Array(b * nodes).fill(-1),
    status: new Uint8Array(b * k),
    position: new Int32Array(b * k),
    lastCustomer: new Int32Array(b * k),
    time: new Float64Array(b * k),
    load: new Float64Array(b * k),
    tourLength: new Int32Array(b * k),
    slots: new Int32Array(b * m).fill(-1),
    nextVehicle: new Int32Array(b),
    premature: new Int32Array(b),
    demandLeft: Float64Array.from(batch.problems, (p) => p.demand.reduce((a, q) => a + q, 0)),
    retired: new Int32Array(b * m).fill(-1),
    finished: new Uint8Array(b),
    mask: new Uint8Array(b * m * nodes),
    distance: new Float64Array(b),
    penalty: new Float64Array(b),
    steps: 0,
    done: false,
  };
}

export function copyDraft(s: EnvState): Draft {
  return {
    batch: s.batch,
    visited: s.visited.slice(),
    visitedCount: s.visitedCount.slice(),
    servedBy: s.servedBy.slice(),
    servedAt: s.servedAt.slice(),
    status: s.status.slice(),
    position: s.position.slice(),
    lastCustomer: s.lastCustomer.slice(),
    time: s.time.slice(),
    load: s.load.slice(),
    tourLength: s.tourLength.slice(),
    slots: s.slots.slice(),
    nextVehicle: s.nextVehicle.slice(),
    premature: s.premature.slice(),
    demandLeft: s.demandLeft.slice(),
    retired: new Int32Array(s.retired.length).fill(-1),
    finished: s.finished.slice(),
    mask: s.mask.slice(),
    distance: s.distance.slice(),
    penalty: s.penalty.slice(),
    steps: s.steps,
    done: s.done,
  };
}

/** Capacity the fleet of row b still offers: free room on active vehicles (but `except`) plus every unused vehicle. */
export function capacityLeft(s: EnvState, b: number, except = -1): number {
  const { kMax, fleet, problems } = s.batch;
  const q = problems[b].capacity;
  let room = (fleet[b] - s.nextVehicle[b]) * q;
  const m = s.batch.config.mCon;
  for (let j = 0; j < m; j++) {
    const k = s.slots[b * m + j];
    if (k >= 0 && k !== except) room += q - s.load[b * kMax + k];
  }
  return room;
}

/** Vehicles of row b that have not left the depot: those not yet in a slot and those in a slot with an empty tour. */
export function freshVehicles(s: EnvState, b: number): number {
  let fresh = s.batch.fleet[b] - s.nextVehicle[b];
  const m = s.batch.config.mCon;
  for (let j = 0; j < m; j++) {
    const k = s.slots[b * m + j];
    if (k >= 0 && s.tourLength[b * s.batch.kMax + k] === 0) fresh++;
  }
  return fresh;
}
