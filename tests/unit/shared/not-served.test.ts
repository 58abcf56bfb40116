import { describe, expect, it } from 'vitest';
import { type Instance, makeVariant } from '../../../src/shared/domain.js';
import { groupByReason, notServed } from '../../../src/shared/not-served.js';
import { evaluatePlan } from '../../../src/main/vrp/evaluate.js';
import { compileProblem } from '../../../src/main/vrp/problem.js';

const customer = (id: string) => ({ id, x: 0, y: 0, demand: 1, ready: 0, due: 100, service: 0 });
const instance: Instance = {
  name: 't',
  depot: { id: 'D', x: 0, y: 0, ready: 0, due: 100 },
  customers: ['A', 'B', 'C', 'E'].map(customer),
  vehicles: 1,
  capacity: 10,
};
const left = (id: string, why: string) => ({ kind: 'unserved' as const, customerId: id, message: `customer ${id} is not served: ${why}` });
const SHORT = 'the day’s demand 40 is more than the fleet carries (1 × 10 = 10)';

describe('groupByReason', () => {
  it('says each reason once, above the customers it leaves out, in the order the reasons first come', () => {
    const unserved = notServed(instance, {
      violations: [left('A', SHORT), left('B', 'it was taken off its route by hand'), left('C', SHORT), left('E', SHORT)],
    });
    const groups = groupByReason(unserved);
    expect(groups.map((g) => g.reason)).toEqual([SHORT, 'it was taken off its route by hand']);
    expect(groups.map((g) => g.customers.map((c) => c.id))).toEqual([['A', 'C', 'E'], ['B']]);
  });

  it('lists customers left out for one reason under it once, each with its own demand, not one group per demand', () => {
    // Two vehicles, each out to one early stop (A due at 5, B at 14), both with room; C and F (demands 4 and 3) near
    // the depot close at 8: neither route can take them in time.
    const day: Instance = {
      name: 'two vans',
      capacity: 20,
      vehicles: 2,
      depot: { id: 'D', x: 0, y: 0, ready: 0, due: 100 },
      customers: [
        { id: 'A', x: 3, y: 4, demand: 5, ready: 0, due: 5, service: 2 },
        { id: 'B', x: 6, y: 8, demand: 7, ready: 0, due: 14, service: 3 },
        { id: 'C', x: 6, y: 0, demand: 4, ready: 0, due: 8, service: 1 },
        { id: 'F', x: 0, y: -6, demand: 3, ready: 0, due: 8, service: 1 },
      ],
    };
    const evaluation = evaluatePlan(compileProblem(day), [['A'], ['B']], makeVariant('tw1'));
    const groups = groupByReason(notServed(day, evaluation));
    expect(groups).toHaveLength(1);
    // Said of the vehicles with room, all of them: "one has room" read as if the other had none.
    expect(groups[0].reason).toBe(
      'all 2 vehicles are used by other stops; the ones with room for it cannot take it in: it or a later stop would miss its window, or the vehicle be back after the shift ends',
    );
    expect(groups[0].customers.map((c) => [c.id, c.figures])).toEqual([
      ['C', 'demand 4; the most free on one vehicle is 15'],
      ['F', 'demand 3; the most free on one vehicle is 15'],
    ]);
    // Each customer's whole reason, as the exports write it, still holds its figures.
    expect(groups[0].customers[0].reason).toBe(`${groups[0].reason} (demand 4; the most free on one vehicle is 15)`);
  });

  it('gives no group where every customer is served', () => {
    expect(groupByReason([])).toEqual([]);
  });
});
