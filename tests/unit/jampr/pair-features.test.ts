import * as tf from '@tensorflow/tfjs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCheckpoint } from '../../../src/main/jampr/checkpoint.js';
import { decodeGreedy } from '../../../src/main/jampr/decode.js';
import { jamprEnvConfig } from '../../../src/main/jampr/env/config.js';
import { reset } from '../../../src/main/jampr/env/env.js';
import { modelFrame } from '../../../src/main/jampr/frame.js';
import { PAIR_FEATURES } from '../../../src/main/jampr/model/config.js';
import { PAIR_BIAS } from '../../../src/main/jampr/model/jampr-weights.js';
import { PAIR_UNIT, pairFeatures } from '../../../src/main/jampr/model/pair-features.js';
import { Policy } from '../../../src/main/jampr/model/policy.js';
import { generateCityDay } from '../../../src/main/vrp/generate-city.js';
import { createRng } from '../../../src/main/vrp/rng.js';
import { buildProblem } from '../../../src/main/vrp/validate.js';
import { makeVariant } from '../../../src/shared/domain.js';
import { setPairBias } from '../../../src/main/jampr/train/pair-search.js';
import { saveTinyModel, tinyModelConfig, tinyProblems } from './fixtures.js';

const tw1 = makeVariant('tw1');

describe('the pair bias', () => {
  beforeAll(async () => {
    await tf.setBackend('cpu');
  });

  it("reads each action's travel, early arrival, lateness and slack in the model frame", () => {
    const day = buildProblem(generateCityDay(12, createRng(3)));
    const env = jamprEnvConfig(tw1, 12, { mCon: 2 });
    const s = reset([day], env);
    const phi = pairFeatures(s);
    const nodes = day.n + 1;
    const unit = modelFrame(day).scale / PAIR_UNIT;
    // Slot 0 holds the first vehicle, at the depot at the shift start.
    for (let i = 1; i < nodes; i++) {
      const arrival = day.ready[0] + day.travel[i];
      const o = i * PAIR_FEATURES;
      expect(phi[o]).toBeCloseTo(day.travel[i] * unit, 5);
      expect(phi[o + 1]).toBeCloseTo(Math.max(0, day.ready[i] - arrival) * unit, 5);
      expect(phi[o + 2]).toBeCloseTo(Math.max(0, arrival - day.due[i]) * unit, 5);
      expect(phi[o + 3]).toBeCloseTo(Math.max(0, day.due[i] - arrival) * unit, 5);
    }
    // City windows open after the shift starts: some actions would wait, and the features say how long.
    expect(Array.from({ length: day.n }, (_, i) => phi[(i + 1) * PAIR_FEATURES + 1]).some((v) => v > 0)).toBe(true);
  });

  it('does nothing with zero weights: the plans of the same network without it', () => {
    const problems = tinyProblems(8, 4, 31, true);
    const env = jamprEnvConfig(tw1, 8, { mCon: 2 });
    const withBias = new Policy(tinyModelConfig({ pairBias: true }), 4);
    const without = new Policy(tinyModelConfig({ pairBias: false }), 4);
    expect(decodeGreedy(withBias, problems, env)).toEqual(decodeGreedy(without, problems, env));
    withBias.dispose();
    without.dispose();
  });

  it('steers the plan when trained: a strong travel weight starts each route at the nearest stop it may serve', () => {
    const problems = tinyProblems(8, 3, 32);
    const env = jamprEnvConfig(tw1, 8, { mCon: 1 });
    const policy = new Policy(tinyModelConfig(), 6);
    setPairBias(policy, [-1e4, 0, 0, 0]);
    const plans = decodeGreedy(policy, problems, env);
    problems.forEach((p, b) => {
      const first = plans[b][0][0];
      const feasible = reset([p], env).mask;
      const nearest = Array.from({ length: p.n }, (_, i) => i + 1)
        .filter((i) => feasible[i])
        .reduce((best, i) => (p.travel[i] < p.travel[best] ? i : best));
      expect(p.travel[first]).toBe(p.travel[nearest]);
    });
    policy.dispose();
  });

  it('loads a model saved before it with the bias off, and with zero weights when training asks for it', async () => {
    const dir = await saveTinyModel(await mkdtemp(join(tmpdir(), 'jampr-pair-')), 'jampr', 'tw1', 8, 8, { pairBias: false });
    const problems = tinyProblems(8, 3, 33, true);
    const env = jamprEnvConfig(tw1, 8, { mCon: 2 });
    const plain = await loadCheckpoint(dir);
    expect(plain.policy.config.pairBias).toBe(false);
    const plans = decodeGreedy(plain.policy, problems, env);
    const upgraded = await loadCheckpoint(dir, { pairBias: true });
    expect(upgraded.policy.config.pairBias).toBe(true);
    expect(Array.from(upgraded.policy.params.trainable.get(PAIR_BIAS)?.dataSync() ?? [])).toEqual([0, 0, 0, 0]);
    expect(decodeGreedy(upgraded.policy, problems, env)).toEqual(plans);
    for (const p of [plain.policy, upgraded.policy]) p.dispose();
  });
});
