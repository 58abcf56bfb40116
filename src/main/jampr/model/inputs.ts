import type { EnvState } from '../env/state.js';
import { VehicleStatus, capacityLeft } from '../env/state.js';
import { FRAME_SHIFT, modelFrame } from '../frame.js';
import type { Problem } from '../../vrp/problem.js';
import type { ModelConfig } from './config.js';
import { nodeFeatureCount, vehicleFeatureCount } from './config.js';
import { placeScaled } from './symmetry.js';

/**
 * The bridge from the environment's typed arrays to the model's inputs (docs/model.md, "The network"; docs/decisions.md):
 * features read in the model frame (frame.ts) and scaled to O(1), and the coefficient rows that turn per-node embeddings into tour, fleet and
 * "last node" means with one matMul each. Everything here is plain Float32Array; the policy makes tensors.
 */

/**
 * [N+1, F] features of one instance in the model frame: (x/100, y/100, q/Q, a/1000, b/1000), depot demand 0, and with
 * serviceFeature the service time h/100 (in the frame's units, as a distance is: a 600-minute shift makes 10 minutes 0.17).
 */
export function nodeFeatures(p: Problem, config: ModelConfig, symmetry: number, out: Float32Array, offset: number): void {
  const f = modelFrame(p);
  const width = nodeFeatureCount(config);
  for (let i = 0; i <= p.n; i++) {
    const [u, v] = placeScaled(f.x[i], f.y[i], symmetry);
    const o = offset + i * width;
    out[o] = u;
    out[o + 1] = v;
    out[o + 2] = i === 0 ? 0 : p.demand[i] / p.capacity;
    out[o + 3] = f.ready[i] / FRAME_SHIFT;
    out[o + 4] = f.due[i] / FRAME_SHIFT;
    if (config.serviceFeature) out[o + 5] = (p.service[i] * f.scale) / SERVICE_SCALE;
  }
}

/** Service times are read on the coordinates' scale (frame units / 100), not the windows' (/1000): they are short. */
const SERVICE_SCALE = 100;

/**
 * v_k = [(K−k)/K, t(p,0)/1000, x_p/100, y_p/100, τ/1000, (Q−ℓ)/Q, need], all in the model frame; the load
 * entry only with loadFeature, the fleet's need only with fleetFeature. `need` is the demand left over the
 * capacity the fleet has left (capped at NEED_CAP): active vehicles carry it, unused and finished ones read 0,
 * so the decoder's cached sums over those stay exact.
 */
function vehicleFeatures(
  p: Problem,
  config: ModelConfig,
  symmetry: number,
  fleet: number,
  need: number,
  k: number,
  position: number,
  time: number,
  load: number,
  out: Float32Array,
  o: number,
): void {
  const f = modelFrame(p);
  const [u, v] = placeScaled(f.x[position], f.y[position], symmetry);
  out[o] = (fleet - k) / fleet;
  out[o + 1] = (p.travel[position * (p.n + 1)] * f.scale) / FRAME_SHIFT;
  out[o + 2] = u;
  out[o + 3] = v;
  out[o + 4] = ((time - f.start) * f.scale) / FRAME_SHIFT;
  let next = o + 5;
  if (config.loadFeature) out[next++] = (p.capacity - load) / p.capacity;
  if (config.fleetFeature) out[next] = need;
}

/** Above 1 the fleet can no longer carry what is left; the cap keeps the input O(1). */
const NEED_CAP = 2;

/** Demand left over the capacity the fleet of row b has left. */
function fleetNeed(s: EnvState, b: number): number {
  const capacity = capacityLeft(s, b);
  return capacity > 0 ? Math.min(s.demandLeft[b] / capacity, NEED_CAP) : NEED_CAP;
}

/** Features of vehicle k of row b in its current state (what a from-scratch reference recomputes). */
export function vehicleFeatureRow(s: EnvState, config: ModelConfig, b: number, k: number, symmetry: number): Float32Array {
  const out = new Float32Array(vehicleFeatureCount(config));
  const v = b * s.batch.kMax + k;
  const need = s.status[v] === VehicleStatus.Active ? fleetNeed(s, b) : 0;
  vehicleFeatures(s.batch.problems[b], config, symmetry, s.batch.fleet[b], need, k, s.position[v], s.time[v], s.load[v], out, 0);
  return out;
}

/** Features of every vehicle of every row as if unused: [B, K, F] (static per instance). */
export function unusedVehicleFeatures(s: EnvState, config: ModelConfig, symmetryOf: (b: number) => number): Float32Array {
  const f = vehicleFeatureCount(config);
  const { kMax, problems, fleet } = s.batch;
  const out = new Float32Array(problems.length * kMax * f);
  problems.forEach((p, b) => {
    for (let k = 0; k < fleet[b]; k++) vehicleFeatures(p, config, symmetryOf(b), fleet[b], 0, k, 0, p.ready[0], 0, out, (b * kMax + k) * f);
  });
  return out;
}

