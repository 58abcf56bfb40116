import { describe, expect, it } from 'vitest';
import type { Customer, Instance, Routes, Variant } from '../../../src/shared/domain.js';
import { makeVariant } from '../../../src/shared/domain.js';
import { evaluateIndexRoutes, evaluatePlan, routeCost, toIdRoutes } from '../../../src/main/vrp/evaluate.js';
import { compileProblem } from '../../../src/main/vrp/problem.js';
import { buildProblem } from '../../../src/main/vrp/validate.js';

/**
 * Hand-checkable geometry: depot D(0,0), A(3,4), B(6,8), C(6,0).
 * Distances: D-A 5, D-B 10, D-C 6, A-B 5, A-C 5, B-C 8.
 */
const A: Customer = { id: 'A', x: 3, y: 4, demand: 5, ready: 10, due: 50, service: 2 };
const B: Customer = { id: 'B', x: 6, y: 8, demand: 7, ready: 20, due: 30, service: 3 };
const C: Customer = { id: 'C', x: 6, y: 0, demand: 4, ready: 0, due: 8, service: 1 };
const base: Instance = { name: 'abc', capacity: 20, vehicles: 2, depot: { id: 'D', x: 0, y: 0, ready: 0, due: 100 }, customers: [A, B, C] };
const problem = buildProblem(base);
/** Only A and B, so that a plan serving both is complete. */
const ab = buildProblem({ ...base, customers: [A, B] });

const tw1 = makeVariant('tw1');
const tw2 = makeVariant('tw2');
const tw3 = makeVariant('tw3');

/** The fast path must agree with the full evaluation on every route. */
function evaluate(routes: Routes, variant: Variant, p = problem) {
  const evaluation = evaluatePlan(p, routes, variant);
  const fast = routes.map((r) =>
    routeCost(
      p,
      r.map((id) => p.indexOf.get(id)!),
      variant,
    ),
  );
  expect(fast.reduce((s, r) => s + r.cost, 0)).toBeCloseTo(evaluation.cost, 12);
  return evaluation;
}

