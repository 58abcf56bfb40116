import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeSampled, shiftedRowCount } from '../../../src/main/jampr/decode.js';
import { jamprEnvConfig } from '../../../src/main/jampr/env/config.js';
import { routesOf } from '../../../src/main/jampr/env/routes.js';
import { PAIR_FEATURES } from '../../../src/main/jampr/model/config.js';
import { PAIR_BIAS } from '../../../src/main/jampr/model/jampr-weights.js';
import { Policy } from '../../../src/main/jampr/model/policy.js';
import { rollout } from '../../../src/main/jampr/rollout.js';
import { setPairBias } from '../../../src/main/jampr/train/pair-search.js';
import { generateCityDay } from '../../../src/main/vrp/generate-city.js';
import { generateInstance } from '../../../src/main/vrp/generate.js';
import { createRng } from '../../../src/main/vrp/rng.js';
import { buildProblem } from '../../../src/main/vrp/validate.js';
import { makeVariant } from '../../../src/shared/domain.js';
import { tinyModelConfig } from './fixtures.js';

describe('sampled rows with a shifted pair bias', () => {
  beforeAll(async () => {
    await tf.setBackend('cpu');
  });

  it('plan exactly the greedy plan of the model whose bias is shifted', () => {
    const env = jamprEnvConfig(makeVariant('tw1'), 12, { mCon: 2 });
    const policy = new Policy(tinyModelConfig(), 5);
    const theta = [0.2, -0.3, -0.1, 0.05, -0.4, 0.3, -0.2, 0.1];
    const rng = createRng(9);
    let differs = 0;
    for (let day = 0; day < 4; day++) {
      const problem = buildProblem(generateCityDay(12, createRng(300 + day)));
      const shifts = Float32Array.from({ length: 2 * PAIR_FEATURES }, () => 0.5 * rng.normal());
      setPairBias(policy, theta);
      // Two shifted rows, then a drawn one (the strategy's own stream), all in one batch.
      const sampled = rollout(
        policy,
        [problem, problem, problem],
        env,
        { kind: 'sample', rng: createRng(day), shifts },
        { training: false },
      );
      for (let row = 0; row < 2; row++) {
        setPairBias(
          policy,
          theta.map((t, f) => t + shifts[row * PAIR_FEATURES + f]),
        );
        const greedy = rollout(policy, [problem], env, { kind: 'greedy' }, { training: false });
        expect(routesOf(sampled.state, row)).toEqual(routesOf(greedy.state, 0));
      }
      setPairBias(policy, theta);
      const plain = rollout(policy, [problem], env, { kind: 'greedy' }, { training: false });
      if (JSON.stringify(routesOf(sampled.state, 0)) !== JSON.stringify(routesOf(plain.state, 0))) differs++;
    }
    // The shifts move the plans (otherwise the check above would hold for any shift).
    expect(differs).toBeGreaterThan(0);
    policy.dispose();
  });

  it("are every row on a day with a fixed fleet, half the rows on the paper's instances (a vehicle per customer)", () => {
    for (let day = 0; day < 5; day++) {
      expect(shiftedRowCount(buildProblem(generateCityDay(40, createRng(500 + day))), 32)).toBe(32);
      expect(shiftedRowCount(buildProblem(generateInstance(20, createRng(600 + day))), 32)).toBe(16);
    }
  });

  it('leave the model as it was and plan the same for a seed', async () => {
    const env = jamprEnvConfig(makeVariant('tw3'), 12, { mCon: 2 });
    const policy = new Policy(tinyModelConfig(), 6);
    const before = Array.from(policy.params.trainable.get(PAIR_BIAS)?.dataSync() ?? []);
    const problem = buildProblem(generateCityDay(12, createRng(77)));
    const first = await decodeSampled(policy, problem, env, { samples: 16, chunk: 8, seed: 3 });
    const again = await decodeSampled(policy, problem, env, { samples: 16, chunk: 8, seed: 3 });
    expect(again.routes).toEqual(first.routes);
    expect(Array.from(policy.params.trainable.get(PAIR_BIAS)?.dataSync() ?? [])).toEqual(before);
    policy.dispose();
  });
});
