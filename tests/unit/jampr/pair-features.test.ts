import * as tf from '@tensorflow/tfjs';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCheckpoint, saveCheckpoint } from '../../../src/main/jampr/checkpoint.js';
import { decodeGreedy } from '../../../src/main/jampr/decode.js';
import { jamprEnvConfig } from '../../../src/main/jampr/env/config.js';
import { reset } from '../../../src/main/jampr/env/env.js';
import { modelFrame } from '../../../src/main/jampr/frame.js';
import { PAIR_FEATURES, PAIR_QUANTITIES } from '../../../src/main/jampr/model/config.js';
import { PAIR_BIAS } from '../../../src/main/jampr/model/jampr-weights.js';
import { fleetTightness, PAIR_UNIT, pairFeatures } from '../../../src/main/jampr/model/pair-features.js';
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

  it("repeats the four scaled by the fleet tightness: zero on the paper's instances, above zero on city days", () => {
    const generated = tinyProblems(8, 1, 30)[0];
    const day = buildProblem(generateCityDay(12, createRng(4)));
    for (const [p, tight] of [
      [generated, 0],
      [day, fleetTightness(day)],
    ] as const) {
      const phi = pairFeatures(reset([p], jamprEnvConfig(tw1, p.n, { mCon: 2 })));
      for (let o = 0; o < phi.length; o += PAIR_FEATURES) {
        for (let f = 0; f < PAIR_QUANTITIES; f++) expect(phi[o + PAIR_QUANTITIES + f]).toBeCloseTo(tight * phi[o + f], 6);
      }
    }
    expect(fleetTightness(generated)).toBe(0);
    expect(fleetTightness(day)).toBeGreaterThan(0.5);
    expect(fleetTightness(day)).toBeLessThan(0.9);
    // 2 − fleet capacity / demand, clamped to [0, 1].
    const demand = day.demand.reduce((a, q) => a + q, 0);
    const withFleet = (capacity: number) => fleetTightness({ ...day, vehicles: 1, capacity });
    expect(withFleet(demand)).toBeCloseTo(1, 9);
    expect(withFleet(1.5 * demand)).toBeCloseTo(0.5, 9);
    expect(withFleet(2 * demand)).toBeCloseTo(0, 9);
    expect(withFleet(0.5 * demand)).toBe(1);
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
    setPairBias(policy, [-1e4, 0, 0, 0, 0, 0, 0, 0]);
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
    expect(Array.from(upgraded.policy.params.trainable.get(PAIR_BIAS)?.dataSync() ?? [])).toEqual(new Array(PAIR_FEATURES).fill(0));
    expect(decodeGreedy(upgraded.policy, problems, env)).toEqual(plans);
    for (const p of [plain.policy, upgraded.policy]) p.dispose();
  });

  it('loads a model saved with the first four weights only: the tightness half starts at zero', async () => {
    const dir = await saveTinyModel(await mkdtemp(join(tmpdir(), 'jampr-pair4-')), 'jampr', 'tw1', 8, 8);
    const full = await loadCheckpoint(dir);
    const theta = [-0.5, -0.2, -1, 0.1, 0, 0, 0, 0];
    setPairBias(full.policy, theta);
    await saveCheckpoint(dir, full.policy, full.card);
    dropTightnessHalf(dir);
    const problems = tinyProblems(8, 3, 34, true);
    const env = jamprEnvConfig(tw1, 8, { mCon: 2 });
    const old = await loadCheckpoint(dir);
    expect(Array.from(old.policy.params.trainable.get(PAIR_BIAS)?.dataSync() ?? [])).toEqual(Array.from(Float32Array.from(theta)));
    expect(decodeGreedy(old.policy, problems, env)).toEqual(decodeGreedy(full.policy, problems, env));
    for (const p of [full.policy, old.policy]) p.dispose();
  });
});

/** Rewrites a float32 checkpoint as the format before the tightness half: a pair bias of four weights. */
function dropTightnessHalf(dir: string): void {
  const model = JSON.parse(readFileSync(join(dir, 'model.json'), 'utf8')) as { tensors: { name: string; shape: number[] }[] };
  const bytes = readFileSync(join(dir, 'weights.bin'));
  const floats = Array.from(new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)));
  let offset = 0;
  for (const t of model.tensors) {
    const size = t.shape.reduce((a, x) => a * x, 1);
    if (t.name === PAIR_BIAS) {
      floats.splice(offset + PAIR_QUANTITIES, size - PAIR_QUANTITIES);
      t.shape = [PAIR_QUANTITIES, 1];
      break;
    }
    offset += size;
  }
  writeFileSync(join(dir, 'weights.bin'), new Uint8Array(Float32Array.from(floats).buffer));
  writeFileSync(join(dir, 'model.json'), JSON.stringify(model));
}