describe('evaluator, tw1 (hard windows)', () => {
  it('prices distance plus waiting and schedules each stop (A, B)', () => {
    // Leave 0, A at 5, wait to 10, leave 12; B at 17, wait to 20, leave 23; back at 23 + 10 = 33.
    const e = evaluate([['A', 'B']], tw1, ab);
    expect(e).toMatchObject({ distance: 20, wait: 8, early: 8, late: 0, cost: 28, vehicles: 1, feasible: true, violations: [] });
    expect(e.routes[0].stops).toEqual([
      { customerId: 'A', arrival: 5, wait: 5, start: 10, departure: 12, early: 5, late: 0, load: 5, penalty: 5 },
      { customerId: 'B', arrival: 17, wait: 3, start: 20, departure: 23, early: 3, late: 0, load: 12, penalty: 3 },
    ]);
    expect(e.routes[0]).toMatchObject({ customers: 2, length: 20, load: 12, duration: 33, returnTime: 33, wait: 8, cost: 28 });
  });

  it('reports a late stop as a violation instead of throwing, and does not price it', () => {
    // A served 10-12, C reached at 17: 9 after its due time 8. Cost = 16 distance + 5 waiting.
    const e = evaluate([['A', 'C'], ['B']], tw1);
    expect(e.feasible).toBe(false);
    expect(e.late).toBe(9);
    expect(e.cost).toBe(21 + (20 + 10)); // route 2: 20 distance, waits 10 at B
    expect(e.violations).toEqual([
      { kind: 'late', route: 0, customerId: 'C', amount: 9, message: 'customer C is reached at 17, 9 after its due time 8' },
    ]);
    expect(routeCost(problem, [1, 3], tw1).feasible).toBe(false);
  });

  it('squares waiting with the quadratic penalty', () => {
    expect(evaluate([['A', 'B']], makeVariant('tw1', { penalty: 'quadratic' }), ab).cost).toBe(20 + 5 ** 2 + 3 ** 2);
  });

  it('lets every vehicle depart at the depot ready time', () => {
    const p = buildProblem({ ...base, depot: { ...base.depot, ready: 4 }, customers: [A] });
    expect(evaluate([['A']], tw1, p)).toMatchObject({ wait: 1, cost: 11 });
  });

  it('reports a return after the shift as a horizon violation', () => {
    // Shift ends at 30; B's service is 5: A 10-12, B 17-22, back at 32.
    const p = buildProblem({ ...base, depot: { ...base.depot, due: 30 }, customers: [A, { ...B, ready: 0, service: 5 }] });
    const e = evaluate([['A', 'B']], tw1, p);
    expect(e.violations).toEqual([
      { kind: 'horizon', route: 0, amount: 2, message: 'route 1 is back at the depot at 32, after the shift ends at 30' },
    ]);
    expect(evaluate([['A', 'B']], tw2, p)).toMatchObject({ feasible: true, violations: [] });
  });

  it('words its violations in clock times and minutes on a day of clock times', () => {
    // The late-stop day above, its shift from 08:00: C reached at 08:17, 9 minutes after its 08:08 close.
    const at8 = (c: typeof A) => ({ ...c, ready: c.ready + 480, due: c.due + 480 });
    const clockDay = buildProblem({
      ...base,
      clockTimes: true,
      depot: { ...base.depot, ready: 480, due: base.depot.due + 480 },
      customers: base.customers.map(at8),
    });
    expect(evaluate([['A', 'C'], ['B']], tw1, clockDay).violations.map((v) => v.message)).toEqual([
      'customer C is reached at 08:17, 9 min after its due time 08:08',
    ]);
    // An hour or more late reads in hours and minutes, as the app shows spans.
    const closesEarly = { ...clockDay, due: Float64Array.from(clockDay.due, (d, i) => (i === 3 ? d - 70 : d)) };
    expect(evaluate([['A', 'C'], ['B']], tw1, closesEarly).violations[0].message).toBe(
      'customer C is reached at 08:17, 1h 19m after its due time 06:58',
    );
  });
});

describe('evaluator, tw2 (partly soft)', () => {
  it('waits for free', () => {
    expect(evaluate([['A', 'B']], tw2, ab)).toMatchObject({ cost: 20, wait: 8, early: 8, feasible: true });
  });

  it('prices lateness linearly by beta and squared with the quadratic penalty', () => {
    // Route A, C: 16 distance, C 9 late; route B alone: 20 distance, waits free.
    expect(evaluate([['A', 'C'], ['B']], tw2)).toMatchObject({ cost: 36 + 0.5 * 9, late: 9, feasible: true });
    expect(evaluate([['A', 'C'], ['B']], makeVariant('tw2', { penalty: 'quadratic' })).cost).toBe(36 + 0.5 * 81);
    expect(evaluate([['A', 'C'], ['B']], makeVariant('tw2', { beta: 2 })).cost).toBe(36 + 18);
  });
});

describe('evaluator, tw3 (soft, no waiting)', () => {
  it('starts service on arrival and prices earliness at alpha', () => {
    // A at 5 (5 early) served 5-7; B at 12 (8 early) served 12-15; back at 25.
    const e = evaluate([['A', 'B']], tw3, ab);
    expect(e).toMatchObject({ distance: 20, wait: 0, early: 13, late: 0, feasible: true });
    expect(e.cost).toBeCloseTo(20 + 0.1 * 13, 12);
    expect(e.routes[0].stops.map((s) => [s.arrival, s.start, s.wait])).toEqual([
      [5, 5, 0],
      [12, 12, 0],
    ]);
    expect(e.routes[0].returnTime).toBe(25);
  });

  it('prices earliness and lateness together, linear and quadratic', () => {
    // A at 5 (5 early), C at 12 (4 late): 16 distance.
    expect(evaluate([['A', 'C']], tw3).cost).toBeCloseTo(16 + 0.1 * 5 + 0.5 * 4, 12);
    expect(evaluate([['A', 'C']], makeVariant('tw3', { penalty: 'quadratic' })).cost).toBeCloseTo(16 + 0.1 * 25 + 0.5 * 16, 12);
  });
});

