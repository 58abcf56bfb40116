import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeVariant, VARIANT_NAMES } from '../../../src/shared/domain.js';
import { fitToFleet } from '../../../src/main/vrp/solvers/fleet-fit.js';
import { isBetter } from '../../../src/main/vrp/solvers/plan-score.js';
import {
  decodeGreedy,
  decodeGreedyServing,
  decodeGreedyViews,
  decodeSampled,
  RESCUE_SAMPLES,
  sampleChunk,
} from '../../../src/main/jampr/decode.js';
import { solveClassical } from '../../../src/main/vrp/solvers/classical.js';
import { amEnvConfig, jamprEnvConfig } from '../../../src/main/jampr/env/config.js';
import { routesOf } from '../../../src/main/jampr/env/routes.js';
import { Policy } from '../../../src/main/jampr/model/policy.js';
import { rollout } from '../../../src/main/jampr/rollout.js';
import { evaluateIndexRoutes } from '../../../src/main/vrp/evaluate.js';
import type { Problem } from '../../../src/main/vrp/problem.js';
import { smallerFleetDays } from '../../../src/main/jampr/smaller-fleets.js';
import type { EnvConfig } from '../../../src/main/jampr/env/config.js';
import { tinyModelConfig, tinyProblems } from './fixtures.js';

type Priced = { routes: number[][]; evaluation: ReturnType<typeof evaluateIndexRoutes> };

/** The best of plans (serving the most, then the cheapest; the first of equals), as the decoder chooses. */
function bestPlan(problem: Problem, config: EnvConfig, plans: (number[][] | Priced)[]): Priced {
  const priced = plans.map((p) => (Array.isArray(p) ? { routes: p, evaluation: evaluateIndexRoutes(problem, p, config.variant) } : p));
  return priced.reduce((best, p) => (isBetter(p.evaluation, best.evaluation) ? p : best));
}

/** The greedy plans of the smaller fleets JAMPR greedy also tries (smaller-fleets.ts). */
const smallerFleetPlans = (policy: Policy, problem: Problem, config: EnvConfig) => decodeGreedy(policy, smallerFleetDays(problem), config);

