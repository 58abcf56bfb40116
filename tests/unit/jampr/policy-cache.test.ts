import * as tf from '@tensorflow/tfjs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Policy } from '../../../src/main/jampr/model/policy.js';
import { cachedModelCount, clearModelCache, withModel } from '../../../src/main/jampr/policy-cache.js';
import { saveTinyModel } from './fixtures.js';

const firstWeight = (policy: Policy) => policy.params.all()[0][1];

describe('the loaded-model cache', () => {
  let root = '';
  beforeAll(async () => {
    await tf.setBackend('cpu');
    root = await mkdtemp(join(tmpdir(), 'jampr-cache-'));
  });
  afterEach(clearModelCache);

  it('hands the same loaded policy to consecutive plans instead of reading the folder again', async () => {
    const dir = await saveTinyModel(root, 'jampr', 'tw1', 20);
    const first = await withModel(dir, 'jampr', ({ policy }) => policy);
    const second = await withModel(dir, 'jampr', ({ policy }) => policy);
    expect(second).toBe(first);
    expect(cachedModelCount()).toBe(1);
  });

  it('reloads a model whose folder was rewritten and frees the old one once no plan uses it', async () => {
    const dir = await saveTinyModel(root, 'jampr', 'tw2', 20, 1);
    let oldWeight: tf.Variable | undefined;
    let inUseWhileReplaced = false;
    await withModel(dir, 'jampr', async ({ policy }) => {
      oldWeight = firstWeight(policy);
      await new Promise((r) => setTimeout(r, 20)); // mtime resolution: the rewrite must look newer
      await saveTinyModel(root, 'jampr', 'tw2', 20, 2);
      const fresh = await withModel(dir, 'jampr', (m) => m.policy);
      expect(fresh).not.toBe(policy);
      inUseWhileReplaced = !firstWeight(policy).isDisposed;
    });
    expect(inUseWhileReplaced).toBe(true);
    expect(oldWeight?.isDisposed).toBe(true);
  });

  it('rejects a folder without a model and keeps nothing for it', async () => {
    await expect(withModel(join(root, 'missing'), 'jampr', () => 0)).rejects.toThrow();
    expect(cachedModelCount()).toBe(0);
  });
});
