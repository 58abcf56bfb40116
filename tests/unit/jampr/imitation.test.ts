import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeVariant } from '../../../src/shared/domain.js';
import { jamprEnvConfig } from '../../../src/main/jampr/env/config.js';
import { routesOf } from '../../../src/main/jampr/env/routes.js';
import { Policy } from '../../../src/main/jampr/model/policy.js';
import { rollout } from '../../../src/main/jampr/rollout.js';
import { Adam } from '../../../src/main/jampr/train/adam.js';
import { PlanReplay, replayable } from '../../../src/main/jampr/train/expert.js';
import { expertPlans, imitationStep } from '../../../src/main/jampr/train/imitation.js';
import { solveClassical } from '../../../src/main/vrp/solvers/classical.js';
import { createRng } from '../../../src/main/vrp/rng.js';
import { tinyModelConfig, tinyProblems } from './fixtures.js';

const sortRoutes = (routes: number[][]) => routes.map((r) => r.join(',')).sort();

describe('imitation warm start', () => {
  beforeAll(async () => {
    await tf.setBackend('cpu');
  });

  it('replays a classical plan as joint actions and recovers exactly its routes', () => {
    const variant = makeVariant('tw1');
    const problems = tinyProblems(9, 4, 31);
    const config = jamprEnvConfig(variant, 9, { mCon: 2 });
    const plans = problems.map((p, i) => solveClassical(p, variant, { timeLimitSec: 1, seed: i, maxIterations: 20 }));
    for (const [b, routes] of plans.entries()) expect(replayable(problems[b], routes, config)).toBe(true);
    const policy = new Policy(tinyModelConfig(), 1);
    const { state } = rollout(policy, problems, config, { kind: 'teacher', teacher: new PlanReplay(plans) }, { training: false });
    for (const b of problems.keys()) expect(sortRoutes(routesOf(state, b))).toEqual(sortRoutes(plans[b].filter((r) => r.length)));
    policy.dispose();
  });

  it('replays a plan whose early returns the fleet rule and m_pre would not allow the policy', () => {
    // Six single-stop routes: five premature returns against m_pre = 1, and on a fleet of six each return leaves
    // no room to spare for the largest order left. The expert's plan is feasible, so teacher forcing lets it through.
    const [base] = tinyProblems(6, 1, 2);
    const problem = { ...base, vehicles: 6, capacity: Math.max(...base.demand) };
    const singletons = Array.from({ length: 6 }, (_, i) => [i + 1]);
    const config = jamprEnvConfig(makeVariant('tw2'), 6, { mPre: 1 });
    expect(replayable(problem, singletons, config)).toBe(true);
    const policy = new Policy(tinyModelConfig(), 1);
    const { state } = rollout(policy, [problem], config, { kind: 'teacher', teacher: new PlanReplay([singletons]) }, { training: false });
    expect(sortRoutes(routesOf(state, 0))).toEqual(sortRoutes(singletons));
    policy.dispose();
  });

  it('learns from a day with a customer no vehicle can reach in its hard window: the plan leaves only that one out', () => {
    const config = jamprEnvConfig(makeVariant('tw1'), 9);
    const problems = tinyProblems(9, 4, 17).map((p) => ({ ...p, due: Float64Array.from(p.due, (d, i) => (i === 1 ? p.ready[0] : d)) }));
    const expert = expertPlans(problems, { env: config, expertSeconds: 0.05, maxGradNorm: 1 }, createRng(2));
    expect(expert.problems).toHaveLength(problems.length);
    for (const routes of expert.plans) expect(routes.flat().sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('reports a plan with an infeasible route as not replayable', () => {
    const [base] = tinyProblems(6, 1, 2);
    const problem = { ...base, capacity: Math.max(...base.demand) };
    expect(replayable(problem, [[1, 2, 3, 4, 5, 6]], jamprEnvConfig(makeVariant('tw2'), 6))).toBe(false);
  });

  it('raises the likelihood of the expert plans', () => {
    const policy = new Policy(tinyModelConfig(), 2);
    const adam = new Adam(policy.params.trainable, { learningRate: 3e-3, beta1: 0.9, beta2: 0.999, epsilon: 1e-8 });
    const problems = tinyProblems(6, 6, 9);
    const settings = { env: jamprEnvConfig(makeVariant('tw1'), 6), expertSeconds: 0.05, maxGradNorm: 1 };
    const first = imitationStep(policy, adam, settings, problems, createRng(1));
    let last = first;
    for (let i = 0; i < 15; i++) last = imitationStep(policy, adam, settings, problems, createRng(1));
    expect(first.used).toBeGreaterThan(0);
    expect(last.loss).toBeLessThan(0.8 * first.loss);
    adam.dispose();
    policy.dispose();
  });
});