describe('evaluator, plan violations', () => {
  it('reports a load above capacity in every variant, once per route', () => {
    const p = buildProblem({ ...base, capacity: 10 });
    for (const v of [tw1, tw2, tw3]) {
      const e = evaluate([['A', 'B', 'C']], v, p);
      expect(e.feasible).toBe(false);
      expect(e.violations.filter((x) => x.kind === 'capacity')).toEqual([
        {
          kind: 'capacity',
          route: 0,
          customerId: 'B',
          amount: 6,
          message: 'route 1 loads 16 at the depot, above the capacity 10 (the orders pass it at customer B)',
        },
      ]);
    }
    expect(routeCost(p, [1, 2], tw2).feasible).toBe(false);
  });

  it('reports unserved customers and customers visited twice', () => {
    const e = evaluate([['A'], ['A', 'B']], tw2);
    expect(e.violations).toEqual([
      { kind: 'duplicate-visit', route: 1, customerId: 'A', message: 'customer A is visited more than once' },
      {
        kind: 'unserved',
        customerId: 'C',
        message:
          'customer C is not served: all 2 vehicles are used by other stops; it was left out although room is left for it (demand 4; the most free on one vehicle is 15)',
        figures: 'demand 4; the most free on one vehicle is 15',
      },
    ]);
    expect(e.feasible).toBe(false);
  });

  it('reports unknown ids and the depot as a stop, and prices the rest', () => {
    const e = evaluatePlan(
      problem,
      [
        ['A', 'Z', 'D'],
        ['B', 'C'],
      ],
      tw2,
    );
    expect(e.violations).toEqual([
      { kind: 'unknown-customer', route: 0, customerId: 'Z', message: "route 1 lists 'Z', which is not a customer of this instance" },
      { kind: 'unknown-customer', route: 0, customerId: 'D', message: "route 1 lists the depot 'D' as a stop" },
    ]);
    expect(e.distance).toBe(10 + (10 + 8 + 6));
    // An empty id (a hand-edited plan) is seen in its quotes, not read as a stray comma.
    expect(
      evaluatePlan(
        problem,
        [
          ['A', ''],
          ['B', 'C'],
        ],
        tw2,
      ).violations[0].message,
    ).toBe("route 1 lists '', which is not a customer of this instance");
  });

  it('reports more non-empty routes than vehicles, ignoring empty routes', () => {
    const e = evaluate([['A'], ['B'], ['C']], tw2);
    expect(e.vehicles).toBe(3);
    expect(e.violations).toEqual([{ kind: 'fleet', amount: 1, message: 'the plan uses 3 vehicles but the fleet has 2' }]);
    expect(evaluate([['A'], [], ['B', 'C']], tw2)).toMatchObject({ vehicles: 2, feasible: true });
  });

  it('gives an empty route zero cost and the depot ready time as its return', () => {
    const e = evaluateIndexRoutes(problem, [[], [1, 2, 3]], tw3);
    expect(e.routes[0]).toMatchObject({ customers: 0, length: 0, cost: 0, returnTime: 0, duration: 0 });
    expect(toIdRoutes(problem, [[], [1, 2, 3]])).toEqual([['A', 'B', 'C']]);
  });

  it('evaluates a problem compiled without validation (check mode never throws)', () => {
    const p = compileProblem({ ...base, customers: [{ ...C, due: 1 }] });
    const e = evaluatePlan(p, [['C']], tw1);
    expect(e.violations.map((v) => v.kind)).toEqual(['late']);
    expect(e.late).toBe(5);
  });
});
