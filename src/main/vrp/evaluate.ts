import type { Evaluation, RouteSummary, Routes, StopSchedule, Variant, Violation } from '../../shared/domain.js';
import { exceedsCapacity, latenessPrice, variantHardTime, variantWaits } from '../../shared/domain.js';
import { formatHoursMinutes, timesApart } from '../../shared/clock.js';
import { backAfterShift, routesBeyondFleet } from '../../shared/route-flags.js';
import { messageNumber, timeInText } from '../../shared/number-text.js';
import type { Problem } from './problem.js';
import { unservedReason } from './unserved.js';
import { unservedWhyText } from '../../shared/not-served.js';

/**
 * THE cost evaluator (docs/cost.md). Everything is priced here: the solvers' final plans, the
 * model's reward, the editor's live totals and the check of hand-edited plans. Broken hard rules are
 * reported as violations, never thrown (check mode).
 */

/** Below this, a time difference is rounding noise rather than lateness. */
export const TIME_EPS = 1e-9;

export const penaltyOf = (variant: Variant, x: number): number => (variant.penalty === 'quadratic' ? x * x : x);

/** Price of one stop's earliness and lateness under the variant (lateness is forbidden, not priced, in tw1). */
export function stopPenalty(variant: Variant, early: number, late: number): number {
  let p = 0;
  if (early > 0 && variant.alpha !== 0) p += variant.alpha * penaltyOf(variant, early);
  const beta = latenessPrice(variant);
  if (late > 0 && beta !== null) p += beta * penaltyOf(variant, late);
  return p;
}

/** Compact per-route result without a per-stop schedule: the allocation-free path for solvers. */
export interface RouteCost {
  cost: number;
  distance: number;
  wait: number;
  early: number;
  late: number;
  load: number;
  returnTime: number;
  /** No hard rule broken (capacity always; in tw1 also windows and the horizon). */
  feasible: boolean;
}

/** One stop as the simulation sees it; the schedule and the violations are built from these. */
type StopVisitor = (i: number, arrival: number, start: number, early: number, late: number, load: number) => void;

/**
 * Simulates one route of customer indices (1..n); the depot is implicit at both ends. The route simulation of
 * docs/cost.md is written here once: `visit`, when given, sees every stop (check mode builds its schedule from it).
 */
export function routeCost(problem: Problem, route: ArrayLike<number>, variant: Variant, visit?: StopVisitor): RouteCost {
  const { travel, ready, due, service, demand } = problem;
  const size = problem.n + 1;
  const waits = variantWaits(variant.name);
  const hard = variantHardTime(variant.name);
  let time = ready[0];
  let pos = 0;
  let distance = 0;
  let wait = 0;
  let early = 0;
  let late = 0;
  let load = 0;
  let penalty = 0;
  let feasible = true;
  for (let s = 0; s < route.length; s++) {
    const i = route[s];
    const leg = travel[pos * size + i];
    distance += leg;
    const arrival = time + leg;
    const e = Math.max(ready[i] - arrival, 0);
    const l = Math.max(arrival - due[i], 0);
    const start = waits ? Math.max(arrival, ready[i]) : arrival;
    if (waits) wait += e;
    early += e;
    late += l;
    penalty += stopPenalty(variant, e, l);
    load += demand[i];
    if (hard && l > TIME_EPS) feasible = false;
    visit?.(i, arrival, start, e, l, load);
    time = start + service[i];
    pos = i;
  }
  if (route.length > 0) {
    const back = travel[pos * size];
    distance += back;
    time += back;
  } else {
    time = ready[0];
  }
  if (exceedsCapacity(load, problem.capacity)) feasible = false;
  if (hard && time > due[0] + TIME_EPS) feasible = false;
  return { cost: distance + penalty, distance, wait, early, late, load, returnTime: time, feasible };
}

/** Full per-stop schedule of one route, with its violations. */
function scheduleRoute(problem: Problem, route: number[], variant: Variant, routeIndex: number) {
  const { due, service, ids } = problem;
  const hard = variantHardTime(variant.name);
  // Messages in the instance's own terms: times of day as HH:MM and spans in minutes on a clock-time day. An arrival
  // and a return are moments, written as their schedule cells write them (midnight begins the next day, 00:00+1); a
  // window's and the shift's end close a day (24:00).
  const clock = problem.instance.clockTimes === true;
  const at = (v: number, moment = false) => timeInText(v, clock, moment);
  const span = (v: number) => (clock ? (v >= 59.5 ? formatHoursMinutes(v) : `${messageNumber(v)} min`) : messageNumber(v));
  const violations: Violation[] = [];
  const stops: StopSchedule[] = [];
  let overloadedAt: number | null = null;
  const summary = routeCost(problem, route, variant, (i, arrival, start, early, late, load) => {
    stops.push({
      customerId: ids[i],
      arrival,
      wait: start - arrival,
      start,
      departure: start + service[i],
      early,
      late,
      load,
      penalty: stopPenalty(variant, early, late),
    });
    if (hard && late > TIME_EPS) {
      const [reached, closes] = timesApart(at, arrival, due[i], [true, false]);
      violations.push({
        kind: 'late',
        route: routeIndex,
        customerId: ids[i],
        amount: late,
        message: `customer ${ids[i]} is reached at ${reached}, ${span(late)} after its due time ${closes}`,
      });
    }
    if (exceedsCapacity(load, problem.capacity) && overloadedAt === null) overloadedAt = i;
  });
  if (overloadedAt !== null) {
    // The vehicle loads every stop's order at the depot: it leaves overloaded, with the route's whole demand (the
    // customer named is where the orders pass the capacity).
    violations.push({
      kind: 'capacity',
      route: routeIndex,
      customerId: ids[overloadedAt],
      amount: summary.load - problem.capacity,
      message: `route ${routeIndex + 1} loads ${messageNumber(summary.load)} at the depot, above the capacity ${messageNumber(problem.capacity)} (the orders pass it at customer ${ids[overloadedAt]})`,
    });
  }
  if (hard && backAfterShift({ customers: route.length, returnTime: summary.returnTime }, due[0])) {
    const [back, end] = timesApart(at, summary.returnTime, due[0], [true, false]);
    violations.push({
      kind: 'horizon',
      route: routeIndex,
      amount: summary.returnTime - due[0],
      message: `route ${routeIndex + 1} is back at the depot at ${back}, after the shift ends at ${end}`,
    });
  }
  const result: RouteSummary = {
    stops,
    customers: route.length,
    length: summary.distance,
    load: summary.load,
    duration: summary.returnTime - problem.ready[0],
    returnTime: summary.returnTime,
    wait: summary.wait,
    early: summary.early,
    late: summary.late,
    cost: summary.cost,
  };
  return { result, violations };
}

