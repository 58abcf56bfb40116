import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeVariant, type VariantName } from '../../../src/shared/domain.js';
import { decodeGreedy } from '../../../src/main/jampr/decode.js';
import { jamprEnvConfig, type EnvConfig } from '../../../src/main/jampr/env/config.js';
import { reset, step } from '../../../src/main/jampr/env/env.js';
import { routesOf } from '../../../src/main/jampr/env/routes.js';
import type { EnvState } from '../../../src/main/jampr/env/state.js';
import type { ModelConfig } from '../../../src/main/jampr/model/config.js';
import { type BeginOptions, Policy } from '../../../src/main/jampr/model/policy.js';
import { chooseActions } from '../../../src/main/jampr/strategy.js';
import type { Problem } from '../../../src/main/vrp/problem.js';
import { createRng } from '../../../src/main/vrp/rng.js';
import { setPairBias } from '../../../src/main/jampr/train/pair-search.js';
import { tinyModelConfig, tinyProblems } from './fixtures.js';

/**
 * The inference decoder on arrays (jampr-array-decoder.ts) against the tfjs folded decoder that training uses
 * (itself checked against the literal network in decoder.test.ts): the same log-probabilities at every step of
 * an episode, and the same greedy plans.
 */

/** A tiny model whose BatchNorm running statistics are far from (0, 1), so eval mode matters. */
function policyWith(config: ModelConfig, seed: number): Policy {
  const policy = new Policy(config, seed);
  const rng = createRng(seed + 100);
  for (const [name, v] of policy.params.all()) {
    if (!/moving(Mean|Variance)/.test(name)) continue;
    const size = v.shape.reduce((a, b) => a * b, 1);
    const values = Float32Array.from({ length: size }, () => (name.endsWith('Mean') ? rng.next() - 0.5 : 0.5 + 1.5 * rng.next()));
    v.assign(tf.tensor(values, v.shape));
  }
  // Travel weighs most; the others, and the fleet-tightness half, random around zero.
  if (config.pairBias) setPairBias(policy, [-2 - rng.next(), ...Array.from({ length: 7 }, () => rng.next() - 0.5)]);
  policy.params.touch();
  return policy;
}

/**
 * Walks one batched episode, drawing actions from the tfjs decoder's distribution (with one early return
 * forced, so retired vehicles enter the fleet sums), and returns the largest difference between the two
 * decoders' log-probabilities of allowed actions and the spread of those log-probabilities.
 */
function compareAlongEpisode(policy: Policy, problems: readonly Problem[], env: EnvConfig, opts: BeginOptions) {
  let s: EnvState = reset(problems, env);
  const tfjs = policy.begin(s, opts);
  const arrays = policy.beginInference(s, opts);
  const rng = createRng(7);
  let diff = 0;
  let spread = 0;
  let steps = 0;
  while (!s.done) {
    const t = tfjs.step(s);
    const reference = t.dataSync() as Float32Array;
    t.dispose();
    const logp = arrays.logProbs(s);
    const width = reference.length / problems.length;
    for (let b = 0; b < problems.length; b++) {
      let lo = 0;
      for (let a = 0; a < width; a++) {
        const k = b * width + a;
        if (!s.mask[k]) {
          expect(logp[k]).toBeLessThan(-1e8);
          continue;
        }
        diff = Math.max(diff, Math.abs(logp[k] - reference[k]));
        lo = Math.min(lo, reference[k]);
      }
      spread = Math.max(spread, -lo);
    }
    let actions = chooseActions({ kind: 'sample', rng }, reference, s);
    if (steps === 2) {
      // An early return where one is allowed: its vehicle retires into the finished sum.
      actions = actions.map((a, b) => {
        const home = [...Array(width).keys()].find((x) => x % (s.batch.n + 1) === 0 && s.mask[b * width + x]);
        return home ?? a;
      });
    }
    s = step(s, actions);
    steps++;
  }
  tfjs.dispose();
  arrays.dispose();
  return { diff, spread, retired: s.status.includes(2) };
}

