import { describe, expect, it } from 'vitest';
import { makeVariant, VARIANT_NAMES, type VariantName } from '../../../src/shared/domain.js';
import { jamprEnvConfig, amEnvConfig, type EnvConfig } from '../../../src/main/jampr/env/config.js';
import { reset, step } from '../../../src/main/jampr/env/env.js';
import { routesOf } from '../../../src/main/jampr/env/routes.js';
import { canServe } from '../../../src/main/jampr/env/rules.js';
import { VehicleStatus, type EnvState } from '../../../src/main/jampr/env/state.js';
import { evaluateIndexRoutes, routeCost } from '../../../src/main/vrp/evaluate.js';
import { createRng, type Rng } from '../../../src/main/vrp/rng.js';
import { tinyProblems } from './fixtures.js';

/** The vehicle's tour so far, in order. */
function tourOf(s: EnvState, b: number, k: number): number[] {
  const nodes = s.batch.n + 1;
  const tour: number[] = [];
  for (let i = 1; i < nodes; i++) if (s.servedBy[b * nodes + i] === k) tour[s.servedAt[b * nodes + i]] = i;
  return tour;
}

/** Checks every allowed customer action of every row against the evaluator. */
function checkMask(s: EnvState): void {
  const nodes = s.batch.n + 1;
  const m = s.batch.config.mCon;
  for (let b = 0; b < s.batch.problems.length; b++) {
    const row = s.mask.subarray(b * m * nodes, (b + 1) * m * nodes);
    expect(row.some((x) => x === 1)).toBe(true);
    if (s.finished[b]) {
      expect(Array.from(row).reduce((a, x) => a + x, 0)).toBe(1);
      expect(row[0]).toBe(1);
      continue;
    }
    for (let j = 0; j < m; j++) {
      const k = s.slots[b * m + j];
      let customers = 0;
      for (let i = 1; i < nodes; i++) {
        if (!row[j * nodes + i]) continue;
        customers++;
        expect(k).toBeGreaterThanOrEqual(0);
        expect(s.visited[b * nodes + i]).toBe(0);
        const extended = routeCost(s.batch.problems[b], [...tourOf(s, b, k), i], s.batch.config.variant);
        expect(extended.feasible).toBe(true);
      }
      // Invariant: every active vehicle can serve a customer at each decision (vehicles that cannot are sent home);
      // the fleet guard may still keep it waiting this step while another vehicle's action is safer.
      if (k >= 0) expect(Array.from({ length: nodes - 1 }, (_, i) => canServe(s, b, k, i + 1)).some(Boolean)).toBe(true);
      if (k < 0) expect(customers).toBe(0);
      if (row[j * nodes]) expect(s.premature[b]).toBeLessThan(s.batch.config.mPre);
    }
  }
}

function randomAction(s: EnvState, b: number, rng: Rng): number {
  const width = s.batch.config.mCon * (s.batch.n + 1);
  const allowed: number[] = [];
  for (let a = 0; a < width; a++) if (s.mask[b * width + a]) allowed.push(a);
  // Prefer the depot now and then so that premature returns and the m_pre limit are exercised.
  const depots = allowed.filter((a) => a % (s.batch.n + 1) === 0);
  if (depots.length && rng.next() < 0.25) return depots[rng.int(0, depots.length)];
  return allowed[rng.int(0, allowed.length)];
}

function rollRandom(s0: EnvState, rng: Rng, check = true): EnvState {
  let s = s0;
  const limit = s.batch.n + (Number.isFinite(s.batch.config.mPre) ? s.batch.config.mPre : s.batch.n) + 1;
  while (!s.done) {
    if (check) checkMask(s);
    const actions = s.batch.problems.map((_, b) => randomAction(s, b, rng));
    s = step(s, actions);
    expect(s.steps).toBeLessThanOrEqual(limit);
  }
  return s;
}

const configs = (name: VariantName, n: number): [string, EnvConfig][] => [
  ['jampr', jamprEnvConfig(makeVariant(name), n, { mCon: 3, mPre: 2 })],
  ['am', amEnvConfig(makeVariant(name))],
];

