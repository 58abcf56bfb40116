import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { jamprEnvConfig } from '../../../src/main/jampr/env/config.js';
import { Policy } from '../../../src/main/jampr/model/policy.js';
import { greedyCosts, mean } from '../../../src/main/jampr/train/costs.js';
import { PAIR_FEATURES } from '../../../src/main/jampr/model/config.js';
import { PAIR_BIAS } from '../../../src/main/jampr/model/jampr-weights.js';
import { fitPairBias, PAIR_TIGHTNESS_WEIGHTS } from '../../../src/main/jampr/train/pair-search.js';
import { generateCityDay } from '../../../src/main/vrp/generate-city.js';
import { createRng } from '../../../src/main/vrp/rng.js';
import { buildProblem } from '../../../src/main/vrp/validate.js';
import { makeVariant } from '../../../src/shared/domain.js';
import { tinyModelConfig, tinyProblems } from './fixtures.js';

describe('fitting the pair bias', () => {
  beforeAll(async () => {
    await tf.setBackend('cpu');
  });

  it('lowers the greedy cost of an untrained model and leaves the model on the best weights it saw', async () => {
    const problems = tinyProblems(10, 6, 41);
    const env = jamprEnvConfig(makeVariant('tw1'), 10, { mCon: 2 });
    const policy = new Policy(tinyModelConfig(), 2);
    const generations: number[] = [];
    const fit = await fitPairBias(policy, problems, env, { evaluations: 41, seed: 3, onGeneration: (b) => generations.push(b.cost) });
    if (!fit) throw new Error('the tiny model has a pair bias');
    // A random network plans far worse than one told to prefer near stops and short waits.
    expect(fit.cost).toBeLessThan(0.95);
    expect(fit.mean).toBeLessThan(0.95 * fit.startMean);
    expect(fit.evaluations).toBe(41);
    expect(generations).toHaveLength(4);
    expect([...generations].sort((a, b) => b - a)).toEqual(generations); // the best so far never gets worse
    expect(mean(greedyCosts(policy, problems, env))).toBeCloseTo(fit.mean, 9);
    policy.dispose();
  });

  it('keeps weights that harm the guarded instances out: a guard nothing can satisfy keeps the start', async () => {
    const problems = tinyProblems(10, 6, 41);
    const env = jamprEnvConfig(makeVariant('tw1'), 10, { mCon: 2 });
    const policy = new Policy(tinyModelConfig(), 2);
    const guard = { problems: tinyProblems(10, 4, 43), tolerance: 0 };
    const fit = await fitPairBias(policy, problems, env, { evaluations: 21, seed: 3, guard });
    expect(fit?.theta).toEqual(new Array(PAIR_FEATURES).fill(0));
    expect(fit?.cost).toBe(1);
    policy.dispose();
  });

  it('searches only the weights it is given and keeps the others', async () => {
    // City days, whose fleets are tight: the tightness half of the weights can steer them on its own.
    const problems = Array.from({ length: 6 }, (_, i) => buildProblem(generateCityDay(10, createRng(50 + i))));
    const env = jamprEnvConfig(makeVariant('tw1'), 10, { mCon: 2 });
    const policy = new Policy(tinyModelConfig(), 2);
    const fit = await fitPairBias(policy, problems, env, { evaluations: 31, seed: 4, weights: PAIR_TIGHTNESS_WEIGHTS });
    if (!fit) throw new Error('the tiny model has a pair bias');
    expect(fit.theta.slice(0, 4)).toEqual([0, 0, 0, 0]);
    expect(fit.theta.slice(4).some((v) => v !== 0)).toBe(true);
    expect(fit.cost).toBeLessThan(1);
    policy.dispose();
  });

  it('ends a pass at the stop where the pass would be thrown away, and keeps the weights it started with', async () => {
    const problems = tinyProblems(10, 6, 41);
    const env = jamprEnvConfig(makeVariant('tw1'), 10, { mCon: 2 });
    const policy = new Policy(tinyModelConfig(), 2);
    /** A stop read `reads` times, true from its `after`-th read on. */
    const stopAfter = (after: number) => {
      const counter = { reads: 0, stop: () => ++counter.reads > after };
      return counter;
    };
    // The reads of the start's pass: a search of one evaluation makes only that pass (and reads the stop before it).
    const whole = stopAfter(Infinity);
    expect(await fitPairBias(policy, problems, env, { evaluations: 1, stop: whole.stop })).toMatchObject({ evaluations: 1 });
    const startPass = whole.reads - 1;
    expect(startPass).toBeGreaterThan(3);
    // Stopped within the start's pass: it ends there (no generation could follow it), and nothing is fitted.
    const inStart = stopAfter(3);
    const cut = await fitPairBias(policy, problems, env, { evaluations: 41, stop: inStart.stop });
    expect(cut).toMatchObject({ evaluations: 0, cost: 1 });
    expect(inStart.reads).toBe(4);
    // Stopped within a generation's first pass: that generation is dropped at once, the start's pass stands alone.
    const inGeneration = stopAfter(whole.reads + 3);
    const dropped = await fitPairBias(policy, problems, env, { evaluations: 41, stop: inGeneration.stop });
    expect(dropped).toMatchObject({ evaluations: 1, cost: 1, theta: new Array(PAIR_FEATURES).fill(0) });
    expect(inGeneration.reads).toBeLessThan(whole.reads + startPass);
    expect(Array.from(policy.params.trainable.get(PAIR_BIAS)?.dataSync() ?? [])).toEqual(new Array(PAIR_FEATURES).fill(0));
    policy.dispose();
  });

  it('stops when asked and leaves a model without the bias alone', async () => {
    const problems = tinyProblems(8, 2, 42);
    const env = jamprEnvConfig(makeVariant('tw1'), 8);
    const policy = new Policy(tinyModelConfig(), 2);
    // Its share spent before it begins (the run's first measuring outlasted it): no pass at all, the weights as they were.
    const fit = await fitPairBias(policy, problems, env, { evaluations: 100, stop: () => true });
    expect(fit).toMatchObject({ evaluations: 0, cost: 1, theta: new Array(PAIR_FEATURES).fill(0) });
    expect(fit?.startMean).toBeNaN();
    // A cancel that arrives as an event (a worker message, Ctrl-C) gets through between two evaluations.
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 0);
    const cancelled = await fitPairBias(policy, problems, env, { evaluations: 41, stop: () => controller.signal.aborted });
    expect(cancelled?.evaluations).toBe(1);
    // A cancel during a pass still goes on to the caller, as before.
    const aborted = new AbortController();
    aborted.abort();
    await expect(fitPairBias(policy, problems, env, { evaluations: 41, stop: () => false, signal: aborted.signal })).rejects.toMatchObject({
      kind: 'cancelled',
    });
    const without = new Policy(tinyModelConfig({ pairBias: false }), 2);
    expect(await fitPairBias(without, problems, env, { evaluations: 100 })).toBeNull();
    policy.dispose();
    without.dispose();
  });
});
