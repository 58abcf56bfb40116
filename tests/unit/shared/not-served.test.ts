import { describe, expect, it } from 'vitest';
import type { Instance } from '../../../src/shared/domain.js';
import { groupByReason, notServed } from '../../../src/shared/not-served.js';

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

  it('gives no group where every customer is served', () => {
    expect(groupByReason([])).toEqual([]);
  });
});
