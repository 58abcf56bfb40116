import * as tf from '@tensorflow/tfjs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCheckpoint, loadOptimizerState } from '../../../src/main/jampr/checkpoint.js';
import { trainModel } from '../../../src/main/jampr/train/train.js';

const tiny = { embedDim: 16, encoderLayers: 2, encoderHeads: 2, feedForwardDim: 32, decoderDim: 16, decoderHeads: 2 };

describe('training recipes and control', () => {
  beforeAll(async () => {
    await tf.setBackend('cpu');
  });

  it('runs the paper recipe with the rollout baseline and its warm-up epoch', async () => {
    const outDir = await mkdtemp(join(tmpdir(), 'jampr-train-'));
    const baselines: number[] = [];
    const run = await trainModel({
      variant: 'tw2',
      size: 5,
      minutes: 5,
      maxInstances: 32,
      outDir,
      seed: 3,
      validationSize: 8,
      model: tiny,
      recipe: { name: 'rollout', batchSize: 8, epochSize: 16, evalSize: 16 },
      onProgress: (p) => baselines.push(p.baselineCost),
    });
    expect(run.card.recipe.name).toBe('rollout');
    expect(run.card.training).toEqual({ epoch: 2, stepInEpoch: 0 });
    expect(baselines.every(Number.isFinite)).toBe(true);
  });

  /** A short pomo-mean run of two instances a step that `stop` aborts from its progress reports; what it stored. */
  async function stoppedRun(stop: (abort: () => void, instancesSeen: number) => void) {
    const outDir = await mkdtemp(join(tmpdir(), 'jampr-train-'));
    const controller = new AbortController();
    const run = await trainModel({
      variant: 'tw3',
      size: 5,
      minutes: 5,
      outDir,
      seed: 4,
      validationSize: 4,
      model: tiny,
      signal: controller.signal,
      recipe: { name: 'pomo-mean', batchSize: 2, epochSize: 100, samplesPerInstance: 2 },
      onProgress: (p) => stop(() => controller.abort(), p.instancesSeen),
    });
    return { stoppedBy: run.stoppedBy, instancesTrained: (await loadCheckpoint(outDir)).card.instancesTrained };
  }

  it('cancels between steps and keeps the checkpoint', async () => {
    expect(await stoppedRun((abort, seen) => seen >= 4 && abort())).toEqual({ stoppedBy: 'cancelled', instancesTrained: 4 });
  });

  it('stops after the step during which the stop came, not one step later', async () => {
    // As a Ctrl-C does: the abort is delivered on the event loop's next turn, not during the step that saw it come.
    expect(await stoppedRun((abort) => setImmediate(abort))).toEqual({ stoppedBy: 'cancelled', instancesTrained: 2 });
  });

  it('warms up by imitating the classical solver before REINFORCE when training from scratch', async () => {
    const outDir = await mkdtemp(join(tmpdir(), 'jampr-train-'));
    const elapsed: number[] = [];
    const labels: string[] = [];
    const run = await trainModel({
      variant: 'tw1',
      size: 5,
      minutes: 0.12,
      outDir,
      seed: 5,
      validationSize: 4,
      model: tiny,
      onProgress: (p) => elapsed.push(p.elapsedSec),
      // The phases too (REINFORCE's start measures the model again): a bar fed by both never runs back at the switch.
      onPhase: (p) => {
        elapsed.push(p.elapsedSec);
        labels.push(p.label);
      },
    });
    // The model is measured once at the start; REINFORCE starts from the weights the imitation's closing validation
    // measured, which it does not measure again (the same weights give the same point).
    expect(labels.filter((l) => l.startsWith('measuring'))).toEqual(['measuring the model it starts from on the validation days']);
    expect(run.card.validation.curve.at(-1)?.instances).toBe(run.card.instancesTrained);
    expect(run.card.recipe.name).toBe('pomo-mean');
    expect(String(run.card.recipe.after)).toMatch(/^imitation \(lr [\d.e-]+\) to \d+ instances$/);
    expect(elapsed).toEqual([...elapsed].sort((a, b) => a - b));
  });

  it('starts a new recipe stage at the requested learning rate when a resumed run changes it', async () => {
    const outDir = await mkdtemp(join(tmpdir(), 'jampr-train-'));
    const recipe = { name: 'pomo-mean', batchSize: 2, epochSize: 100, samplesPerInstance: 2 } as const;
    const common = { variant: 'tw1', size: 5, minutes: 5, outDir, seed: 6, validationSize: 4, model: tiny } as const;
    await trainModel({ ...common, maxInstances: 4, recipe: { ...recipe, learningRate: 1e-4 } });
    const run = await trainModel({ ...common, fromDir: outDir, maxInstances: 8, recipe: { ...recipe, learningRate: 5e-5 } });
    expect(run.card.recipe.learningRate).toBe(5e-5);
    expect(run.card.recipe.after).toBe('pomo-mean (lr 0.0001) to 4 instances');
    expect((await loadOptimizerState(outDir))?.learningRate).toBe(5e-5);
  });
});
