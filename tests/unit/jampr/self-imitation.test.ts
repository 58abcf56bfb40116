import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { jamprEnvConfig } from '../../../src/main/jampr/env/config.js';
import { Policy } from '../../../src/main/jampr/model/policy.js';
import { rollout } from '../../../src/main/jampr/rollout.js';
import { Adam } from '../../../src/main/jampr/train/adam.js';
import { greedyCosts, planCosts } from '../../../src/main/jampr/train/costs.js';
import { ActionReplay, bestOwnPlans, ownPlanGradients, selfImitationGradients } from '../../../src/main/jampr/train/self-imitation.js';
import { applyGradients } from '../../../src/main/jampr/train/update.js';
import { createRng } from '../../../src/main/vrp/rng.js';
import { makeVariant } from '../../../src/shared/domain.js';
import { tinyModelConfig, tinyProblems } from './fixtures.js';

describe('self-imitation', () => {
  beforeAll(async () => {
    await tf.setBackend('cpu');
  });

  it("finds each instance's best own plan, no worse than the greedy one, and replays exactly that plan", () => {
    for (const variant of ['tw1', 'tw3'] as const) {
      const problems = tinyProblems(7, 5, 12, true);
      const env = jamprEnvConfig(makeVariant(variant), 7);
      const policy = new Policy(tinyModelConfig(), 4);
      const own = bestOwnPlans(policy, problems, { env, samples: 16 }, createRng(5));
      const greedy = greedyCosts(policy, problems, env);
      for (const [i, plan] of own.entries()) {
        // View 0's greedy row is the plain greedy plan.
        expect(plan.greedyCost).toBeCloseTo(greedy[i], 6);
        expect(plan.cost).toBeLessThanOrEqual(plan.greedyCost);
      }
      // At this size 8 views and 16 samples of an untrained model find something cheaper somewhere.
      expect(own.some((plan) => plan.cost < plan.greedyCost)).toBe(true);
      const { state } = rollout(
        policy,
        problems,
        env,
        { kind: 'teacher', teacher: new ActionReplay(own.map((o) => o.actions)) },
        { training: false, symmetries: own.map((o) => o.symmetry) },
      );
      const replayed = planCosts(state, problems, env.variant);
      for (const [i, plan] of own.entries()) expect(replayed[i]).toBeCloseTo(plan.cost, 6);
      policy.dispose();
    }
  });

  it('raises the likelihood of the own plans it learns', () => {
    const problems = tinyProblems(7, 6, 21, true);
    const env = jamprEnvConfig(makeVariant('tw1'), 7);
    const policy = new Policy(tinyModelConfig(), 8);
    const adam = new Adam(policy.params.trainable, { learningRate: 3e-3, beta1: 0.9, beta2: 0.999, epsilon: 1e-8 });
    const settings = { env, samples: 16, frozenNorm: true };
    const first = selfImitationGradients(policy, settings, problems, createRng(2));
    expect(first.meanCost).toBeLessThan(first.greedyCost);
    applyGradients(policy, adam, first.grads, 1);
    // The same plans again: the ones the first step learned.
    const own = bestOwnPlans(new Policy(tinyModelConfig(), 8), problems, settings, createRng(2));
    let loss = first.loss;
    for (let i = 0; i < 40; i++) {
      const step = ownPlanGradients(policy, settings, problems, own);
      applyGradients(policy, adam, step.grads, 1);
      loss = step.loss;
    }
    expect(loss).toBeLessThan(0.7 * first.loss);
    adam.dispose();
    policy.dispose();
  });
});
