import type { Problem } from '../../vrp/problem.js';
import type { EnvConfig } from '../env/config.js';
import { admit, reset, step } from '../env/env.js';
import type { EnvState } from '../env/state.js';
import type { Teacher } from '../strategy.js';

/**
 * Replays given plans (e.g. the classical solver's) as sequences of joint (slot, node) actions, for
 * imitation. Each vehicle takes the next unassigned route when it first moves; among the slots, the
 * vehicle that is earliest in time moves next (so tours grow in parallel, as JAMPR builds them); a
 * vehicle whose route is complete returns to the depot (the environment returns it by itself when it
 * has no feasible customer left, otherwise it is a premature return and counts against m_pre).
 */
export class PlanReplay implements Teacher {
  private readonly routes: number[][][];
  private readonly nextRoute: Int32Array;
  private readonly routeOf: Map<number, number>[];

  constructor(plans: readonly number[][][]) {
    this.routes = plans.map((routes) => routes.filter((r) => r.length > 0));
    this.nextRoute = new Int32Array(plans.length);
    this.routeOf = plans.map(() => new Map());
  }

  actions(s: EnvState): Int32Array {
    const m = s.batch.config.mCon;
    const nodes = s.batch.n + 1;
    const out = new Int32Array(s.batch.problems.length);
    for (let b = 0; b < out.length; b++) {
      if (s.finished[b]) continue;
      let best = -1;
      let bestTime = Infinity;
      for (let j = 0; j < m; j++) {
        const k = s.slots[b * m + j];
        if (k < 0) continue;
        const route = this.routeFor(b, k);
        if (!route) continue;
        const v = b * s.batch.kMax + k;
        const done = s.tourLength[v];
        const action = done < route.length ? j * nodes + route[done] : j * nodes;
        if (s.time[v] < bestTime) {
          bestTime = s.time[v];
          best = action;
        }
      }
      if (best < 0) throw new Error(`the plan of row ${b} has no route left for an active vehicle`);
      out[b] = best;
    }
    return out;
  }

  private routeFor(b: number, k: number): number[] | undefined {
    let r = this.routeOf[b].get(k);
    if (r === undefined) {
      if (this.nextRoute[b] >= this.routes[b].length) return undefined;
      r = this.nextRoute[b]++;
      this.routeOf[b].set(k, r);
    }
    return this.routes[b][r];
  }
}

/**
 * Can the environment replay this plan exactly? Its actions pass the fleet rule and the m_pre limit (env.admit,
 * as in teacher forcing), so only an infeasible step fails, or a plan the environment would not end where it ends:
 * one that leaves out a customer a fresh vehicle could still serve (the environment sends one), never one that
 * leaves out only customers no vehicle can serve.
 */
export function replayable(problem: Problem, routes: number[][], config: EnvConfig): boolean {
  const teacher = new PlanReplay([routes]);
  let s = reset([problem], config);
  try {
    while (!s.done) {
      const actions = teacher.actions(s);
      s = step(admit(s, actions), actions);
    }
  } catch {
    return false;
  }
  return s.visitedCount[0] === routes.reduce((sum, r) => sum + r.length, 0);
}
