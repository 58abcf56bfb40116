import * as tf from '@tensorflow/tfjs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { trainModel } from '../../../src/main/jampr/train/train.js';
import { createRng } from '../../../src/main/vrp/rng.js';
import { tinyInstance } from './fixtures.js';

const tiny = { embedDim: 16, encoderLayers: 2, encoderHeads: 2, feedForwardDim: 32, decoderDim: 16, decoderHeads: 2 };

describe("a short run's first training step", () => {
  beforeAll(async () => {
    await tf.setBackend('cpu');
  });

  it('is taken on a few instances where little time is left, so that a step longer than the run cannot overrun it', async () => {
    const rng = createRng(9);
    const days = Array.from({ length: 3 }, () => tinyInstance(5, rng));
    const budgetSec = 3;
    // Timed from the run's first words (it measures the model it starts from), when its own clock has just started: the
    // setting up before it (loading TensorFlow.js, building the model) is no part of its minutes and, on a machine busy
    // with other work, took seconds of its own.
    let started: number | null = null;
    // A step of 8 instances, each given to the classical expert for a second: 8 s, well over the 3 s the run has.
    const result = await trainModel({
      variant: 'tw1',
      size: 5,
      minutes: budgetSec / 60,
      instances: days,
      outDir: await mkdtemp(join(tmpdir(), 'jampr-first-step-')),
      seed: 1,
      validationSize: 4,
      model: tiny,
      threads: 1,
      recipe: { name: 'imitation', batchSize: 8, epochSize: 64, expertSeconds: 1 },
      onPhase: () => {
        started ??= performance.now();
      },
    });
    expect(started).not.toBeNull();
    const wallSec = (performance.now() - started!) / 1000;
    // Within its minutes, but for the saving after it stops (the whole step of 8 instances ran it to about 9.5 s).
    expect(wallSec).toBeLessThan(budgetSec + 1.5);
    expect(result.stoppedBy).toBe('time');
    // It still learnt from the days: on fewer instances, not none.
    expect(result.instancesThisRun).toBeGreaterThan(0);
    expect(result.instancesThisRun).toBeLessThan(8);
  }, 30_000);
});
