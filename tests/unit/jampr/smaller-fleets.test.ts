import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeGreedy, decodeGreedyServing, decodeSampled } from '../../../src/main/jampr/decode.js';
import { jamprEnvConfig } from '../../../src/main/jampr/env/config.js';
import { Policy } from '../../../src/main/jampr/model/policy.js';
import { smallerFleets, withFleet } from '../../../src/main/jampr/smaller-fleets.js';
import { evaluateIndexRoutes } from '../../../src/main/vrp/evaluate.js';
import type { Problem } from '../../../src/main/vrp/problem.js';
import { totalDemand } from '../../../src/main/vrp/problem.js';
import { makeVariant } from '../../../src/shared/domain.js';
import { tinyModelConfig, tinyProblems } from './fixtures.js';

/** Days of 12 stops whose fleet is fixed and generous: 8 vehicles where the demand needs about half. */
function generousDays(count: number, seed: number): Problem[] {
  return tinyProblems(12, count, seed).map((p) => ({ ...p, capacity: Math.ceil(totalDemand(p) / 3.5), vehicles: 8 }));
}

describe('greedy plans with fewer vehicles than the fleet', () => {
  beforeAll(async () => {
    await tf.setBackend('cpu');
  });

  it('tries as many vehicles as the demand needs and one more, where the fleet has more', () => {
    const [day] = generousDays(1, 4);
    expect(smallerFleets(day)).toEqual([4, 5]);
    expect(smallerFleets({ ...day, vehicles: 5 })).toEqual([4]);
    expect(smallerFleets({ ...day, vehicles: 4 })).toEqual([]);
    // A vehicle per customer too (a file that names no fleet, the paper's instances): a fleet of N is no exception.
    expect(smallerFleets({ ...day, vehicles: day.n })).toEqual([4, 5]);
    expect(withFleet(day, 4)).toMatchObject({ vehicles: 4, instance: { vehicles: 4 }, n: day.n });
  });

  it('counts the hours the work needs where they ask for more vehicles than the load', () => {
    const [day] = generousDays(1, 4);
    // Vans that carry the whole day, and 12 stops of 200 each in a shift of 1000: at least three vans by the clock.
    const longStops = { ...day, capacity: 1e6, service: Float64Array.from(day.service, (_, i) => (i === 0 ? 0 : 200)) };
    expect(longStops.due[0] - longStops.ready[0]).toBe(1000);
    expect(smallerFleets(longStops)).toEqual([3, 4]);
    expect(smallerFleets({ ...longStops, service: day.service })).toEqual([1, 2]);
  });

  it("keeps the cheapest of the greedy plans with the day's fleet and the smaller ones, which is at times one of those", () => {
    const policy = new Policy(tinyModelConfig(), 5);
    const variant = makeVariant('tw3');
    const config = jamprEnvConfig(variant, 12);
    let smallerWon = 0;
    for (const day of generousDays(8, 17)) {
      const costs = [day, ...smallerFleets(day).map((k) => withFleet(day, k))].map(
        (p) => evaluateIndexRoutes(day, decodeGreedy(policy, [p], config)[0], variant).cost,
      );
      const kept = evaluateIndexRoutes(day, decodeGreedyServing(policy, day, config), variant);
      expect(kept.violations).toEqual([]);
      expect(kept.cost).toBeCloseTo(Math.min(...costs), 6);
      if (kept.cost < costs[0] - 1e-9) smallerWon++;
    }
    expect(smallerWon).toBeGreaterThan(0);
    policy.dispose();
  });

  it("never samples a plan worse than JAMPR greedy's, the smaller fleets' plans among its candidates", async () => {
    const policy = new Policy(tinyModelConfig(), 5);
    const variant = makeVariant('tw3');
    const config = jamprEnvConfig(variant, 12);
    for (const [seed, day] of generousDays(4, 17).entries()) {
      const greedy = evaluateIndexRoutes(day, decodeGreedyServing(policy, day, config), variant);
      const sampled = await decodeSampled(policy, day, config, { samples: 2, seed });
      expect(sampled.evaluation.cost).toBeLessThanOrEqual(greedy.cost + 1e-9);
    }
    policy.dispose();
  });
});
