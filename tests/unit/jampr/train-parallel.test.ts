import { mkdtemp } from 'node:fs/promises';
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
import { combineNormState } from '../../../src/main/jampr/train/norm-moments.js';
import { createStepper, type ParallelOutcome, splitEvenly } from '../../../src/main/jampr/train/parallel-step.js';
import { resolveRecipe } from '../../../src/main/jampr/train/recipe.js';
import { reinforceStep } from '../../../src/main/jampr/train/reinforce.js';
import { rowStreams } from '../../../src/main/jampr/train/shard.js';
import { trainModel } from '../../../src/main/jampr/train/train.js';
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

/** One pomo-mean step on the same batch: in this thread on the whole batch, and split over the two worker threads. */
async function bothWays(frozenNorm: boolean) {
  const P = 3;
  const recipe = resolveRecipe({ name: 'pomo-mean', samplesPerInstance: P, batchSize: 4, learningRate: 1e-3 });
  const env = jamprEnvConfig(makeVariant('tw1'), 6);
  const problems = tinyProblems(6, 4, 5, true);
  const one = new Policy(tinyModelConfig(), 3);
  const two = new Policy(tinyModelConfig(), 3);
  const oneAdam = new Adam(one.params.trainable, { learningRate: 1e-3, beta1: 0.9, beta2: 0.999, epsilon: 1e-8 });
  const twoAdam = new Adam(two.params.trainable, { learningRate: 1e-3, beta1: 0.9, beta2: 0.999, epsilon: 1e-8 });
  // The parallel step draws its seed from the trainer's generator; the reference samples each row from the same streams.
  const stepSeed = createRng(9).int(0, 2 ** 31);
  const settings = { env, samplesPerInstance: P, augment: true, costScale: 0.01, maxGradNorm: 1, frozenNorm };
  const reference = reinforceStep(
    one,
    oneAdam,
    settings,
    problems,
    createRng(stepSeed),
    (c) => sampleMeanBaseline(c, P),
    rowStreams(stepSeed, 0, problems.length * P),
  );
  const context = { policy: two, adam: twoAdam, env, baseline: null, epoch: 0, frozenNorm };
  const split = (await stepper.step(recipe, context, problems, createRng(9))) as ParallelOutcome;
  const moments = (adam: Adam) => new Map([...adam.state().moments].map(([k, t]) => [k, Float32Array.from(t.dataSync())]));
  const result = { reference, split, one: valuesOf(one), two: valuesOf(two), oneMoments: moments(oneAdam), twoMoments: moments(twoAdam) };
  for (const d of [oneAdam, twoAdam, one, two]) d.dispose();
  return result;
}

describe('training split over two threads', () => {
  it('takes the same step as one thread on the same batch: same costs, gradient and weights (BatchNorm frozen)', async () => {
    const { reference, split, one, two, oneMoments, twoMoments } = await bothWays(true);
    // Both halves were computed by worker threads, not here.
    expect(new Set(split.threadIds).size).toBe(2);
    expect(split.threadIds).not.toContain(threadId);
    // The same samples: identical plans, so identical costs.
    expect(split.meanCost).toBe(reference.meanCost);
    expect(split.baselineCost).toBeCloseTo(reference.baselineCost, 9);
    expect(split.loss).toBeCloseTo(reference.loss, 6);
    expect(Math.abs(split.gradNorm - reference.gradNorm)).toBeLessThan(1e-5 * reference.gradNorm);
    expect(reference.gradNorm).toBeGreaterThan(0);
    // Adam's first moment after one step is 0.1 × the (clipped) combined gradient.
    for (const [name, m] of oneMoments) {
      const scale = Math.max(...m.map(Math.abs), 1e-12);
      expect(maxDifference(m, twoMoments.get(name) as Float32Array) / scale, name).toBeLessThan(1e-4);
    }
    for (const [name, w] of one) expect(maxDifference(w, two.get(name) as Float32Array), name).toBeLessThan(1e-5);
  });

  it('with batch statistics pools the running statistics: the first BatchNorm layer moves exactly as in one thread', async () => {
    const { one, two } = await bothWays(false);
    // The first layer normalises the same rows either way; deeper layers see activations normalised per shard
    // (so the probabilities, and what is sampled, differ slightly from one thread's).
    for (const name of ['encoder/0/bn1/movingMean', 'encoder/0/bn1/movingVariance']) {
      expect(maxDifference(one.get(name) as Float32Array, two.get(name) as Float32Array), name).toBeLessThan(1e-5);
    }
    const deeper = two.get('encoder/1/bn2/movingVariance') as Float32Array;
    expect(deeper.every(Number.isFinite) && deeper.some((v) => v !== 1)).toBe(true);
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
    const single = await run(1, 96);
    const double = await run(2, 96);
    const start = single.card.validation.curve[0].cost;
    expect(double.card.validation.curve[0].cost).toBe(start);
    const oneEnd = single.card.validation.curve.at(-1)?.cost ?? NaN;
    const twoEnd = double.card.validation.curve.at(-1)?.cost ?? NaN;
    expect(oneEnd).toBeLessThan(0.85 * start);
    expect(twoEnd).toBeLessThan(0.85 * start);
    expect(Math.abs(twoEnd - oneEnd)).toBeLessThan(0.05 * start);
    expect(double.card.instancesTrained).toBe(96);
    expect((await loadOptimizerState(double.dir))?.step).toBe(12);
    const resumed = await run(2, 104, double.dir, double.dir);
    expect(resumed.card.instancesTrained).toBe(104);
    expect(resumed.card.validation.curve.length).toBe(double.card.validation.curve.length + 1);
  });

  it('runs the rollout and imitation recipes split over two threads, and stops when cancelled', async () => {
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
    expect(cancelled.card.instancesTrained).toBe(4);
  });
});