describe('environment', () => {
  for (const name of VARIANT_NAMES) {
    for (const squeeze of [false, true]) {
      it(`never allows an action that breaks a hard rule (${name}, ${squeeze ? 'tight' : 'generated'} instances)`, () => {
        const rng = createRng(7);
        for (let round = 0; round < 6; round++) {
          for (const [, config] of configs(name, 8)) {
            const problems = tinyProblems(5 + round, 4, 100 * round + (squeeze ? 1 : 0), squeeze);
            const s = rollRandom(reset(problems, config), rng);
            problems.forEach((p, b) => {
              const routes = routesOf(s, b);
              const evaluation = evaluateIndexRoutes(p, routes, config.variant);
              const hardBroken = evaluation.violations.filter(
                (v) => v.kind === 'late' || v.kind === 'horizon' || v.kind === 'capacity' || v.kind === 'duplicate-visit',
              );
              expect(hardBroken).toEqual([]);
              if (p.vehicles >= p.n) expect(evaluation.feasible || evaluation.violations.every((v) => v.kind === 'fleet')).toBe(true);
              expect(s.premature[b]).toBeLessThanOrEqual(config.mPre);
            });
          }
        }
      });
    }
    it(`accumulates exactly the evaluator's cost (${name})`, () => {
      const rng = createRng(11);
      const problems = tinyProblems(9, 6, 5);
      const config = jamprEnvConfig(makeVariant(name), 9);
      const s = rollRandom(reset(problems, config), rng, false);
      problems.forEach((p, b) => {
        const evaluation = evaluateIndexRoutes(p, routesOf(s, b), config.variant);
        expect(evaluation.feasible).toBe(true);
        expect(s.distance[b] + s.penalty[b]).toBeCloseTo(evaluation.cost, 8);
      });
    });
  }

  it('lists the vehicle that left each slot so the policy can freeze its features', () => {
    const problems = tinyProblems(6, 1, 3);
    const s0 = reset(problems, jamprEnvConfig(makeVariant('tw2'), 6, { mCon: 2 }));
    const first = s0.mask.indexOf(1, 1);
    const s1 = step(s0, [first]);
    const slot = Math.floor(first / 7);
    const s2 = step(s1, [slot * 7]);
    expect(s2.retired[slot]).toBe(s0.slots[slot]);
    expect(s2.status[s0.slots[slot]]).toBe(VehicleStatus.Done);
    expect(s2.slots[slot]).toBe(2);
    expect(s2.premature[0]).toBe(1);
  });

  it('lets no vehicle close its tour early while the rest of the fleet could not carry the demand left', () => {
    const rng = createRng(4);
    for (const name of ['tw2', 'tw3'] as const) {
      for (let round = 0; round < 8; round++) {
        // Unit demands and a fleet with exactly enough room: any early return strands a customer.
        const base = tinyProblems(9, 1, 40 + round)[0];
        const p = { ...base, capacity: 3, vehicles: 3, demand: base.demand.map((_, i) => (i === 0 ? 0 : 1)) };
        let s = reset([p], jamprEnvConfig(makeVariant(name), 9, { mCon: 2, mPre: 6 }));
        while (!s.done) {
          const m = s.batch.config.mCon;
          for (let j = 0; j < m; j++) {
            const k = s.slots[j];
            if (k < 0 || !s.mask[j * 10]) continue;
            let room = (3 - s.nextVehicle[0]) * 3;
            for (let o = 0; o < m; o++) if (o !== j && s.slots[o] >= 0) room += 3 - s.load[s.slots[o]];
            expect(s.demandLeft[0]).toBeLessThanOrEqual(room);
          }
          s = step(s, [randomAction(s, 0, rng)]);
        }
        expect(routesOf(s, 0).flat()).toHaveLength(9);
      }
    }
  });

  it('keeps room for the largest order left, so that indivisible orders do not strand a customer', () => {
    // Orders of 4 on vehicles of 10: each vehicle takes two. Room for five orders split over two vehicles (4 + 10 + 10
    // after one vehicle returned with a single order) carries only four of them: the total alone is not enough.
    const rng = createRng(6);
    for (let round = 0; round < 20; round++) {
      const base = tinyProblems(6, 1, 70 + round)[0];
      const p = { ...base, capacity: 10, vehicles: 3, demand: base.demand.map((_, i) => (i === 0 ? 0 : 4)) };
      let s = reset([p], jamprEnvConfig(makeVariant('tw3'), 6, { mCon: 1, mPre: 6 }));
      while (!s.done) s = step(s, [randomAction(s, 0, rng)]);
      expect(routesOf(s, 0).flat()).toHaveLength(6);
    }
  });

  it('ends an episode with unserved customers when a small fleet runs out', () => {
    // One vehicle with room for the largest order only: it cannot carry the day, whatever it picks.
    const problems = tinyProblems(8, 1, 9).map((p) => ({ ...p, vehicles: 1, capacity: Math.max(...p.demand) }));
    const rng = createRng(1);
    const s = rollRandom(reset(problems, jamprEnvConfig(makeVariant('tw1'), 8, { mCon: 2 })), rng);
    const served = routesOf(s, 0).flat().length;
    expect(routesOf(s, 0).length).toBeLessThanOrEqual(1);
    expect(served).toBeLessThan(8);
  });
});