/**
 * Where a customer left out could still go: room for one is room on a vehicle the fleet has, so only the first K
 * used routes count (a route beyond the fleet, opened by a hand edit, offers none; the others stay, emptied, so that
 * route numbers hold). `room` is the most capacity one of them has free.
 */
function fleetRoom(problem: Problem, routes: readonly number[][], summaries: readonly RouteSummary[]) {
  const beyond = routesBeyondFleet(summaries, problem.vehicles);
  const inFleet = new Set(summaries.flatMap((s, r) => (s.customers > 0 && !beyond.has(r) ? [r] : [])));
  const room = [...inFleet].reduce((most, r) => Math.max(most, problem.capacity - summaries[r].load), 0);
  return { room, routes: routes.map((route, r) => (inFleet.has(r) ? route : [])) };
}

/** Evaluates routes given as customer indices (1..n). Reports unserved and repeated customers. */
export function evaluateIndexRoutes(problem: Problem, routes: number[][], variant: Variant): Evaluation {
  const violations: Violation[] = [];
  const summaries: RouteSummary[] = [];
  const seen = new Uint8Array(problem.n + 1);
  routes.forEach((route, r) => {
    for (const i of route) {
      if (seen[i]) {
        violations.push({
          kind: 'duplicate-visit',
          route: r,
          customerId: problem.ids[i],
          message: `customer ${problem.ids[i]} is visited more than once`,
        });
      }
      seen[i] = 1;
    }
    const { result, violations: v } = scheduleRoute(problem, route, variant, r);
    summaries.push(result);
    violations.push(...v);
  });
  const used = summaries.filter((s) => s.customers > 0);
  let fleet: { room: number; routes: number[][] } | null = null;
  for (let i = 1; i <= problem.n; i++) {
    if (!seen[i]) {
      fleet ??= fleetRoom(problem, routes, summaries);
      const why = unservedReason(problem, variant, i, fleet.routes, used.length, fleet.room);
      violations.push({
        kind: 'unserved',
        customerId: problem.ids[i],
        message: `customer ${problem.ids[i]} is not served: ${unservedWhyText(why)}`,
        ...(why.figures ? { figures: why.figures } : {}),
      });
    }
  }
  if (used.length > problem.vehicles) {
    violations.push({
      kind: 'fleet',
      amount: used.length - problem.vehicles,
      message: `the plan uses ${used.length} vehicles but the fleet has ${problem.vehicles}`,
    });
  }
  const sum = (f: (s: RouteSummary) => number) => summaries.reduce((acc, s) => acc + f(s), 0);
  return {
    cost: sum((s) => s.cost),
    distance: sum((s) => s.length),
    vehicles: used.length,
    wait: sum((s) => s.wait),
    early: sum((s) => s.early),
    late: sum((s) => s.late),
    feasible: violations.length === 0,
    routes: summaries,
    violations,
  };
}

/**
 * Evaluates routes given as customer ids (a hand-edited or imported plan). Unknown ids and the depot
 * inside a route are reported as violations and left out of the simulation.
 */
export function evaluatePlan(problem: Problem, routes: Routes, variant: Variant): Evaluation {
  const unknown: Violation[] = [];
  const indexRoutes = routes.map((route, r) =>
    route.flatMap((id) => {
      const i = problem.indexOf.get(id);
      if (i === undefined || i === 0) {
        unknown.push({
          kind: 'unknown-customer',
          route: r,
          customerId: id,
          // Quoted: an id read from a hand-edited plan may be empty or hold spaces ("lists , which" read as a typo).
          message:
            i === 0
              ? `route ${r + 1} lists the depot '${id}' as a stop`
              : `route ${r + 1} lists '${id}', which is not a customer of this instance`,
        });
        return [];
      }
      return [i];
    }),
  );
  const evaluation = evaluateIndexRoutes(problem, indexRoutes, variant);
  if (unknown.length === 0) return evaluation;
  return { ...evaluation, feasible: false, violations: [...unknown, ...evaluation.violations] };
}

/** Index routes to id routes, dropping empty routes. */
export const toIdRoutes = (problem: Problem, routes: number[][]): Routes =>
  routes.filter((r) => r.length > 0).map((r) => r.map((i) => problem.ids[i]));
