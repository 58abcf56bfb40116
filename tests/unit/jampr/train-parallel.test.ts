import * as tf from '@tensorflow/tfjs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectBackend } from '../../../src/main/jampr/backend/backend.js';
import { loadOptimizerState } from '../../../src/main/jampr/checkpoint.js';
import { jamprEnvConfig } from '../../../src/main/jampr/env/config.js';
import { Policy } from '../../../src/main/jampr/model/policy.js';
import { Adam } from '../../../src/main/jampr/train/adam.js';
import { sampleMeanBaseline } from '../../../src/main/jampr/train/baseline.js';
import { combineNormState, rebaseNormState } from '../../../src/main/jampr/train/norm-moments.js';
import { concurrentBatches, createStepper, splitEvenly, type ThreadOutcome } from '../../../src/main/jampr/train/parallel-step.js';
import { resolveRecipe } from '../../../src/main/jampr/train/recipe.js';
import { reinforceStep } from '../../../src/main/jampr/train/reinforce.js';
import { computeShard, rowStreams } from '../../../src/main/jampr/train/shard.js';
import { trainModel } from '../../../src/main/jampr/train/train.js';
import { applyGradients } from '../../../src/main/jampr/train/update.js';
import { createRng } from '../../../src/main/vrp/rng.js';
import { makeVariant } from '../../../src/shared/domain.js';
import { tinyModelConfig, tinyProblems } from './fixtures.js';

const tiny = { embedDim: 16, encoderLayers: 2, encoderHeads: 2, feedForwardDim: 32, decoderDim: 16, decoderHeads: 2 };
const stepper = createStepper(2);

beforeAll(async () => {
  // The same kernels as the worker threads use.
  await selectBackend({ log: () => {} });
});
afterAll(() => stepper.close());

const valuesOf = (policy: Policy) => new Map(policy.params.all().map(([name, v]) => [name, Float32Array.from(v.dataSync())]));
const maxDifference = (a: Float32Array, b: Float32Array) => a.reduce((m, x, i) => Math.max(m, Math.abs(x - b[i])), 0);
const adamFor = (policy: Policy) => new Adam(policy.params.trainable, { learningRate: 1e-3, beta1: 0.9, beta2: 0.999, epsilon: 1e-8 });

const P = 3;
const recipe = resolveRecipe({ name: 'pomo-mean', samplesPerInstance: P, batchSize: 4, learningRate: 1e-3 });
const env = jamprEnvConfig(makeVariant('tw1'), 6);
const settings = (frozenNorm: boolean) => ({ env, samplesPerInstance: P, augment: true, costScale: 0.01, maxGradNorm: 1, frozenNorm });

/** The gradient a training thread computes for a batch at the policy's current weights, without applying it. */
function gradientOf(policy: Policy, problems: ReturnType<typeof tinyProblems>, stepSeed: number, frozenNorm: boolean) {
  return computeShard(policy, {
    problems,
    work: { kind: 'reinforce', settings: settings(frozenNorm), baseline: { kind: 'sample-mean' }, stepSeed },
  });
}

