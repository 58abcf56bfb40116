import * as tf from '@tensorflow/tfjs';
import { mkdtemp, readFile, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkModelFolder, MODEL_LIMITS } from '../../../src/main/jampr/checkpoint-files.js';
import { loadCheckpoint } from '../../../src/main/jampr/checkpoint.js';
import { saveTinyModel } from './fixtures.js';

/** A valid tiny model folder per test, then broken in one way. Nothing may reach TensorFlow.js. */
let dir: string;
const modelJson = async () => JSON.parse(await readFile(join(dir, 'model.json'), 'utf8'));
const rewrite = (file: string, value: unknown) => writeFile(join(dir, file), typeof value === 'string' ? value : JSON.stringify(value));

async function refused(pattern: RegExp): Promise<void> {
  const tensorsBefore = tf.memory().numTensors;
  expect(() => checkModelFolder(dir)).toThrow(pattern);
  await expect(loadCheckpoint(dir)).rejects.toMatchObject({ kind: 'model', message: expect.stringMatching(pattern) });
  expect(tf.memory().numTensors).toBe(tensorsBefore);
}

describe('model folders from elsewhere', () => {
  beforeAll(async () => {
    await tf.setBackend('cpu');
  });
  beforeEach(async () => {
    dir = await saveTinyModel(await mkdtemp(join(tmpdir(), 'jampr-files-')), 'jampr', 'tw1', 6);
  });

  it('accepts the folder as saved', async () => {
    expect(checkModelFolder(dir).card.name).toBe('jampr-tw1-n6');
    const { policy } = await loadCheckpoint(dir);
    policy.dispose();
  });

  it('refuses absurd dimensions before allocating anything', async () => {
    const model = await modelJson();
    model.config.embedDim = 65536;
    model.config.feedForwardDim = 1048576;
    await rewrite('model.json', model);
    await refused(/not a valid model file/);
    // Each field named by its path, with the value and what is allowed, as every schema finding is worded (issues.ts).
    expect(() => checkModelFolder(dir)).toThrow(`config.embedDim 65536 is too large: it may be ${MODEL_LIMITS.embedDim} at most`);
  });

  it('refuses a manifest that lists more weights than the limit', async () => {
    const model = await modelJson();
    model.tensors[0].shape = [100_000, 1_000];
    await rewrite('model.json', model);
    await refused(/more than the limit/);
  });

  it('refuses a weights file one byte short, naming both lengths', async () => {
    const { size } = await import('node:fs').then((fs) => fs.statSync(join(dir, 'weights.bin')));
    await truncate(join(dir, 'weights.bin'), size - 1);
    await refused(new RegExp(`has ${size - 1} bytes but the manifest needs ${size}`));
  });

  it('refuses NaN and all-zero weights', async () => {
    const bytes = new Uint8Array(await readFile(join(dir, 'weights.bin')));
    const values = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
    values[3] = Number.NaN;
    await writeFile(join(dir, 'weights.bin'), bytes);
    await refused(/not a finite number \(NaN at position 3\)/);
    values.fill(0);
    await writeFile(join(dir, 'weights.bin'), bytes);
    await refused(/only zeros/);
  });

  it('refuses a card that describes another kind of model than its weights', async () => {
    const card = JSON.parse(await readFile(join(dir, 'card.json'), 'utf8'));
    await rewrite('card.json', { ...card, kind: 'am' });
    await refused(/describes a am model but model\.json holds a jampr model/);
  });

  it("reads the card with model.json's configuration, and an unlimited m_pre (null in JSON) as Infinity", async () => {
    const card = JSON.parse(await readFile(join(dir, 'card.json'), 'utf8'));
    await rewrite('card.json', { ...card, env: { mCon: 1, mPre: null }, config: { kind: 'jampr', embedDim: 999 } });
    const read = checkModelFolder(dir).card;
    expect(read.env.mPre).toBe(Number.POSITIVE_INFINITY);
    const { policy } = await loadCheckpoint(dir);
    policy.dispose();
    expect(read.config).toEqual(policy.config);
  });

  it('refuses a card.json that is null, and a model.json that is not JSON', async () => {
    const card = await readFile(join(dir, 'card.json'), 'utf8');
    await rewrite('card.json', 'null');
    await refused(/card\.json is not a valid model file/);
    await rewrite('card.json', card);
    await rewrite('model.json', '{"format":');
    await refused(/model\.json is not valid JSON/);
  });
});
