import * as tf from '@tensorflow/tfjs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeVariant } from '../../../src/shared/domain.js';
import { findDefaultModel } from '../../../src/main/jampr/model-catalog.js';
import { planWithModel } from '../../../src/main/jampr/planner.js';
import { evaluateIndexRoutes } from '../../../src/main/vrp/evaluate.js';
import { saveTinyModel, tinyProblems } from './fixtures.js';

describe('planning with a model', () => {
  let root = '';
  beforeAll(async () => {
    await tf.setBackend('cpu');
    root = await mkdtemp(join(tmpdir(), 'jampr-models-'));
    await saveTinyModel(root, 'jampr', 'tw1', 20);
    await saveTinyModel(root, 'jampr', 'tw1', 50);
    await saveTinyModel(root, 'am', 'tw1', 20);
    await saveTinyModel(root, 'jampr', 'tw2', 20);
  });

  it('picks the default model by method, variant and nearest trained size', async () => {
    expect((await findDefaultModel('jampr', 'tw1', 34, root)).card.size).toBe(20);
    expect((await findDefaultModel('jampr', 'tw1', 35, root)).card.size).toBe(50);
    expect((await findDefaultModel('jampr', 'tw1', 100, root)).card.size).toBe(50);
    expect((await findDefaultModel('am', 'tw1', 100, root)).card.name).toBe('am-tw1-n20');
    await expect(findDefaultModel('am', 'tw2', 20, root)).rejects.toMatchObject({ kind: 'model' });
  });

  it('returns feasible routes and the model name for greedy and sampled decoding', async () => {
    const [problem] = tinyProblems(8, 1, 40);
    const variant = makeVariant('tw1');
    for (const method of ['jampr', 'am'] as const) {
      const greedy = await planWithModel(problem, variant, { method, decode: 'greedy', modelsRoot: root });
      expect(greedy.modelName).toBe(`${method}-tw1-n20`);
      expect(evaluateIndexRoutes(problem, greedy.routes, variant).feasible).toBe(true);
      const sampled = await planWithModel(problem, variant, { method, decode: 'sample', samples: 8, seed: 3, modelsRoot: root });
      expect(evaluateIndexRoutes(problem, sampled.routes, variant).feasible).toBe(true);
    }
  });

  it('refuses a model folder of the other kind', async () => {
    const [problem] = tinyProblems(6, 1, 41);
    await expect(
      planWithModel(problem, makeVariant('tw1'), { method: 'am', decode: 'greedy', modelDir: join(root, 'jampr-tw1-n20') }),
    ).rejects.toMatchObject({ kind: 'model' });
  });
});
