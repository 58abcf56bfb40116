import * as tf from '@tensorflow/tfjs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeVariant } from '../../../src/shared/domain.js';
import type { ModelCard } from '../../../src/main/jampr/card.js';
import { exportCheckpoint, loadCheckpoint, loadOptimizerState, saveCheckpoint } from '../../../src/main/jampr/checkpoint.js';
import { fromFloat16, toFloat16 } from '../../../src/main/jampr/float16.js';
import { stat } from 'node:fs/promises';
import { decodeGreedy } from '../../../src/main/jampr/decode.js';
import { jamprEnvConfig } from '../../../src/main/jampr/env/config.js';
import { Policy } from '../../../src/main/jampr/model/policy.js';
import { Adam } from '../../../src/main/jampr/train/adam.js';
import { tinyModelConfig, tinyProblems } from './fixtures.js';

const cardFor = (policy: Policy): ModelCard => ({
  name: 'test',
  kind: policy.config.kind,
  variant: 'tw1',
  size: 6,
  config: policy.config,
  env: { mCon: 2, mPre: 6 },
  recipe: { name: 'rollout' },
  instanceSource: 'generator',
  instancesTrained: 0,
  cpuSeconds: 0,
  validation: { instances: 0, seed: 0, curve: [] },
  date: '2025-01-01T00:00:00Z',
});

describe('checkpoints', () => {
  beforeAll(async () => {
    await tf.setBackend('cpu');
  });

  it('save then load then greedy gives the identical plan', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'jampr-ckpt-'));
    const policy = new Policy(tinyModelConfig(), 9);
    // Move the BatchNorm running statistics off their initial values so that they must round-trip too.
    const problems = tinyProblems(6, 4, 21);
    const config = jamprEnvConfig(makeVariant('tw1'), 6);
    for (const [name, v] of policy.params.state) if (name.endsWith('movingMean')) v.assign(tf.randomNormal(v.shape, 0, 0.3));
    policy.params.touch();
    const before = decodeGreedy(policy, problems, config);
    await saveCheckpoint(dir, policy, cardFor(policy));
    const { policy: loaded, card } = await loadCheckpoint(dir);
    expect(decodeGreedy(loaded, problems, config)).toEqual(before);
    expect(card.name).toBe('test');
    policy.dispose();
    loaded.dispose();
  });

  it('rejects a checkpoint whose configuration does not match the request', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'jampr-ckpt-'));
    const policy = new Policy(tinyModelConfig(), 1);
    await saveCheckpoint(dir, policy, cardFor(policy));
    await expect(loadCheckpoint(dir, { kind: 'am' })).rejects.toMatchObject({
      kind: 'model',
      details: ['kind: expected am, checkpoint has jampr'],
    });
    await expect(loadCheckpoint(dir, { embedDim: 32 })).rejects.toMatchObject({ kind: 'model' });
    policy.dispose();
  });

  it('rejects weights that do not fit the configuration it declares', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'jampr-ckpt-'));
    const policy = new Policy(tinyModelConfig(), 1);
    await saveCheckpoint(dir, policy, cardFor(policy));
    const model = JSON.parse(await readFile(join(dir, 'model.json'), 'utf8'));
    model.config.feedForwardDim = 64;
    await writeFile(join(dir, 'model.json'), JSON.stringify(model));
    await expect(loadCheckpoint(dir)).rejects.toMatchObject({ kind: 'model' });
    await expect(loadCheckpoint(join(dir, 'missing'))).rejects.toMatchObject({ kind: 'model' });
    policy.dispose();
  });

  it('keeps the optimizer state for resuming', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'jampr-ckpt-'));
    const policy = new Policy(tinyModelConfig(), 1);
    const adam = new Adam(policy.params.trainable);
    const grads = new Map([...policy.params.trainable].map(([name, v]) => [name, tf.onesLike(v)] as [string, tf.Tensor]));
    adam.apply(grads);
    adam.learningRate = 5e-5;
    await saveCheckpoint(dir, policy, cardFor(policy), adam.state());
    const state = await loadOptimizerState(dir);
    expect(state?.step).toBe(1);
    expect(state?.learningRate).toBe(5e-5);
    const restored = new Adam(policy.params.trainable);
    restored.load(state!);
    const [name] = [...policy.params.trainable.keys()];
    expect(Array.from(restored.state().moments.get(`m/${name}`)!.dataSync())).toEqual(
      Array.from(adam.state().moments.get(`m/${name}`)!.dataSync()),
    );
    tf.dispose([...grads.values(), ...state!.moments.values()]);
    adam.dispose();
    restored.dispose();
    policy.dispose();
  });

  it('converts to and from half precision like IEEE 754 binary16', () => {
    const values = Float32Array.from([0, -0, 1, -2, 0.1, 65504, 1e6, 6e-8, 1e-9, 0.333333, Infinity]);
    const half = toFloat16(values);
    expect(Array.from(half.slice(0, 4))).toEqual([0x0000, 0x8000, 0x3c00, 0xc000]);
    expect(half[4]).toBe(0x2e66); // 0.1 rounds to 0.0999755859375
    expect(half[5]).toBe(0x7bff);
    expect(half[6]).toBe(0x7c00); // overflow
    const back = fromFloat16(half);
    expect(back[7]).toBeCloseTo(5.96e-8, 9); // smallest subnormal
    expect(back[8]).toBe(0);
    expect(back[9]).toBeCloseTo(0.333333, 3);
    expect(back[10]).toBe(Infinity);
  });

  it('exports a half-size float16 model that plans like the original', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'jampr-ckpt-'));
    const policy = new Policy(tinyModelConfig(), 5);
    await saveCheckpoint(join(dir, 'full'), policy, cardFor(policy));
    await exportCheckpoint(join(dir, 'full'), join(dir, 'half'), 'float16');
    const full = (await stat(join(dir, 'full', 'weights.bin'))).size;
    expect((await stat(join(dir, 'half', 'weights.bin'))).size).toBe(full / 2);
    const { policy: half } = await loadCheckpoint(join(dir, 'half'));
    const [name, original] = [...policy.params.trainable][0];
    const restored = half.params.trainable.get(name)!.dataSync();
    for (const [i, v] of original.dataSync().entries()) expect(Math.abs(restored[i] - v)).toBeLessThanOrEqual(Math.abs(v) / 1024 + 1e-7);
    const problems = tinyProblems(6, 3, 2);
    const config = jamprEnvConfig(makeVariant('tw2'), 6);
    expect(decodeGreedy(half, problems, config).length).toBe(3);
    half.dispose();
    policy.dispose();
  });
});