describe('training on two threads', () => {
  it('takes the same step as one thread when one batch is in flight: same costs, weights and BatchNorm statistics', async () => {
    for (const frozenNorm of [true, false]) {
      const problems = tinyProblems(6, 4, 5, true);
      const [one, two] = [new Policy(tinyModelConfig(), 3), new Policy(tinyModelConfig(), 3)];
      const [oneAdam, twoAdam] = [adamFor(one), adamFor(two)];
      // The stepper draws the batch's seed from the trainer's generator; the reference samples from the same streams.
      const stepSeed = createRng(9).int(0, 2 ** 31);
      const reference = reinforceStep(
        one,
        oneAdam,
        settings(frozenNorm),
        problems,
        createRng(stepSeed),
        (c) => sampleMeanBaseline(c, P),
        rowStreams(stepSeed, problems.length * P),
      );
      const context = { policy: two, adam: twoAdam, env, baseline: null, epoch: 0, frozenNorm };
      expect(await stepper.step(recipe, context, problems, createRng(9))).toEqual([]); // sent, not finished
      const [outcome, ...more] = (await stepper.flush()) as ThreadOutcome[];
      expect(more).toEqual([]);
      // Computed by a worker thread, not here, on the weights as they were.
      expect(outcome.threadId).not.toBe(threadId);
      expect(outcome.stale).toBe(0);
      expect(outcome.meanCost).toBe(reference.meanCost);
      expect(outcome.loss).toBeCloseTo(reference.loss, 6);
      expect(Math.abs(outcome.gradNorm - reference.gradNorm)).toBeLessThan(1e-5 * reference.gradNorm);
      const [a, b] = [valuesOf(one), valuesOf(two)];
      for (const [name, w] of a) expect(maxDifference(w, b.get(name) as Float32Array), name).toBeLessThan(1e-5);
      if (!frozenNorm) expect(a.get('encoder/1/bn2/movingVariance')?.some((v) => v !== 1)).toBe(true);
      for (const d of [oneAdam, twoAdam, one, two]) d.dispose();
    }
  });

  it('with two batches in flight applies each gradient as it comes back, the later one taken at the earlier weights', async () => {
    const batches = [tinyProblems(6, 4, 5, true), tinyProblems(6, 4, 6, true)];
    const [reference, async] = [new Policy(tinyModelConfig(), 3), new Policy(tinyModelConfig(), 3)];
    const [referenceAdam, asyncAdam] = [adamFor(reference), adamFor(async)];
    const rng = createRng(11);
    const seeds = [rng.int(0, 2 ** 31), rng.int(0, 2 ** 31)];
    // Reference: both gradients at the starting weights and statistics, then two updates in the order the threads answered.
    const stateOf = () => new Map([...reference.params.state].map(([name, v]) => [name, Float32Array.from(v.dataSync() as Float32Array)]));
    const restore = (state: Map<string, Float32Array>) => {
      for (const [name, data] of state) reference.params.state.get(name)?.assign(tf.tensor(data));
    };
    const atStart = stateOf();
    const grads = batches.map((problems, k) => {
      restore(atStart);
      return gradientOf(reference, problems, seeds[k], false);
    });
    restore(atStart);
    const context = { policy: async, adam: asyncAdam, env, baseline: null, epoch: 0, frozenNorm: false };
    const steps = createRng(11);
    const finished = [
      ...(await stepper.step(recipe, context, batches[0], steps)),
      ...(await stepper.step(recipe, context, batches[1], steps)),
      ...(await stepper.flush()),
    ] as ThreadOutcome[];
    expect(finished.map((o) => o.stale).sort()).toEqual([0, 1]);
    expect(new Set(finished.map((o) => o.threadId)).size).toBe(2);
    const order = finished.map((o) => grads.findIndex((g) => g.meanCost === o.meanCost));
    expect([...order].sort()).toEqual([0, 1]);
    for (const k of order) {
      applyGradients(reference, referenceAdam, new Map(grads[k].grads ?? []), 1);
      restore(rebaseNormState(stateOf(), atStart, new Map(grads[k].state)));
    }
    const [a, b] = [valuesOf(reference), valuesOf(async)];
    for (const [name, w] of a) expect(maxDifference(w, b.get(name) as Float32Array), name).toBeLessThan(1e-5);
    expect(asyncAdam.step).toBe(2);
    for (const d of [referenceAdam, asyncAdam, reference, async]) d.dispose();
  });

  it('takes an imitation step with the batch split over the threads, at once: one update, nothing left in flight', async () => {
    const problems = tinyProblems(6, 4, 7, true);
    const policy = new Policy(tinyModelConfig(), 3);
    const adam = adamFor(policy);
    const before = valuesOf(policy);
    const imitation = resolveRecipe({ name: 'imitation', batchSize: 4, expertSeconds: 0.02 });
    const context = { policy, adam, env, baseline: null, epoch: 0, frozenNorm: true };
    const [outcome, ...more] = await stepper.step(imitation, context, problems, createRng(3));
    expect(more).toEqual([]);
    expect(Number.isFinite(outcome.meanCost)).toBe(true);
    expect(await stepper.flush()).toEqual([]);
    expect(adam.step).toBe(1);
    const after = valuesOf(policy);
    expect([...before].some(([name, w]) => maxDifference(w, after.get(name) as Float32Array) > 0)).toBe(true);
    adam.dispose();
    policy.dispose();
  });

  it('takes a self-imitation step with the batch split over the threads: one update, each row judged against its greedy plan', async () => {
    const problems = tinyProblems(6, 4, 8, true);
    const policy = new Policy(tinyModelConfig(), 5);
    const adam = adamFor(policy);
    const before = valuesOf(policy);
    const selfImitation = resolveRecipe({ name: 'self-imitation', batchSize: 4, samplesPerInstance: 8 });
    const context = { policy, adam, env, baseline: null, epoch: 0, frozenNorm: true };
    const [outcome, ...more] = await stepper.step(selfImitation, context, problems, createRng(4));
    expect(more).toEqual([]);
    // The imitated plans are the best of greedy and samples: never dearer than the greedy ones.
    expect(outcome.meanCost).toBeLessThanOrEqual(outcome.baselineCost);
    expect(adam.step).toBe(1);
    const after = valuesOf(policy);
    expect([...before].some(([name, w]) => maxDifference(w, after.get(name) as Float32Array) > 0)).toBe(true);
    adam.dispose();
    policy.dispose();
  });

  it('pools BatchNorm moments of shards into the moments of all their rows', () => {
    // Two shards of one feature: rows [1, 2, 3] and [10, 20]; the whole batch's mean is 7.2, unbiased variance 62.7.
    const update = (rows: number[], old: [number, number]) => {
      const m = rows.reduce((a, x) => a + x, 0) / rows.length;
      const v = rows.reduce((a, x) => a + (x - m) ** 2, 0) / (rows.length - 1);
      return new Map([
        ['bn/movingMean', Float32Array.of(0.9 * old[0] + 0.1 * m)],
        ['bn/movingVariance', Float32Array.of(0.9 * old[1] + 0.1 * v)],
      ]);
    };
    const old: [number, number] = [0.5, 2];
    const before = new Map([
      ['bn/movingMean', Float32Array.of(old[0])],
      ['bn/movingVariance', Float32Array.of(old[1])],
    ]);
    const pooled = combineNormState(before, [
      { state: update([1, 2, 3], old), rows: 3 },
      { state: update([10, 20], old), rows: 2 },
    ]);
    const whole = update([1, 2, 3, 10, 20], old);
    expect(pooled.get('bn/movingMean')?.[0]).toBeCloseTo(whole.get('bn/movingMean')?.[0] ?? NaN, 4);
    expect(pooled.get('bn/movingVariance')?.[0]).toBeCloseTo(whole.get('bn/movingVariance')?.[0] ?? NaN, 4);
  });

  it('trains whole batches side by side only while their tapes fit in memory', () => {
    const GB = 2 ** 30;
    // pomo-mean 8 × 8: N=20 fits twice anywhere; N=50 twice with 24 GB, once with 8 GB; 150 stops once even with 24 GB.
    expect(concurrentBatches(2, 64, 21, 8 * GB)).toBe(2);
    expect(concurrentBatches(2, 64, 51, 24 * GB)).toBe(2);
    expect(concurrentBatches(2, 64, 51, 8 * GB)).toBe(1);
    expect(concurrentBatches(2, 64, 151, 24 * GB)).toBe(1);
    expect(concurrentBatches(16, 64, 21, 24 * GB)).toBe(16);
  });

  it('splits a batch into near-equal shards of whole instances, never an empty one', () => {
    expect(splitEvenly(8, 2)).toEqual([
      [0, 4],
      [4, 8],
    ]);
    expect(splitEvenly(5, 2)).toEqual([
      [0, 2],
      [2, 5],
    ]);
    expect(splitEvenly(1, 2)).toEqual([[0, 1]]);
  });

  it("applies a late batch's BatchNorm moments to the statistics as they are now", () => {
    // Moving averages with momentum 0.1: a batch of moment 7 sent at 2, the statistics moved to 3 meanwhile.
    const name = 'bn/movingMean';
    const after = new Map([[name, Float32Array.of(0.9 * 2 + 0.1 * 7)]]);
    const rebased = rebaseNormState(new Map([[name, Float32Array.of(3)]]), new Map([[name, Float32Array.of(2)]]), after);
    expect(rebased.get(name)?.[0]).toBeCloseTo(0.9 * 3 + 0.1 * 7, 5);
    // Nothing moved meanwhile: the thread's statistics as they are.
    expect(rebaseNormState(new Map([[name, Float32Array.of(2)]]), new Map([[name, Float32Array.of(2)]]), after).get(name)).toEqual(
      after.get(name),
    );
  });

  it('learns on two threads as on one: a short N=5 run lowers the validation cost alike, checkpoints and resumes', async () => {
    const run = async (threads: number, maxInstances: number, fromDir?: string, outDir?: string) => {
      const dir = outDir ?? (await mkdtemp(join(tmpdir(), `jampr-train-${threads}-`)));
      const result = await trainModel({
        variant: 'tw1',
        size: 5,
        minutes: 5,
        maxInstances,
        outDir: dir,
        fromDir,
        seed: 2,
        validationSize: 48,
        model: tiny,
        recipe: { name: 'pomo-mean', batchSize: 8, epochSize: 32, samplesPerInstance: 6, learningRate: 2e-3 },
        threads,
      });
      return { ...result, dir };
    };
    const single = await run(1, 192);
    const double = await run(2, 192);
    const start = single.card.validation.curve[0].cost;
    expect(double.card.validation.curve[0].cost).toBe(start);
    const oneEnd = single.card.validation.curve.at(-1)?.cost ?? NaN;
    const twoEnd = double.card.validation.curve.at(-1)?.cost ?? NaN;
    expect(oneEnd).toBeLessThan(0.85 * start);
    expect(twoEnd).toBeLessThan(0.85 * start);
    // Whole-batch REINFORCE on two threads applies each gradient one step stale, in an order the threads' timing
    // decides, so its end point varies from run to run: over 11 runs on the 2-core machine it lay between 5.7 % below
    // and 8.5 % above the one-thread run's, in units of the start cost (docs/model.md, "Threads").
    expect(Math.abs(twoEnd - oneEnd)).toBeLessThan(0.15 * start);
    expect(double.card.instancesTrained).toBe(192);
    expect((await loadOptimizerState(double.dir))?.step).toBe(24);
    const resumed = await run(2, 200, double.dir, double.dir);
    expect(resumed.card.instancesTrained).toBe(200);
    expect(resumed.card.validation.curve.length).toBe(double.card.validation.curve.length + 1);
    // A card whose last validation cost today's code does not reproduce (measured by another version): the curve
    // restarts where the run starts, and the card says so.
    const cardFile = join(double.dir, 'card.json');
    const card = JSON.parse(await readFile(cardFile, 'utf8'));
    card.validation.curve.at(-1).cost *= 1.1;
    await writeFile(cardFile, JSON.stringify(card));
    const restarted = await run(1, 208, double.dir, double.dir);
    expect(restarted.card.validation.curve.map((p) => p.instances)).toEqual([200, 208]);
    expect(restarted.card.notes).toMatch(/validation curve restarted at 200 instances: its last cost [\d.]+ is [\d.]+ today\./);
  });

  it('runs the rollout and imitation recipes on two threads, and stops when cancelled', async () => {
    const common = { variant: 'tw1' as const, size: 5, minutes: 5, seed: 4, validationSize: 8, model: tiny, threads: 2 };
    const rollout = await trainModel({
      ...common,
      outDir: await mkdtemp(join(tmpdir(), 'jampr-rollout-2-')),
      maxInstances: 16,
      // Two epochs: the warm-up baseline, then the frozen policy's greedy costs.
      recipe: { name: 'rollout', batchSize: 4, epochSize: 8, evalSize: 4 },
    });
    expect(rollout.card.instancesTrained).toBe(16);
    expect(rollout.card.validation.curve.every((p) => Number.isFinite(p.cost))).toBe(true);
    const imitationDir = await mkdtemp(join(tmpdir(), 'jampr-imitation-2-'));
    const imitation = await trainModel({
      ...common,
      outDir: imitationDir,
      maxInstances: 8,
      recipe: { name: 'imitation', batchSize: 4, epochSize: 8, expertSeconds: 0.02 },
    });
    expect(imitation.card.instancesTrained).toBe(8);
    // One Adam update per step of two instances per thread (unless no expert plan could be replayed).
    expect((await loadOptimizerState(imitationDir))?.step).toBe(2);
    const controller = new AbortController();
    const cancelled = await trainModel({
      ...common,
      outDir: await mkdtemp(join(tmpdir(), 'jampr-cancel-2-')),
      recipe: { name: 'pomo-mean', batchSize: 4, epochSize: 64, samplesPerInstance: 2 },
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    expect(cancelled.stoppedBy).toBe('cancelled');
    // Progress comes with the first finished batch; the batches then in flight finish before the run stops.
    expect(cancelled.card.instancesTrained % 4).toBe(0);
    expect(cancelled.card.instancesTrained).toBeLessThanOrEqual(4 * 3);
  });
});