describe('decoding', () => {
  beforeAll(async () => {
    await tf.setBackend('cpu');
  });

  for (const kind of ['jampr', 'am'] as const) {
    for (const name of VARIANT_NAMES) {
      it(`greedy ${kind} plans on ${name} are feasible and the environment's cost is the evaluator's`, () => {
        const policy = new Policy(tinyModelConfig({ kind }), 2);
        const variant = makeVariant(name);
        const problems = tinyProblems(7, 4, 3);
        const config = kind === 'jampr' ? jamprEnvConfig(variant, 7, { mCon: 2 }) : amEnvConfig(variant);
        const { state } = rollout(policy, problems, config, { kind: 'greedy' }, { training: false });
        problems.forEach((p, b) => {
          const evaluation = evaluateIndexRoutes(p, routesOf(state, b), variant);
          expect(evaluation.feasible).toBe(true);
          expect(state.distance[b] + state.penalty[b]).toBeCloseTo(evaluation.cost, 8);
        });
        policy.dispose();
      });
    }
  }

  it('decodes a batch exactly as it decodes each instance alone', () => {
    const policy = new Policy(tinyModelConfig(), 4);
    const problems = tinyProblems(6, 3, 8);
    const config = jamprEnvConfig(makeVariant('tw1'), 6);
    const batched = decodeGreedy(policy, problems, config);
    const alone = problems.map((p) => decodeGreedy(policy, [p], config)[0]);
    expect(batched).toEqual(alone);
    policy.dispose();
  });

  it('samples deterministically under a seed and keeps a feasible plan', async () => {
    const policy = new Policy(tinyModelConfig(), 4);
    const [problem] = tinyProblems(8, 1, 12);
    const config = jamprEnvConfig(makeVariant('tw1'), 8);
    const a = await decodeSampled(policy, problem, config, { samples: 24, chunk: 10, seed: 5 });
    const b = await decodeSampled(policy, problem, config, { samples: 24, chunk: 10, seed: 5 });
    const c = await decodeSampled(policy, problem, config, { samples: 24, chunk: 24, seed: 6 });
    expect(a.routes).toEqual(b.routes);
    expect(a.evaluation.feasible).toBe(true);
    expect(c.evaluation.feasible).toBe(true);
    policy.dispose();
  });

  it('reports its share of the work as customers are placed, not only at chunk ends, rising to 1', async () => {
    const policy = new Policy(tinyModelConfig(), 4);
    const [problem] = tinyProblems(8, 1, 12);
    const shares: number[] = [];
    const chunkEnds: number[] = [];
    await decodeSampled(policy, problem, jamprEnvConfig(makeVariant('tw1'), 8), {
      samples: 24,
      chunk: 12,
      onShare: (share) => shares.push(share),
      onProgress: (drawn) => chunkEnds.push(drawn),
    });
    expect(chunkEnds).toEqual([12, 24]);
    // The eight greedy views count as eight samples: 8 of 32 once they are decoded, 20 of 32 after the first chunk.
    expect(shares.filter((s) => s > 0 && s < 8 / 32).length).toBeGreaterThan(0);
    expect(shares.filter((s) => s > 8 / 32 && s < 20 / 32).length).toBeGreaterThan(0);
    expect(shares.every((s, i) => i === 0 || s >= shares[i - 1])).toBe(true);
    expect(shares.at(-1)).toBe(1);
    policy.dispose();
  });

  it('never returns a sampled plan worse than the greedy plan, and says when it kept the greedy one', async () => {
    // An untrained policy samples widely: with few draws the greedy plans (of the eight views) often win, and the
    // best of them must then be returned; with more draws a sample often wins.
    const policy = new Policy(tinyModelConfig(), 7);
    const variant = makeVariant('tw1');
    const kept = { said: 0, unsaid: 0 };
    for (const [seed, problem] of tinyProblems(9, 8, 21).entries()) {
      const config = jamprEnvConfig(variant, 9);
      const greedy = evaluateIndexRoutes(problem, decodeGreedy(policy, [problem], config)[0], variant);
      // The greedy candidates: the eight views' plans and the smaller fleets' (a vehicle per customer tries them too).
      const candidates = bestPlan(problem, config, [
        decodeGreedyViews(policy, problem, config),
        ...smallerFleetPlans(policy, problem, config),
      ]);
      const sampled = await decodeSampled(policy, problem, config, { samples: seed % 2 === 0 ? 2 : 32, seed });
      expect(sampled.evaluation.cost).toBeLessThanOrEqual(greedy.cost);
      expect(sampled.evaluation.cost).toBeLessThanOrEqual(candidates.evaluation.cost);
      // Kept exactly when no sample was better: then the plan is the best candidate, else a cheaper one.
      if (sampled.greedyKept) expect(sampled.routes).toEqual(candidates.routes);
      else expect(isBetter(sampled.evaluation, candidates.evaluation)).toBe(true);
      kept[sampled.greedyKept ? 'said' : 'unsaid']++;
    }
    expect(kept.said).toBeGreaterThan(0);
    expect(kept.unsaid).toBeGreaterThan(0);
    policy.dispose();
  });

  it("keeps the best of the eight symmetric views' greedy plans, decoded as one batch as each view alone", () => {
    const policy = new Policy(tinyModelConfig(), 11);
    const variant = makeVariant('tw3');
    let better = 0;
    for (const problem of tinyProblems(9, 5, 33)) {
      const config = jamprEnvConfig(variant, 9);
      const alone = [0, 1, 2, 3, 4, 5, 6, 7].map((s) => {
        const { state } = rollout(policy, [problem], config, { kind: 'greedy' }, { training: false, symmetries: [s] });
        return evaluateIndexRoutes(problem, routesOf(state, 0), variant).cost;
      });
      const views = decodeGreedyViews(policy, problem, config);
      expect(views.evaluation.cost).toBeCloseTo(Math.min(...alone), 6);
      expect(alone[0]).toBeCloseTo(evaluateIndexRoutes(problem, decodeGreedy(policy, [problem], config)[0], variant).cost, 6);
      if (views.evaluation.cost < alone[0] - 1e-9) better++;
    }
    // The views do differ: on some instance another view's greedy plan beats the plain one.
    expect(better).toBeGreaterThan(0);
    policy.dispose();
  });

  it('keeps the plain greedy plan where it leaves only customers no plan can serve (a hard window nobody reaches)', () => {
    const policy = new Policy(tinyModelConfig(), 3);
    const variant = makeVariant('tw1');
    const config = jamprEnvConfig(variant, 12);
    let viewsCheaper = 0;
    for (const base of tinyProblems(12, 10, 8)) {
      // Customer 1's window closes when the vehicles leave the depot.
      const due = Float64Array.from(base.due, (d, i) => (i === 1 ? base.ready[0] : d));
      const problem = { ...base, due };
      const plain = decodeGreedy(policy, [problem], config)[0];
      expect(plain.flat()).not.toContain(1);
      if (plain.flat().length < problem.n - 1) continue; // stranded someone else too: the fallback's case
      // The batch of the day's fleet and the smaller ones, and nothing more.
      const batch = bestPlan(problem, config, [plain, ...smallerFleetPlans(policy, problem, config)]);
      expect(decodeGreedyServing(policy, problem, config)).toEqual(batch.routes);
      // A second look would have changed the plan: another view's greedy plan is cheaper.
      if (decodeGreedyViews(policy, problem, config).evaluation.cost < batch.evaluation.cost - 1e-9) viewsCheaper++;
    }
    expect(viewsCheaper).toBeGreaterThan(0);
    policy.dispose();
  });

  it('reports the customers a greedy decoding has placed, step by step, up to all of them', () => {
    const policy = new Policy(tinyModelConfig(), 3);
    const config = jamprEnvConfig(makeVariant('tw3'), 12);
    const [problem] = tinyProblems(12, 1, 31);
    const seen: number[] = [];
    const routes = decodeGreedy(policy, [problem], config, undefined, (placed, total) => {
      expect(total).toBe(problem.n);
      seen.push(placed);
    })[0];
    expect(seen.length).toBeGreaterThanOrEqual(problem.n);
    expect(seen.every((placed, k) => k === 0 || placed >= seen[k - 1])).toBe(true);
    expect(seen.at(-1)).toBe(routes.flat().length);
    expect(routes).toEqual(decodeGreedy(policy, [problem], config)[0]);
    policy.dispose();
  });

  it('keeps the plain greedy plan on a day whose demand is more than the fleet carries (nothing serves everyone)', () => {
    const policy = new Policy(tinyModelConfig(), 3);
    const config = jamprEnvConfig(makeVariant('tw3'), 12);
    for (const base of tinyProblems(12, 4, 9)) {
      let demand = 0;
      for (let i = 1; i <= base.n; i++) demand += base.demand[i];
      // Two vehicles carrying a third of the demand each.
      const problem = { ...base, capacity: Math.ceil(demand / 3), vehicles: 2 };
      const plain = decodeGreedy(policy, [problem], config)[0];
      expect(plain.flat().length).toBeLessThan(problem.n);
      expect(decodeGreedyServing(policy, problem, config)).toEqual(plain);
    }
    policy.dispose();
  });

  it('falls back on the views, then their repair, then samples, where the plain greedy plan leaves a customer, and only there', () => {
    // Untrained weights on days of 20 stops whose fleet is cut to the classical plan's routes: the fleet rule
    // estimates beyond the last 10 customers, and some plain greedy plans lose one.
    const policy = new Policy(tinyModelConfig(), 3);
    const variant = makeVariant('tw1');
    const config = jamprEnvConfig(variant, 20);
    const served = (routes: number[][]) => routes.reduce((sum, r) => sum + r.length, 0);
    const cost = (problem: Problem, routes: number[][]) => evaluateIndexRoutes(problem, routes, variant).cost;
    let stranded = 0;
    let rescued = 0;
    let repaired = 0;
    for (const base of tinyProblems(20, 40, 5, true)) {
      const classical = solveClassical(base, variant, { timeLimitSec: 1, seed: 1, maxIterations: 30 });
      const problem = { ...base, vehicles: classical.filter((r) => r.length > 0).length };
      const plain = decodeGreedy(policy, [problem], config)[0];
      const plan = decodeGreedyServing(policy, problem, config);
      if (served(plain) === problem.n) {
        // Nothing to fall back on: the plain plan, or a cheaper one of the smaller fleets greedy also tries.
        expect(served(plan)).toBe(problem.n);
        expect(cost(problem, plan)).toBeLessThanOrEqual(cost(problem, plain));
        continue;
      }
      stranded++;
      const views = [0, 1, 2, 3, 4, 5, 6, 7].map((s) => {
        const { state } = rollout(policy, [problem], config, { kind: 'greedy' }, { training: false, symmetries: [s] });
        return served(routesOf(state, 0));
      });
      // At least what the best view serves, and where every view strands someone, at least what the rescue chunk does.
      expect(served(plan)).toBeGreaterThanOrEqual(Math.max(...views));
      if (Math.max(...views) < problem.n) {
        // The best view with its customers left put back where they fit, where that serves everyone; else samples.
        const fitted = fitToFleet(problem, variant, decodeGreedyViews(policy, problem, config).routes);
        if (served(fitted) === problem.n) {
          expect(plan).toEqual(fitted);
          repaired++;
        } else expect(served(plan)).toBeGreaterThanOrEqual(served(sampleChunk(policy, problem, config, null, 1, RESCUE_SAMPLES).routes));
      }
      if (served(plan) > served(plain)) rescued++;
    }
    expect(stranded).toBeGreaterThan(0);
    expect(rescued).toBeGreaterThan(0);
    expect(repaired).toBeGreaterThan(0);
    policy.dispose();
  });

  it('ranks a plan that serves more customers above a cheaper one that serves fewer', () => {
    const variant = makeVariant('tw3');
    const [problem] = tinyProblems(6, 1, 2);
    const evaluate = (routes: number[][]) => evaluateIndexRoutes(problem, routes, variant);
    const all = evaluate([[1], [2], [3], [4], [5], [6]]);
    const five = evaluate([[1], [2], [3], [4], [5]]);
    const four = evaluate([[1], [2], [3], [4]]);
    expect(four.cost).toBeLessThan(five.cost);
    expect(isBetter(five, four)).toBe(true);
    expect(isBetter(four, five)).toBe(false);
    expect(isBetter(all, five)).toBe(true);
  });

  it('stops sampling when cancelled', async () => {
    const policy = new Policy(tinyModelConfig(), 4);
    const [problem] = tinyProblems(6, 1, 1);
    const controller = new AbortController();
    const run = decodeSampled(policy, problem, jamprEnvConfig(makeVariant('tw2'), 6), {
      samples: 1000,
      chunk: 4,
      signal: controller.signal,
      onProgress: (drawn) => drawn >= 8 && controller.abort(),
    });
    await expect(run).rejects.toMatchObject({ kind: 'cancelled' });
    policy.dispose();
  });

  it('stops sampling within a chunk when cancelled, not after the whole chunk, leaking no tensors', async () => {
    const policy = new Policy(tinyModelConfig(), 4);
    const [problem] = tinyProblems(6, 1, 1);
    const config = jamprEnvConfig(makeVariant('tw2'), 6);
    await decodeSampled(policy, problem, config, { samples: 8, chunk: 8 }); // builds what the policy keeps
    const before = tf.memory().numTensors;
    // One chunk of all the samples; the signal turns aborted on its fourth read (the rollout reads it once a step).
    const { signal } = abortedOnRead(4);
    await expect(decodeSampled(policy, problem, config, { samples: 8, chunk: 8, signal })).rejects.toMatchObject({ kind: 'cancelled' });
    expect(tf.memory().numTensors).toBe(before);
    policy.dispose();
  });

  it('stops a greedy decoding when cancelled between its steps, leaking no tensors', () => {
    const policy = new Policy(tinyModelConfig(), 4);
    const [problem] = tinyProblems(6, 1, 1);
    const config = jamprEnvConfig(makeVariant('tw1'), 6);
    decodeGreedy(policy, [problem], config); // the policy's first use builds what it keeps for later ones
    const before = tf.memory().numTensors;
    // Cancelled once the decoding has taken three steps (the signal is read once a step).
    const { signal, reads } = abortedOnRead(4);
    expect(() => decodeGreedyServing(policy, problem, config, signal)).toThrow(expect.objectContaining({ kind: 'cancelled' }));
    expect(reads()).toBe(4);
    expect(tf.memory().numTensors).toBe(before);
    policy.dispose();
  });

  it('leaks no tensors across greedy and sampled decoding', async () => {
    const policy = new Policy(tinyModelConfig(), 4);
    const problems = tinyProblems(6, 2, 2);
    const config = jamprEnvConfig(makeVariant('tw1'), 6);
    decodeGreedy(policy, problems, config); // builds the cached folded weights once
    const before = tf.memory().numTensors;
    decodeGreedy(policy, problems, config);
    await decodeSampled(policy, problems[0], config, { samples: 6, chunk: 4 });
    const am = new Policy(tinyModelConfig({ kind: 'am' }), 4);
    const amBefore = tf.memory().numTensors;
    decodeGreedy(am, problems, amEnvConfig(makeVariant('tw1')));
    expect(tf.memory().numTensors - amBefore).toBe(0);
    am.dispose();
    expect(tf.memory().numTensors).toBe(before);
    policy.dispose();
  });
});

/** A signal that reads as aborted from its n-th read on, counting its reads (the decoders read it once a step). */
function abortedOnRead(n: number): { signal: AbortSignal; reads: () => number } {
  let count = 0;
  const signal = {
    get aborted() {
      return ++count >= n;
    },
  } as AbortSignal;
  return { signal, reads: () => count };
}
