import { describe, expect, it } from 'vitest';
import type { Customer, Instance } from '../../../src/shared/domain.js';
import { makeVariant } from '../../../src/shared/domain.js';
import { evaluatePlan } from '../../../src/main/vrp/evaluate.js';
import { compileProblem } from '../../../src/main/vrp/problem.js';

/** Depot at the origin; A at distance 5, B at distance 10, C at distance 6 (as in the evaluator tests). */
const A: Customer = { id: 'A', x: 3, y: 4, demand: 5, ready: 10, due: 50, service: 2 };
const B: Customer = { id: 'B', x: 6, y: 8, demand: 7, ready: 20, due: 30, service: 3 };
const C: Customer = { id: 'C', x: 6, y: 0, demand: 4, ready: 0, due: 8, service: 1 };
const day: Instance = { name: 'abc', capacity: 20, vehicles: 2, depot: { id: 'D', x: 0, y: 0, ready: 0, due: 100 }, customers: [A, B, C] };

/** compileProblem, not buildProblem: the days below break rules validation would refuse, as a hand-made plan file can. */
const reasonFor = (instance: Instance, routes: string[][], variant = makeVariant('tw2')) =>
  evaluatePlan(compileProblem(instance), routes, variant)
    .violations.filter((v) => v.kind === 'unserved')
    .map((v) => v.message);

describe('the reason a customer is not served', () => {
  it('names a vehicle still free when the customer was simply left out', () => {
    expect(reasonFor(day, [['A', 'B']])).toEqual(['customer C is not served: it was left out although 1 of 2 vehicles is free']);
    expect(reasonFor({ ...day, vehicles: 3 }, [['A', 'B']])).toEqual([
      'customer C is not served: it was left out although 2 of 3 vehicles are free',
    ]);
    expect(reasonFor({ ...day, vehicles: 1 }, [])).toEqual(
      ['A', 'B', 'C'].map((id) => `customer ${id} is not served: it was left out although the only vehicle is free`),
    );
  });

  it('names the fleet when every vehicle is out, and says where one has room for the customer', () => {
    // Route A carries 5 of 20: room for C's 4. Under soft windows nothing else stops it; under hard ones time did.
    expect(reasonFor(day, [['A'], ['B']])).toEqual([
      'customer C is not served: all 2 vehicles are used by other stops; it was left out although room is left for it (demand 4; the most free on one vehicle is 15)',
    ]);
    // C fits before A (there at 6, A at 12 within 10–50): taken out of a plan by hand, it is named as such.
    expect(reasonFor(day, [['A'], ['B']], makeVariant('tw1'))).toEqual([
      'customer C is not served: it was left out although a route has the room and the time for it (route 1)',
    ]);
    // With A due at 5 and B at 14, neither route can take C before or after its stop: time is what is missing.
    const tight = { ...day, customers: [{ ...A, ready: 0, due: 5 }, { ...B, ready: 0, due: 14 }, C] };
    expect(reasonFor(tight, [['A'], ['B']], makeVariant('tw1'))).toEqual([
      'customer C is not served: all 2 vehicles are used by other stops; the ones with room for it cannot take it in: it or a later stop would miss its window, or the vehicle be back after the shift ends (demand 4; the most free on one vehicle is 15)',
    ]);
  });

  it('offers no room on a route beyond the fleet (a hand edit that added one)', () => {
    // The one vehicle (12) is full with A and B; C went onto a second route the fleet does not have, with room left
    // for E's 3: E's reason is the fleet's, not that room.
    const E: Customer = { id: 'E', x: 1, y: 1, demand: 3, ready: 0, due: 100, service: 1 };
    const one = { ...day, capacity: 12, vehicles: 1, customers: [A, B, C, E] };
    expect(reasonFor(one, [['A', 'B'], ['C']])).toEqual([
      "customer E is not served: the day's demand 19 is more than the fleet carries (1 × 12 = 12)",
    ]);
  });

  it("names the room a vehicle has, not the day's demand, where the day is too heavy but the customer fits", () => {
    // One vehicle of 9 carrying A (5): room 4 for C (4), while the day's 16 is more than it carries.
    const one = { ...day, capacity: 9, vehicles: 1 };
    expect(reasonFor(one, [['A']], makeVariant('tw1'))).toEqual([
      "customer B is not served: the day's demand 16 is more than the fleet carries (1 × 9 = 9)",
      'customer C is not served: it was left out although a route has the room and the time for it (route 1)',
    ]);
    const late = { ...one, customers: [{ ...A, ready: 0, due: 5 }, B, C] };
    expect(reasonFor(late, [['A']], makeVariant('tw1'))[1]).toBe(
      'customer C is not served: the only vehicle is used by other stops; it has room for it but cannot take it in: it or a later stop would miss its window, or the vehicle be back after the shift ends (demand 4; 4 free)',
    );
  });

  it('says when the fleet has room in total but no vehicle has enough of it', () => {
    // 17 units against the fleet's 2 × 9, but the room left on the two routes is 4 and 2, short of C's 5.
    const split = { ...day, capacity: 9, vehicles: 2, customers: [A, B, { ...C, demand: 5 }] };
    expect(reasonFor(split, [['A'], ['B']])).toEqual([
      'customer C is not served: all 2 vehicles are used by other stops, and none has room left for its demand (demand 5; the most free on one vehicle is 4)',
    ]);
  });

  it("names the day's demand when it is above what the whole fleet carries", () => {
    const heavy = { ...day, capacity: 8, vehicles: 2, customers: [A, { ...B, demand: 8 }, { ...C, demand: 6 }] };
    expect(reasonFor(heavy, [['A'], ['B']])).toEqual([
      "customer C is not served: the day's demand 19 is more than the fleet carries (2 × 8 = 16)",
    ]);
  });

  it('names a window nobody can reach under hard windows, and not under soft ones', () => {
    const far = { ...day, customers: [A, B, { ...C, due: 4 }] };
    expect(reasonFor(far, [['A', 'B']], makeVariant('tw1'))).toEqual([
      'customer C is not served: no vehicle can reach it before its window closes',
    ]);
    expect(reasonFor(far, [['A', 'B']], makeVariant('tw3'))[0]).toMatch(/left out although 1 of 2 vehicles is free/);
  });

  it('names a window that closes before the shift starts, and what to do, rather than the distance', () => {
    // C is 6 from the depot and due at 8; the shift starts at 9: no vehicle is out before its window closes.
    const before = { ...day, depot: { ...day.depot, ready: 9 }, customers: [A, B, C] };
    expect(reasonFor(before, [['A', 'B']], makeVariant('tw1'))).toEqual([
      "customer C is not served: its window closes before the shift starts: correct its window or the depot's opening time, or plan under soft time windows, which serve it late at a price",
    ]);
  });

  it('names a window that opens only when the shift has ended', () => {
    const after = { ...day, depot: { ...day.depot, due: 14 }, customers: [A, B, { ...C, ready: 14, due: 30 }] };
    expect(reasonFor(after, [['A', 'B']], makeVariant('tw1'))).toEqual([
      "customer C is not served: its window opens only when the shift has ended: correct its window or the depot's closing time, or plan under soft time windows, which serve it with the vehicle back after the shift",
    ]);
  });

  it('names the end of the shift when a vehicle could reach the stop but not get back in time', () => {
    const late = { ...day, depot: { ...day.depot, due: 14 }, customers: [A, B, { ...C, ready: 5, due: 8, service: 4 }] };
    expect(reasonFor(late, [['A']], makeVariant('tw1'))).toContain(
      'customer C is not served: no vehicle can serve it and be back at the depot by the end of the shift',
    );
  });
});