/** The greedy loop as it ran before the array decoder: the tfjs decoder read back each step. */
function tfjsGreedy(policy: Policy, problems: readonly Problem[], env: EnvConfig): number[][][] {
  let s = reset(problems, env);
  const decoder = policy.begin(s, { training: false });
  while (!s.done) {
    const t = decoder.step(s);
    const actions = chooseActions({ kind: 'greedy' }, t.dataSync() as Float32Array, s);
    t.dispose();
    s = step(s, actions);
  }
  decoder.dispose();
  return problems.map((_, b) => routesOf(s, b));
}

const cases: { variant: VariantName; fleetFeature: boolean; pairBias: boolean; tourAggregation: ModelConfig['tourAggregation'] }[] = [
  { variant: 'tw1', fleetFeature: true, pairBias: true, tourAggregation: 'depot-mean' },
  { variant: 'tw2', fleetFeature: false, pairBias: false, tourAggregation: 'depot-mean' },
  { variant: 'tw3', fleetFeature: true, pairBias: true, tourAggregation: 'paper' },
  { variant: 'tw2', fleetFeature: true, pairBias: false, tourAggregation: 'paper' },
];

describe('JAMPR array decoder (inference)', () => {
  beforeAll(async () => {
    await tf.setBackend('cpu');
  });

  for (const { variant, fleetFeature, pairBias, tourAggregation } of cases) {
    const label = `${variant}, fleet feature ${fleetFeature ? 'on' : 'off'}, pair bias ${pairBias ? 'on' : 'off'}, ${tourAggregation} tours`;
    it(`gives the tfjs decoder's log-probabilities at every step (${label})`, () => {
      // Random-init logits are nearly flat: a large clip C spreads them so that a wrong term would show.
      const policy = policyWith(tinyModelConfig({ fleetFeature, pairBias, tourAggregation, clip: 200, decoderHeads: 4 }), 3);
      const env = jamprEnvConfig(makeVariant(variant), 8, { mCon: variant === 'tw3' ? 1 : 3, mPre: 3 });
      const { diff, spread, retired } = compareAlongEpisode(policy, tinyProblems(8, 4, 11, true), env, { training: false });
      expect(diff).toBeLessThan(2e-5);
      expect(spread).toBeGreaterThan(0.5); // the comparison is not vacuous
      expect(retired).toBe(true);
      policy.dispose();
    });

    it(`decodes the same greedy plans as the tfjs decoder (${label})`, () => {
      const policy = policyWith(tinyModelConfig({ fleetFeature, pairBias, tourAggregation }), 5);
      const env = jamprEnvConfig(makeVariant(variant), 9, { mCon: variant === 'tw3' ? 1 : 2 });
      const problems = [...tinyProblems(9, 6, 21), ...tinyProblems(9, 6, 22, true)];
      expect(decodeGreedy(policy, problems, env)).toEqual(tfjsGreedy(policy, problems, env));
      policy.dispose();
    });
  }

  it('reads shared, repeated embeddings as sampling passes them (repeat and encoded rows)', () => {
    const policy = policyWith(tinyModelConfig({ clip: 200 }), 9);
    const [problem] = tinyProblems(7, 1, 4, true);
    const env = jamprEnvConfig(makeVariant('tw1'), 7, { mCon: 2 });
    const encoded = policy.encodeOnce(reset([problem], env), 1);
    const { diff, spread } = compareAlongEpisode(policy, Array(5).fill(problem), env, { training: false, repeat: 5, encoded });
    encoded.dispose();
    expect(diff).toBeLessThan(2e-5);
    expect(spread).toBeGreaterThan(0.5);
    policy.dispose();
  });

  it('scores every row of a batch of two instances, repeated and augmented, as the tfjs decoder does', () => {
    const policy = policyWith(tinyModelConfig({ clip: 200 }), 13);
    const problems = tinyProblems(6, 2, 8, true);
    const env = jamprEnvConfig(makeVariant('tw2'), 6, { mCon: 2 });
    const rows = [problems[0], problems[0], problems[0], problems[1], problems[1], problems[1]];
    const { diff } = compareAlongEpisode(policy, rows, env, { training: false, repeat: 3, symmetries: [2, 5] });
    expect(diff).toBeLessThan(2e-5);
    policy.dispose();
  });
});
