import * as tf from '@tensorflow/tfjs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeVariant } from '../../../src/shared/domain.js';
import { jamprEnvConfig } from '../../../src/main/jampr/env/config.js';
import { loadCheckpoint, loadOptimizerState } from '../../../src/main/jampr/checkpoint.js';
import { Policy } from '../../../src/main/jampr/model/policy.js';
import { Adam } from '../../../src/main/jampr/train/adam.js';
import { sampleMeanBaseline } from '../../../src/main/jampr/train/baseline.js';
import { reinforceStep } from '../../../src/main/jampr/train/reinforce.js';
import { trainModel } from '../../../src/main/jampr/train/train.js';
import { pairedOneSidedP } from '../../../src/main/jampr/train/ttest.js';
import { createRng } from '../../../src/main/vrp/rng.js';
import { tinyModelConfig, tinyProblems } from './fixtures.js';

const tiny = { embedDim: 16, encoderLayers: 2, encoderHeads: 2, feedForwardDim: 32, decoderDim: 16, decoderHeads: 2 };

describe('training', () => {
  beforeAll(async () => {
    await tf.setBackend('cpu');
  });

  it('gives the one-sided p of the paired t-test in the baseline test', () => {
    // Two pairs: t has one degree of freedom, whose CDF is 1/2 + atan(t)/π. d = (0, −2) gives t = −1, d = (1, 3) t = 2.
    expect(pairedOneSidedP([0, 0], [0, 2])).toBeCloseTo(0.25, 6);
    expect(pairedOneSidedP([1, 3], [0, 0])).toBeCloseTo(0.5 + Math.atan(2) / Math.PI, 6);
    // Ten pairs at t = −1.833: the 5 % point of Student's t with 9 degrees of freedom.
    const d = [-1, 1, -1, 1, -1, 1, -1, 1, -1, 1].map((x) => x * Math.sqrt(0.9));
    const shift = -1.833 / Math.sqrt(10);
    expect(
      pairedOneSidedP(
        d.map((x) => x + shift),
        new Array(10).fill(0),
      ),
    ).toBeCloseTo(0.05, 3);
    const better = Array.from({ length: 30 }, (_, i) => 100 + (i % 5));
    const worse = better.map((c, i) => c + 3 + (i % 3));
    expect(pairedOneSidedP(better, worse)).toBeLessThan(0.001);
    expect(pairedOneSidedP(worse, better)).toBeGreaterThan(0.999);
  });

  it('judges each sample against the mean of the other samples of its instance', () => {
    expect(Array.from(sampleMeanBaseline(Float64Array.from([1, 3, 10, 20]), 2))).toEqual([3, 1, 20, 10]);
  });

  it('keeps BatchNorm on its running statistics while fine-tuning with frozenNorm, and moves them otherwise', () => {
    const running = (policy: Policy) => [...policy.params.state.values()].map((v) => Array.from(v.dataSync()));
    for (const frozenNorm of [true, false]) {
      const policy = new Policy(tinyModelConfig(), 3);
      const adam = new Adam(policy.params.trainable);
      const before = running(policy);
      const settings = {
        env: jamprEnvConfig(makeVariant('tw1'), 6),
        samplesPerInstance: 2,
        augment: false,
        costScale: 0.01,
        maxGradNorm: 1,
        frozenNorm,
      };
      reinforceStep(policy, adam, settings, tinyProblems(6, 2, 5), createRng(1), (c) => sampleMeanBaseline(c, 2));
      if (frozenNorm) expect(running(policy)).toEqual(before);
      else expect(running(policy)).not.toEqual(before);
      adam.dispose();
      policy.dispose();
    }
  });

  it('leaks no tensors across a training step and changes the weights', () => {
    const policy = new Policy(tinyModelConfig(), 3);
    const adam = new Adam(policy.params.trainable);
    const problems = tinyProblems(6, 2, 5);
    const settings = {
      env: jamprEnvConfig(makeVariant('tw1'), 6),
      samplesPerInstance: 3,
      augment: true,
      costScale: 0.01,
      maxGradNorm: 1,
    };
    const step = () => reinforceStep(policy, adam, settings, problems, createRng(1), (c) => sampleMeanBaseline(c, 3));
    step();
    const before = tf.memory().numTensors;
    const w = policy.params.trainable.get('jampr/W1')!.dataSync().slice();
    const stats = step();
    expect(tf.memory().numTensors).toBe(before);
    expect(Number.isFinite(stats.loss) && stats.gradNorm > 0).toBe(true);
    expect(policy.params.trainable.get('jampr/W1')!.dataSync()).not.toEqual(w);
    adam.dispose();
    policy.dispose();
  });

  it('a short run on N=5 lowers the greedy validation cost clearly below its start, then resumes', async () => {
    const outDir = await mkdtemp(join(tmpdir(), 'jampr-train-'));
    const progress: number[] = [];
    const checkpoints: { curveCost: number; costs: Float64Array }[] = [];
    const run = await trainModel({
      variant: 'tw1',
      size: 5,
      minutes: 5,
      maxInstances: 96,
      outDir,
      seed: 2,
      validationSize: 48,
      model: tiny,
      recipe: { name: 'pomo-mean', batchSize: 8, epochSize: 32, samplesPerInstance: 6, learningRate: 2e-3 },
      onProgress: (p) => progress.push(p.instancesSeen),
      onCheckpoint: async (card, costs) => {
        checkpoints.push({ curveCost: card.validation.curve.at(-1)!.cost, costs: costs.slice() });
      },
    });
    const curve = run.card.validation.curve;
    // Every checkpoint hands over its validation instances' own costs: their mean is the curve point saved with it.
    expect(checkpoints.length).toBeGreaterThan(1);
    for (const { curveCost, costs } of checkpoints) {
      expect(costs.length).toBe(48);
      expect(costs.reduce((sum, c) => sum + c, 0) / costs.length).toBeCloseTo(curveCost, 2);
    }
    expect(checkpoints[0].costs).not.toEqual(checkpoints.at(-1)!.costs);
    expect(run.stoppedBy).toBe('instances');
    expect(progress.at(-1)).toBe(96);
    expect(curve[0].instances).toBe(0);
    expect(curve.at(-1)!.cost).toBeLessThan(0.85 * curve[0].cost);
    const { policy, card } = await loadCheckpoint(outDir);
    expect(card.instancesTrained).toBe(96);
    expect((await loadOptimizerState(outDir))?.step).toBe(12);
    policy.dispose();
    const resumed = await trainModel({
      variant: 'tw1',
      size: 5,
      minutes: 5,
      maxInstances: 104,
      outDir,
      fromDir: outDir,
      seed: 2,
      validationSize: 48,
      model: tiny,
      recipe: { name: 'pomo-mean', batchSize: 8, epochSize: 32, samplesPerInstance: 6, learningRate: 2e-3 },
    });
    expect(resumed.card.instancesTrained).toBe(104);
    expect(resumed.card.validation.curve.length).toBe(curve.length + 1);
  });

  it('continues a smaller model at a larger size with the default m_con for that size and a new learning curve', async () => {
    const outDir = await mkdtemp(join(tmpdir(), 'jampr-curriculum-'));
    const recipe = { name: 'pomo-mean' as const, batchSize: 4, epochSize: 64, samplesPerInstance: 2 };
    const small = await trainModel({
      variant: 'tw1',
      size: 5,
      minutes: 5,
      maxInstances: 4,
      outDir,
      seed: 3,
      validationSize: 4,
      model: tiny,
      recipe,
    });
    expect(small.card.env.mCon).toBe(2);
    const large = await trainModel({
      variant: 'tw1',
      size: 36,
      minutes: 5,
      maxInstances: 8,
      outDir,
      fromDir: outDir,
      seed: 3,
      validationSize: 4,
      model: tiny,
      recipe,
    });
    expect(large.card).toMatchObject({ size: 36, instancesTrained: 8, env: { mCon: 3 } });
    expect(large.card.validation.curve.map((p) => p.instances)).toEqual([4, 8]);
    const resumed = await trainModel({
      variant: 'tw1',
      size: 36,
      minutes: 5,
      maxInstances: 12,
      outDir,
      fromDir: outDir,
      seed: 3,
      validationSize: 4,
      model: tiny,
      recipe,
    });
    expect(resumed.card.validation.curve.map((p) => p.instances)).toEqual([4, 8, 12]);
    expect(resumed.card.instanceSource).toBe(large.card.instanceSource);
  });
});