/** Per-step inputs of the JAMPR decoder. Coefficients already include the 1/K and 1/|active| means. */
export interface JamprStepInputs {
  slotFeatures: Float32Array; // [B, m, F] vehicles in the slots (zeros for empty slots)
  retiredFeatures: Float32Array; // [B, m, F] vehicles that finished in the last transition
  retiredWeight: Float32Array; // [B, 1, m] 1/K where a vehicle retired
  anyRetired: boolean;
  activeMean: Float32Array; // [B, 1, m] 1/|active| per active slot: ω_act
  activeFleet: Float32Array; // [B, 1, m] 1/K per active slot: active part of ω_fleet
  unusedFleet: Float32Array; // [B, 1, K] 1/K per unused vehicle
  slotTour: Float32Array; // [B, m, N+1] tour mean of each slot's vehicle
  fleetTour: Float32Array; // [B, 1, N+1] (1/K)·Σ_k tour_k
  fleetLast: Float32Array; // [B, 1, N+1] (1/K)·Σ_k one-hot(last(s_k))
  maskBias: Float32Array; // [B, m*(N+1)] 0 where allowed, −1e9 where masked
}

/** Large enough that a masked action's exp() is exactly 0, small enough to stay finite in float32. */
export const MASKED = -1e9;

export function maskBias(s: EnvState): Float32Array {
  const out = new Float32Array(s.mask.length);
  for (let a = 0; a < out.length; a++) out[a] = s.mask[a] ? 0 : MASKED;
  return out;
}

export function jamprStepInputs(s: EnvState, config: ModelConfig, symmetryOf: (b: number) => number): JamprStepInputs {
  const { problems, kMax, fleet, n } = s.batch;
  const m = s.batch.config.mCon;
  const nodes = n + 1;
  const f = vehicleFeatureCount(config);
  const B = problems.length;
  const x: JamprStepInputs = {
    slotFeatures: new Float32Array(B * m * f),
    retiredFeatures: new Float32Array(B * m * f),
    retiredWeight: new Float32Array(B * m),
    anyRetired: false,
    activeMean: new Float32Array(B * m),
    activeFleet: new Float32Array(B * m),
    unusedFleet: new Float32Array(B * kMax),
    slotTour: new Float32Array(B * m * nodes),
    fleetTour: new Float32Array(B * nodes),
    fleetLast: new Float32Array(B * nodes),
    maskBias: maskBias(s),
  };
  const paper = config.tourAggregation === 'paper';
  for (let b = 0; b < B; b++) {
    const p = problems[b];
    const K = fleet[b];
    const sym = symmetryOf(b);
    const need = fleetNeed(s, b);
    const features = (k: number, out: Float32Array, o: number, active: boolean) => {
      const v = b * kMax + k;
      vehicleFeatures(p, config, sym, K, active ? need : 0, k, s.position[v], s.time[v], s.load[v], out, o);
    };
    // Tour weights: node i of vehicle k's tour gets 1/(|s_k|+1) (the depot too) or 1/L (paper form).
    const tourWeight = (k: number) => (paper ? 1 / config.tourLength : 1 / (s.tourLength[b * kMax + k] + 1));
    for (let i = 1; i < nodes; i++) {
      const k = s.servedBy[b * nodes + i];
      if (k >= 0) x.fleetTour[b * nodes + i] += tourWeight(k) / K;
    }
    for (let k = 0; k < K; k++) {
      const v = b * kMax + k;
      if (!paper) x.fleetTour[b * nodes] += tourWeight(k) / K;
      x.fleetLast[b * nodes + s.lastCustomer[v]] += 1 / K;
      if (s.status[v] === VehicleStatus.Unused) x.unusedFleet[b * kMax + k] = 1 / K;
    }
    let active = 0;
    for (let j = 0; j < m; j++) if (s.slots[b * m + j] >= 0) active++;
    for (let j = 0; j < m; j++) {
      const k = s.slots[b * m + j];
      const retired = s.retired[b * m + j];
      if (retired >= 0) {
        features(retired, x.retiredFeatures, (b * m + j) * f, false);
        x.retiredWeight[b * m + j] = 1 / K;
        x.anyRetired = true;
      }
      if (k < 0) continue;
      features(k, x.slotFeatures, (b * m + j) * f, true);
      x.activeMean[b * m + j] = 1 / active;
      x.activeFleet[b * m + j] = 1 / K;
      const w = tourWeight(k);
      const row = (b * m + j) * nodes;
      if (!paper) x.slotTour[row] = w;
      for (let i = 1; i < nodes; i++) if (s.servedBy[b * nodes + i] === k) x.slotTour[row + i] = w;
    }
  }
  return x;
}

/** Per-step inputs of the AM+TW decoder: the current node (one-hot) and [(Q−ℓ)/Q, τ/1000] of slot 0, in the model frame. */
export interface AmStepInputs {
  current: Float32Array; // [B, 1, N+1]
  vehicle: Float32Array; // [B, 2]
  maskBias: Float32Array; // [B, N+1]
}

export function amStepInputs(s: EnvState): AmStepInputs {
  const { problems, kMax, n } = s.batch;
  const nodes = n + 1;
  const m = s.batch.config.mCon;
  const out: AmStepInputs = {
    current: new Float32Array(problems.length * nodes),
    vehicle: new Float32Array(problems.length * 2),
    maskBias: maskBias(s),
  };
  problems.forEach((p, b) => {
    const k = s.slots[b * m];
    if (k < 0) {
      out.current[b * nodes] = 1;
      return;
    }
    const v = b * kMax + k;
    out.current[b * nodes + s.position[v]] = 1;
    out.vehicle[b * 2] = (p.capacity - s.load[v]) / p.capacity;
    const f = modelFrame(p);
    out.vehicle[b * 2 + 1] = ((s.time[v] - f.start) * f.scale) / FRAME_SHIFT;
  });
  return out;
}
