import * as tf from '@tensorflow/tfjs';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCheckpoint } from '../../../src/main/jampr/checkpoint.js';
import { PROBE_BELOW_SEC, stepBatch } from '../../../src/main/jampr/train/budget.js';
import { trainModel } from '../../../src/main/jampr/train/train.js';
import type { TrainModelOptions } from '../../../src/main/jampr/train/train-options.js';
import { createRng, type Rng } from '../../../src/main/vrp/rng.js';
import { buildProblem } from '../../../src/main/vrp/validate.js';
import { saveTinyModel, tinyInstance } from './fixtures.js';

const tiny = { embedDim: 16, encoderLayers: 2, encoderHeads: 2, feedForwardDim: 32, decoderDim: 16, decoderHeads: 2 };
const recipe = { name: 'pomo-mean' as const, batchSize: 4, epochSize: 64, samplesPerInstance: 2 };

/** How a run ends when it is stopped early, and what its card then says. */
describe('a training run stopped early', () => {
  beforeAll(async () => {
    await tf.setBackend('cpu');
  });

  it('writes nothing when cancelled while it measures the model it starts from or fits its pair bias', async () => {
    const root = await mkdtemp(join(tmpdir(), 'jampr-stop-ready-'));
    const from = await saveTinyModel(root, 'jampr', 'tw1', 5);
    const rng = createRng(6);
    const days = Array.from({ length: 3 }, () => tinyInstance(5, rng));
    for (const phase of ['measuring', 'fitting']) {
      const controller = new AbortController();
      const phases: string[] = [];
      const outDir = join(root, `stopped-${phase}`);
      const result = await trainModel({
        variant: 'tw1',
        size: 5,
        minutes: 5,
        fromDir: from,
        instances: days,
        outDir,
        seed: 1,
        validationSize: 16,
        recipe,
        // Many passes: only a cancel ends the fit before the minutes do.
        pairSearch: { instances: 8, evaluations: 1000, share: 0.9 },
        signal: controller.signal,
        onPhase: ({ label }) => {
          phases.push(label);
          if (label.startsWith(phase)) controller.abort();
        },
        onProgress: () => {
          throw new Error('no step may be taken');
        },
      });
      expect(result).toMatchObject({ stoppedBy: 'cancelled', saved: false, stoppedEarly: null, instancesThisRun: 0 });
      // The measurement and the fit stopped at once: no generation of the fit was reported after the cancel.
      expect(phases.at(-1)).toMatch(new RegExp(`^${phase}`));
      expect(phases.filter((label) => label.startsWith(phase))).toHaveLength(1);
      expect(existsSync(outDir)).toBe(false);
    }
  });

  /** A tiny run of `maxInstances` cancelled at its first progress report (after its first step). */
  async function cancelledAtFirstProgress(maxInstances: number) {
    const outDir = await mkdtemp(join(tmpdir(), 'jampr-stop-step-'));
    const controller = new AbortController();
    const result = await trainModel({
      variant: 'tw1',
      size: 5,
      minutes: 5,
      maxInstances,
      outDir,
      seed: 2,
      validationSize: 8,
      model: tiny,
      recipe,
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    return { outDir, result };
  }

  it('saves what it trained at once when cancelled after a step, and its card says when it stopped and how far it came', async () => {
    const { outDir, result } = await cancelledAtFirstProgress(64);
    expect(result).toMatchObject({ stoppedBy: 'cancelled', saved: true, instancesThisRun: 4 });
    // Not validated again after the stop: the curve ends where the run started, and the run's end cost is unknown.
    expect(result.validation.end).toBeNull();
    const { policy, card } = await loadCheckpoint(outDir);
    policy.dispose();
    expect(card.instancesTrained).toBe(4);
    expect(card.validation.curve.map((p) => p.instances)).toEqual([0]);
    expect(result.stoppedEarly).toMatch(
      /^training stopped early at \d{4}-\d\d-\d\dT[\d:.]+Z, \d+ s into the 5 minutes asked, after 4 instances in this run, of the 64 asked \(4 in all\); not validated after the stop: the curve ends at 0 instances$/,
    );
    expect(card.notes).toBe(`${result.stoppedEarly}.`);
  });

  it('saves what it trained when stopped during its closing validation (a Cancel or the app closing as the run ends)', async () => {
    // One step is all it asks for: the stop after it lands in the closing validation, which reads the signal.
    const { outDir, result } = await cancelledAtFirstProgress(4);
    expect(result).toMatchObject({ stoppedBy: 'cancelled', saved: true, instancesThisRun: 4 });
    expect(result.stoppedEarly).toMatch(/^training stopped early at .*, after 4 instances in this run, of the 4 asked/);
    const { policy, card } = await loadCheckpoint(outDir);
    policy.dispose();
    expect(card.instancesTrained).toBe(4);
  });

  /**
   * A tiny run of 4 instances (seed 3, validated on 8 generated ones; `notes` on its card) into a new folder, then a
   * run resumed from it to 8 instances on 2 stored days drawn by `rng`, validated as `validation` says.
   */
  async function resumedRun(folder: string, rng: Rng, validation: Partial<TrainModelOptions>, notes?: string) {
    const outDir = await mkdtemp(join(tmpdir(), folder));
    const first = await trainModel({
      variant: 'tw1',
      size: 5,
      minutes: 5,
      maxInstances: 4,
      outDir,
      seed: 3,
      validationSize: 8,
      model: tiny,
      recipe,
      notes,
    });
    const resumed = await trainModel({
      variant: 'tw1',
      size: 5,
      minutes: 5,
      maxInstances: 8,
      fromDir: outDir,
      outDir,
      instances: Array.from({ length: 2 }, () => tinyInstance(5, rng)),
      seed: 3,
      recipe,
      ...validation,
    });
    return { first, resumed };
  }

  it('restarts the curve with a note where a resumed run validates on other days, the earlier notes kept as history', async () => {
    const { first, resumed } = await resumedRun(
      'jampr-new-validation-',
      createRng(7),
      { validationSize: 6, pairSearch: { instances: 4, evaluations: 1, share: 0.9 } },
      // As the shipped cards' notes end: without a full stop.
      'validation set (8 generated tw1 N=5, seed 4321): classical 123.4',
    );
    const last = first.card.validation.curve.at(-1);
    expect(resumed.card.validation).toMatchObject({ instances: 6, seed: 4321 });
    expect(resumed.card.validation.curve.map((p) => p.instances)).toEqual([4, 8]);
    expect(resumed.card.notes).toBe(
      'validation curve restarted at 4 instances on a new set: greedy training cost (model frame) of 6 instances drawn ' +
        `(seed 4321) from 2 stored instance(s), perturbed, resized to N=5; the earlier curve (to 4 instances, last cost ${last?.cost}) ` +
        `was on another set and does not compare. ${resumed.notes[1]}. ` +
        'Before: validation set (8 generated tw1 N=5, seed 4321): classical 123.4',
    );
    expect(resumed.notes[1]).toMatch(/^pair bias fitted on 4 training instances: \[/);
  });

  it("says on the card that a curve restarted on held-out days measures their plans' cost, not the trainer's", async () => {
    const rng = createRng(9);
    // The held-out days first, the days it trains on after them.
    const days = Array.from({ length: 2 }, () => tinyInstance(5, rng));
    const { resumed } = await resumedRun('jampr-new-validation-days-', rng, {
      validationSet: days.map(buildProblem),
      validationLabel: 'held-out stored days',
      validationDays: days,
    });
    expect(resumed.card.validation.measure).toBe('plans');
    expect(resumed.card.notes).toMatch(
      /^validation curve restarted at 4 instances on a new set: mean cost of the model's JAMPR greedy plans, as the Plan view makes and prices them \(the days' own units\), of 2 held-out stored days; the earlier curve/,
    );
  });

  it('counts its first and last validation in the minutes asked: a step starts only where it and the last validation fit', () => {
    // 90 s asked; measuring the model took 20 s at the start, so the last validation takes about as long. Batches of 16.
    const batch = (elapsedSec: number, perInstanceSec: number | null, budgetSec = 90) =>
      stepBatch({ elapsedSec, perInstanceSec, closingSec: 20, budgetSec, batchSize: 16, probe: 2 });
    expect(batch(50, 18 / 16)).toBe(16);
    // A whole step would end at 86 s, the validation after it at 106 s: the step takes the instances that fit (2 s left).
    expect(batch(68, 18 / 16)).toBe(1);
    expect(batch(62, 18 / 16)).toBe(7);
    expect(batch(75, 0.5)).toBe(0);
    expect(batch(75, null)).toBe(0);
    // The first step, of a length not known yet: a probe of a few instances where little time is left, else whole.
    expect(batch(20, null)).toBe(2);
    expect(batch(20, null, 20 + 20 + PROBE_BELOW_SEC)).toBe(16);
  });
});
