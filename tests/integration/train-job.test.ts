import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCheckpoint } from '../../src/main/jampr/checkpoint.js';
import type { TrainJobProgress } from '../../src/main/jobs/protocol.js';
import { runTrainJob } from '../../src/main/jobs/train.js';
import { readModelSummary } from '../../src/main/services/model-card.js';
import { meanCost } from '../../src/shared/holdout.js';
import { MIN_TRAINING_MINUTES } from '../../src/shared/limits.js';
import { createRng } from '../../src/main/vrp/rng.js';
import { saveTinyModel, tinyInstance } from '../unit/jampr/fixtures.js';

// The learning curve of a run left to its end is checked on the run train-job-judging.test.ts judges (one run, read twice).
describe('the train job', () => {
  it('fine-tunes a trained model (pair bias first, then imitation of the classical plans of the user days) and compares on the held-out ones', async () => {
    const root = await mkdtemp(join(tmpdir(), 'jampr-train-job-'));
    const current = await saveTinyModel(root, 'jampr', 'tw1', 6);
    const rng = createRng(4);
    const days = Array.from({ length: 5 }, () => tinyInstance(6, rng));
    const outDir = join(root, 'new');
    const points: NonNullable<TrainJobProgress['point']>[] = [];
    const phases: string[] = [];
    // The shortest run the app asks for (a shorter one is refused), stopped by the dispatcher's Cancel once it has taken a
    // step rather than left to its half minute: the app still compares a cancelled run's model on the held-out days.
    const cancel = new AbortController();
    const result = await runTrainJob(
      {
        variant: 'tw1',
        size: 6,
        minutes: MIN_TRAINING_MINUTES,
        instances: days.slice(0, 4),
        fromDir: current,
        holdout: days.slice(4),
        compareDir: current,
        outDir,
        name: 'fine-tuned',
        seed: 3,
      },
      {
        signal: cancel.signal,
        onProgress: ({ point, phase }) => {
          if (!point) phases.push(phase ?? '');
          else points.push(point);
          if (point?.meanCost != null) cancel.abort();
        },
      },
    );
    expect(result.cancelled).toBe(true);
    // The curve starts where the run started: the validation cost on the held-out day before any step.
    expect(points[0]).toMatchObject({ meanCost: null, baselineCost: null, validationCost: result.validation.start });
    expect(points[0].instancesSeen).toBeLessThan(points.at(-1)!.instancesSeen);
    const { policy, card } = await loadCheckpoint(outDir);
    // Before its first step the run fits the pair bias to the user's days (train/pair-search.ts).
    expect(policy.config.pairBias).toBe(true);
    expect(card.notes).toContain('pair bias fitted on 32 training instances');
    policy.dispose();
    expect(card.recipe.name).toBe('imitation');
    expect(card.recipe.after).toContain('pomo-mean');
    expect(card.instancesTrained).toBeGreaterThan(0);
    expect(result.comparison).toMatchObject({ days: 1 });
    // What trains no step is said, so the progress bar does not sit still through it.
    expect(phases.slice(0, 2)).toEqual([
      'measuring the model it starts from on the validation days',
      'fitting the pair bias on 32 perturbed copies of the days',
    ]);
    expect(phases.at(-1)).toBe('comparing the new model with the current one on 1 held-out day');
    expect(result.comparison?.currentCosts?.[0]).toBeGreaterThan(0);
  });

  it('says it fits the pair bias on generated days where no stored day was ticked: no day of the user is perturbed', async () => {
    const root = await mkdtemp(join(tmpdir(), 'jampr-train-job-'));
    const from = await saveTinyModel(root, 'jampr', 'tw1', 6);
    const phases: string[] = [];
    // Stopped as soon as the fit begins: what it says is all this asks.
    const cancel = new AbortController();
    await runTrainJob(
      {
        variant: 'tw1',
        size: 6,
        minutes: MIN_TRAINING_MINUTES,
        instances: [],
        fromDir: from,
        holdout: [],
        compareDir: null,
        outDir: join(root, 'new'),
        name: 'generated',
        seed: 3,
      },
      {
        signal: cancel.signal,
        onProgress: ({ phase }) => {
          if (phase === undefined) return;
          phases.push(phase);
          if (phase.startsWith('fitting the pair bias')) cancel.abort();
        },
      },
    );
    expect(phases).toContain('fitting the pair bias on 32 generated days');
    expect(phases.join(' | ')).not.toMatch(/perturbed/);
  });

  it('validates on the held-out days as the planners take them: without their orders bigger than a vehicle', async () => {
    const root = await mkdtemp(join(tmpdir(), 'jampr-train-job-'));
    const from = await saveTinyModel(root, 'jampr', 'tw1', 6);
    const rng = createRng(4);
    const days = Array.from({ length: 3 }, () => tinyInstance(6, rng));
    const day = days[2];
    // One order bigger than a vehicle: every plan leaves it out, and the held-out day's own plans are made without it.
    const oversize = { ...day, customers: [...day.customers, { ...day.customers[0], id: 'big', demand: day.capacity * 2 }] };
    /** The validation cost before the first step of a run holding out `held` (stopped as soon as it is measured). */
    const startCost = async (held: typeof day) => {
      const controller = new AbortController();
      const result = await runTrainJob(
        {
          variant: 'tw1',
          size: 6,
          minutes: 1,
          instances: days.slice(0, 2),
          fromDir: from,
          holdout: [held],
          compareDir: null,
          outDir: join(root, 'new'),
          name: 'new',
          seed: 3,
          threads: 1,
        },
        { signal: controller.signal, onProgress: ({ point }) => point && controller.abort() },
      );
      return result.validation.start;
    };
    const withOrder = await startCost(oversize);
    expect(withOrder).toBeGreaterThan(0);
    expect(withOrder).toBe(await startCost(day));
  });

  it("ends a cancelled run's curve on its verdict's figure: the saved model's plans of the held-out days, measured once", async () => {
    const root = await mkdtemp(join(tmpdir(), 'jampr-train-job-'));
    const rng = createRng(9);
    const days = Array.from({ length: 4 }, () => tinyInstance(6, rng));
    const outDir = join(root, 'cancel-run');
    const points: NonNullable<TrainJobProgress['point']>[] = [];
    const cancel = new AbortController();
    // Cancelled once it has taken a step, as the dispatcher does after "1 training step": saved without a last validation.
    const result = await runTrainJob(
      {
        variant: 'tw1',
        size: 6,
        minutes: MIN_TRAINING_MINUTES,
        instances: days.slice(0, 2),
        fromDir: null,
        holdout: days.slice(2),
        compareDir: null,
        outDir,
        name: 'cancel-run',
        seed: 2,
        threads: 1,
      },
      {
        signal: cancel.signal,
        onProgress: ({ point }) => {
          if (!point) return;
          points.push(point);
          if (point.meanCost !== null) cancel.abort();
        },
      },
    );
    expect(result.cancelled).toBe(true);
    const comparison = result.comparison!;
    const { card } = await loadCheckpoint(outDir);
    const last = card.validation.curve.at(-1)!;
    // The card's curve ends on the saved model with the verdict's figures, and the Models table shows that figure.
    expect(last.instances).toBe(card.instancesTrained);
    expect(last.cost).toBeCloseTo(meanCost(comparison.newCosts), 3);
    expect(last.unserved).toBe(comparison.newUnserved);
    expect(readModelSummary(outDir).validationCost).toBe(last.cost);
    expect(card.notes).not.toContain('not validated after the stop');
    expect(card.notes).toContain("validated after the stop by its verdict's plans of the held-out days");
    // The live curve gets it as its last validation point, at the instances the model saw.
    const validated = points.filter((p) => p.validationCost !== null);
    expect(validated.at(-1)).toMatchObject({ instancesSeen: card.instancesTrained, validationCost: last.cost });
    expect(validated.at(-1)!.validationUnserved).toBe(comparison.newUnserved);
    expect(points.at(-1)).toBe(validated.at(-1));
    expect(result.validation.end).toBe(last.cost);
  }, 120_000);

  it('does not judge a run that took no training step: its model is the one it started from, and is not kept', async () => {
    const root = await mkdtemp(join(tmpdir(), 'jampr-train-job-'));
    const current = await saveTinyModel(root, 'jampr', 'tw1', 6);
    const rng = createRng(11);
    const days = Array.from({ length: 4 }, () => tinyInstance(6, rng));
    const phases: string[] = [];
    // Well under a millisecond: measuring the start model outlasts it, so no step fits (its closing validation would not).
    const result = await runTrainJob(
      {
        variant: 'tw1',
        size: 6,
        minutes: 1e-6,
        instances: days.slice(0, 2),
        fromDir: current,
        holdout: days.slice(2),
        compareDir: current,
        outDir: join(root, 'no-step'),
        name: 'no-step',
        seed: 3,
        threads: 1,
      },
      { signal: new AbortController().signal, onProgress: ({ phase }) => phase && phases.push(phase) },
    );
    expect(result.cancelled).toBe(false);
    expect((await loadCheckpoint(current)).card.instancesTrained).toBe((await loadCheckpoint(join(root, 'no-step'))).card.instancesTrained);
    // Nothing to judge: neither planned nor compared (the service and jampr train then keep no model).
    expect(result.comparison).toBeNull();
    expect(phases.filter((p) => p.startsWith('comparing'))).toEqual([]);
  }, 120_000);
});
