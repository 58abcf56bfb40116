/**
 * A retraining fits its pair bias within its share of the minutes only (pair-search.ts): where measuring the model it
 * starts from has spent that share, the fit is not begun, and the card's notes say so as they say a fit's outcome.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCheckpoint } from '../../../src/main/jampr/checkpoint.js';
import { trainModel } from '../../../src/main/jampr/train/train.js';
import { createRng } from '../../../src/main/vrp/rng.js';
import { saveTinyModel, tinyInstance } from './fixtures.js';

describe("the pair bias's share of a retraining", () => {
  beforeAll(async () => {
    await tf.setBackend('cpu');
  });

  it('is not begun where its share is spent before it, and the card says so; within its share it is fitted', async () => {
    const root = await mkdtemp(join(tmpdir(), 'jampr-pair-share-'));
    const from = await saveTinyModel(root, 'jampr', 'tw1', 5);
    const rng = createRng(6);
    const days = Array.from({ length: 3 }, () => tinyInstance(5, rng));
    const run = (share: number, outDir: string) =>
      trainModel({
        variant: 'tw1',
        size: 5,
        minutes: 0.5,
        fromDir: from,
        instances: days,
        outDir: join(root, outDir),
        seed: 1,
        validationSize: 8,
        recipe: { name: 'pomo-mean', batchSize: 4, epochSize: 64, samplesPerInstance: 2 },
        maxInstances: 4,
        pairSearch: { instances: 4, evaluations: 11, share },
      });
    // A share of none: spent before the fit could begin, as a run's measuring outlasts a half minute's 9 s on big days.
    const skipped = await run(0, 'skipped');
    expect(skipped.notes).toContain(
      'pair bias not fitted: its share of the run (0 % of 0.5 min) was spent before its first greedy pass ended; the model keeps the one it started with',
    );
    expect(skipped.notes.join(' ')).not.toMatch(/pair bias fitted/);
    const { policy, card } = await loadCheckpoint(join(root, 'skipped'));
    expect(card.notes).toMatch(/pair bias not fitted: /);
    policy.dispose();
    // The whole run for it: its generation of ten passes is made, and its outcome said.
    const fitted = await run(0.9, 'fitted');
    expect(fitted.notes.join(' ')).toMatch(/pair bias fitted on 4 training instances: \[/);
  }, 60_000);
});
