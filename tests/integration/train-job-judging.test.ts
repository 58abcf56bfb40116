import { cpSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeVariant } from '../../src/shared/domain.js';
import { loadCheckpoint } from '../../src/main/jampr/checkpoint.js';
import { heldOutPlanCosts } from '../../src/main/jampr/train/plan-validation.js';
import { trainModel } from '../../src/main/jampr/train/train.js';
import type { TrainJobProgress } from '../../src/main/jobs/protocol.js';
import { runTrainJob } from '../../src/main/jobs/train.js';
import { meanCost } from '../../src/shared/holdout.js';
import { MIN_TRAINING_MINUTES } from '../../src/shared/limits.js';
import { createRng } from '../../src/main/vrp/rng.js';
import { saveTinyModel, tinyInstance } from '../unit/jampr/fixtures.js';

describe('judging a retrained model on the held-out days', () => {
  /**
   * One run to its end, fine-tuning the tiny model on two days and holding out two, read by the two checks below (the
   * judging and the learning curve). A quarter minute: a few steps of 6 customers, as many as either needs.
   */
  async function runToEnd() {
    const root = await mkdtemp(join(tmpdir(), 'jampr-judging-'));
    const current = await saveTinyModel(root, 'jampr', 'tw1', 6);
    const rng = createRng(7);
    const days = Array.from({ length: 4 }, () => tinyInstance(6, rng));
    const phases: string[] = [];
    const points: NonNullable<TrainJobProgress['point']>[] = [];
    const job = {
      variant: 'tw1' as const,
      size: 6,
      minutes: 0.25,
      instances: days.slice(0, 2),
      fromDir: current,
      holdout: days.slice(2),
      compareDir: current,
      outDir: join(root, 'new'),
      name: 'once',
      seed: 5,
      threads: 1,
    };
    const result = await runTrainJob(job, {
      signal: new AbortController().signal,
      onProgress: ({ phase, point }) => {
        if (phase) phases.push(phase);
        if (point) points.push(point);
      },
    });
    return { root, current, job, result, phases, points };
  }
  let run: Awaited<ReturnType<typeof runToEnd>>;
  beforeAll(async () => {
    run = await runToEnd();
  }, 120_000);

  it("plans the held-out days once: the run's first and last validation are the comparison's plans of them", async () => {
    const { root, current, job, result, phases } = run;
    expect(result.cancelled).toBe(false);
    // Nothing is left to plan after the run's minutes: the comparison was made by the run's own validations.
    expect(phases.filter((p) => p.startsWith('comparing'))).toEqual([]);
    // And they are the plans the comparison would make (the plan job's, priced in the days' own units), day by day.
    const again = await runTrainJob({ ...job, outDir: join(root, 'unused'), compareDir: copyOf(current, root) }, stopAtFirstStep());
    expect(again.comparison?.currentCosts).toEqual(result.comparison?.currentCosts);
    expect(again.comparison?.currentUnservedByDay).toEqual(result.comparison?.currentUnservedByDay);
    const { policy, card } = await loadCheckpoint(job.outDir);
    const saved = heldOutPlanCosts(policy, card.env.mPre, job.holdout, makeVariant('tw1'));
    policy.dispose();
    expect(result.comparison?.newCosts).toEqual([...saved.costs]);
    expect(result.comparison?.newUnservedByDay).toEqual(saved.unservedByDay);
  }, 120_000);

  it("draws the learning curve as the verdict measures: its last point is the saved model's mean plan cost of the held-out days", async () => {
    // The same run to its end: the trainer validates once more on the weights it saves last.
    const { job, result, points } = run;
    expect(result.cancelled).toBe(false);
    const validated = points.filter((p) => p.validationCost !== null);
    const [first, last] = [validated[0], validated.at(-1)!];
    const comparison = result.comparison!;
    // The same figures as the verdict's, in the days' own units: the start is the model the run started from (the one
    // compared with), the end the model it saved; the customers left unserved are counted apart, as the verdict counts them.
    expect(first.validationCost).toBeCloseTo(meanCost(comparison.currentCosts!), 3);
    expect(first.validationUnserved).toBe(comparison.currentUnserved);
    expect(last.validationCost).toBeCloseTo(meanCost(comparison.newCosts), 3);
    expect(last.validationUnserved).toBe(comparison.newUnserved);
    expect(last.instancesSeen).toBe(points.at(-1)!.instancesSeen);
    // The points say how many training steps the run took.
    expect(last.steps).toBeGreaterThan(0);
    expect(points[0].steps).toBe(0);
    // The card says its curve is in plan costs, for the Models table.
    const { card } = await loadCheckpoint(job.outDir);
    expect(card.validation.measure).toBe('plans');
  });

  it('measures the model it starts from as the plan job plans it, where training adds the features it lacks (zero weights)', async () => {
    const root = await mkdtemp(join(tmpdir(), 'jampr-judging-'));
    // An older model: no fleet or service feature, no pair bias. Training adds them with zero weight (train/setup.ts).
    const old = await saveTinyModel(root, 'jampr', 'tw1', 6, 3, { fleetFeature: false, serviceFeature: false, pairBias: false });
    const rng = createRng(12);
    const days = Array.from({ length: 7 }, () => tinyInstance(6, rng, true));
    const result = await runTrainJob(
      {
        variant: 'tw1',
        size: 6,
        minutes: MIN_TRAINING_MINUTES,
        instances: days.slice(0, 3),
        fromDir: old,
        holdout: days.slice(3),
        compareDir: copyOf(old, root),
        outDir: join(root, 'new'),
        name: 'upgraded',
        seed: 1,
        threads: 1,
      },
      stopAtFirstStep(),
    );
    // The start point is the upgraded model's plans; the comparison's current plans are the plan job's of the old folder.
    const { policy, card } = await loadCheckpoint(old, { kind: 'jampr', fleetFeature: true, serviceFeature: true, pairBias: true });
    const upgraded = heldOutPlanCosts(policy, card.env.mPre, days.slice(3), makeVariant('tw1'));
    policy.dispose();
    expect(result.comparison?.currentCosts).toEqual([...upgraded.costs]);
    expect(result.comparison?.currentUnservedByDay).toEqual(upgraded.unservedByDay);
  }, 120_000);

  it("keeps the curve's points between its first and last within their share of the run: it trains rather than validate at every epoch", async () => {
    const root = await mkdtemp(join(tmpdir(), 'jampr-judging-'));
    const from = await saveTinyModel(root, 'jampr', 'tw1', 6);
    const rng = createRng(3);
    // Epochs of one small step, and many validation days: a point at every epoch's end would be most of the run.
    const days = Array.from({ length: 40 }, () => tinyInstance(6, rng));
    const outDir = join(root, 'new');
    let epochs = 0;
    // A count of epochs, not a quarter minute: how many epochs fit in a time depends on how busy the machine is (7 where
    // files ran two at once on two cores). The minutes only bound the run; the instances end it, 24 epochs of 2.
    const result = await trainModel({
      variant: 'tw1',
      size: 6,
      minutes: 10,
      maxInstances: 48,
      fromDir: from,
      instances: days.slice(0, 4),
      validationDays: days.slice(4),
      outDir,
      seed: 2,
      recipe: { name: 'pomo-mean', batchSize: 2, epochSize: 2, samplesPerInstance: 2 },
      onProgress: (p) => {
        epochs = p.epoch;
      },
    });
    const curve = result.card.validation.curve;
    // The first and the last point, and few between: far fewer than the epochs run.
    expect(result.stoppedBy).toBe('instances');
    expect(epochs).toBe(24);
    expect(curve.length).toBeLessThan(epochs / 2);
    expect(curve.at(-1)?.instances).toBe(result.card.instancesTrained);
  }, 120_000);
});

/** The same model in another folder: compared with, it is planned by the plan job rather than taken from the run. */
function copyOf(dir: string, root: string): string {
  const copy = join(root, `copy-${Math.random().toString(36).slice(2)}`);
  cpSync(dir, copy, { recursive: true });
  return copy;
}

/** A train job's context that cancels the run once it has taken a step (the app still compares its model). */
function stopAtFirstStep() {
  const controller = new AbortController();
  return {
    signal: controller.signal,
    onProgress: ({ point }: { point?: { meanCost: number | null } }) => {
      if (point?.meanCost != null) controller.abort();
    },
  };
}
