import type { EnvState } from '../env/state.js';
import { modelFrame } from '../frame.js';
import { type Problem, totalDemand } from '../../vrp/problem.js';
import { PAIR_FEATURES, PAIR_QUANTITIES } from './config.js';
import { cachedPer } from '../cached-per.js';

/**
 * What each joint action (slot vehicle j, node i) would cost right now, in the model frame (docs/model.md,
 * "Pair bias"): the travel from the vehicle's position to i, the time it would arrive before i's window opens
 * (waiting, or an earliness penalty under soft windows), the time it would arrive after the window closes, and
 * the slack left before it closes. The network scores actions from embeddings of vehicles and nodes, whose
 * products can only approximate such differences; on the paper's square that was enough, on city days (small
 * areas, many stops sharing a time slot) the model chose far stops and early arrivals. A learned linear term on
 * these four numbers is added to each action's logit (jampr-decoder.ts, jampr-array-decoder.ts).
 *
 * All four are differences of times, so they do not change when the clock or the map is shifted, and distances
 * do not change under the square's rotations and mirror images either.
 *
 * The same four again, scaled by the day's fleet tightness (`fleetTightness`), give the bias a second set of
 * weights that acts only where the fleet is fixed near the need: one set of weights could not serve both the
 * paper's instances (a vehicle per customer) and dispatchers' days (weights best for city days made generated
 * instances 25 % worse), and the paper's instances, with tightness 0, never see the second set.
 */

/** Frame units per feature unit: a tenth of the shift, so that the values stay O(1)–O(10). */
export const PAIR_UNIT = 100;

/**
 * [B, m·(N+1), PAIR_FEATURES]: the features of every action of every row; zeros where the slot is empty. Computed
 * once per state (a state is never changed once made: env.ts steps to a copy), since a sampling step reads them
 * twice, in the decoder's logits and again for the rows that act under a shifted bias (strategy.ts). The array is
 * shared by every caller of the same state: read it, never write it.
 */
export const pairFeatures: (s: EnvState) => Float32Array = cachedPer(computePairFeatures);

function computePairFeatures(s: EnvState): Float32Array {
  const { problems, kMax, n } = s.batch;
  const m = s.batch.config.mCon;
  const nodes = n + 1;
  const out = new Float32Array(problems.length * m * nodes * PAIR_FEATURES);
  for (let b = 0; b < problems.length; b++) {
    if (s.finished[b]) continue;
    const p = problems[b];
    const unit = modelFrame(p).scale / PAIR_UNIT;
    const tight = fleetTightness(p);
    for (let j = 0; j < m; j++) {
      const k = s.slots[b * m + j];
      if (k < 0) continue;
      const v = b * kMax + k;
      const from = s.position[v] * nodes;
      const time = s.time[v];
      let o = (b * m + j) * nodes * PAIR_FEATURES;
      for (let i = 0; i < nodes; i++, o += PAIR_FEATURES) {
        const travel = p.travel[from + i];
        const arrival = time + travel;
        out[o] = travel * unit;
        out[o + 1] = Math.max(0, p.ready[i] - arrival) * unit;
        out[o + 2] = Math.max(0, arrival - p.due[i]) * unit;
        out[o + 3] = Math.max(0, p.due[i] - arrival) * unit;
        for (let f = 0; f < PAIR_QUANTITIES; f++) out[o + PAIR_QUANTITIES + f] = tight * out[o + f];
      }
    }
  }
  return out;
}

/**
 * How close the day's fleet is to its demand: 0 when the fleet could carry twice the demand or more (the paper's
 * instances, a vehicle per customer), rising to 1 when it carries exactly the demand. City days (a fleet 15–40 %
 * above the need, in whole vehicles) lie between about 0.5 and 0.85. It depends on the fleet, the capacity and the
 * orders only, so the frame's invariances hold for it.
 */
export function fleetTightness(p: Problem): number {
  const demand = totalDemand(p);
  if (demand <= 0) return 0;
  return Math.min(1, Math.max(0, 2 - (p.vehicles * p.capacity) / demand));
}
