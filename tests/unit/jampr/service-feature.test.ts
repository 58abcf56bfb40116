import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCheckpoint, NODE_INPUT_KERNEL } from '../../../src/main/jampr/checkpoint.js';
import { decodeGreedy } from '../../../src/main/jampr/decode.js';
import { jamprEnvConfig } from '../../../src/main/jampr/env/config.js';
import { type ModelConfig, nodeFeatureCount } from '../../../src/main/jampr/model/config.js';
import { nodeFeatures } from '../../../src/main/jampr/model/inputs.js';
import { generateCityDay } from '../../../src/main/vrp/generate-city.js';
import { TW_SERVICE } from '../../../src/main/vrp/generate.js';
import type { Problem } from '../../../src/main/vrp/problem.js';
import { createRng } from '../../../src/main/vrp/rng.js';
import { buildProblem } from '../../../src/main/vrp/validate.js';
import { makeVariant } from '../../../src/shared/domain.js';
import { saveTinyModel, tinyModelConfig, tinyProblems } from './fixtures.js';

/** Column `column` of the node features of `p` under `config`. */
const column = (p: Problem, config: ModelConfig, column: number): number[] => {
  const width = nodeFeatureCount(config);
  const out = new Float32Array((p.n + 1) * width);
  nodeFeatures(p, config, 0, out, 0);
  return Array.from({ length: p.n + 1 }, (_, i) => out[i * width + column]);
};

describe('the service feature', () => {
  it("reads each stop's service in the model frame, on the coordinates' scale", () => {
    const day = generateCityDay(12, createRng(3));
    const shift = day.depot.due - day.depot.ready;
    const stops = day.customers.map((c, i) => ({ ...c, service: 5 + 5 * i }));
    const p = buildProblem({ ...day, customers: stops });
    const read = column(p, tinyModelConfig(), 5);
    expect(read[0]).toBe(0);
    for (const [i, c] of stops.entries()) expect(read[i + 1]).toBeCloseTo((c.service * 1000) / shift / 100, 5);
    // The paper's generator: a shift of 1000 and every stop's service TW_SERVICE.
    const generated = tinyProblems(6, 1, 4)[0];
    expect(column(generated, tinyModelConfig(), 5).slice(1)).toEqual(new Array(6).fill(Math.fround(TW_SERVICE / 100)));
  });

  it('is left out of models without it: five features a node', () => {
    const config = tinyModelConfig({ serviceFeature: false });
    expect(nodeFeatureCount(config)).toBe(5);
    expect(nodeFeatureCount(tinyModelConfig())).toBe(6);
  });

  it('loads a model saved before it with the feature off, and with a zero input when training asks for it', async () => {
    const dir = await saveTinyModel(await mkdtemp(join(tmpdir(), 'jampr-service-')), 'jampr', 'tw1', 8, 8, { serviceFeature: false });
    const problems = tinyProblems(8, 3, 35, true).map((p) =>
      buildProblem({ ...p.instance, customers: p.instance.customers.map((c, i) => ({ ...c, service: 2 + 7 * (i % 4) })) }),
    );
    const env = jamprEnvConfig(makeVariant('tw1'), 8, { mCon: 2 });
    const plain = await loadCheckpoint(dir);
    expect(plain.policy.config.serviceFeature).toBe(false);
    const upgraded = await loadCheckpoint(dir, { serviceFeature: true });
    expect(upgraded.policy.config.serviceFeature).toBe(true);
    const kernel = upgraded.policy.params.trainable.get(NODE_INPUT_KERNEL);
    expect(kernel?.shape).toEqual([6, 16]);
    expect(Array.from(kernel?.slice([5, 0], [1, 16]).dataSync() ?? [])).toEqual(new Array(16).fill(0));
    expect(decodeGreedy(upgraded.policy, problems, env)).toEqual(decodeGreedy(plain.policy, problems, env));
    for (const p of [plain.policy, upgraded.policy]) p.dispose();
  });
});
