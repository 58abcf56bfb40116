import { describe, expect, it } from 'vitest';
import type { Instance } from '../../../src/shared/domain.js';
import {
  addCustomer,
  blankInstance,
  messagesByCustomer,
  moveCustomer,
  nextCustomerId,
  removeCustomer,
  updateCustomer,
  updateFleet,
} from '../../../src/renderer/state/draft.js';

const instance = (): Instance => ({
  ...blankInstance('t'),
  customers: [
    { id: '1', x: 10, y: 10, demand: 5, ready: 0, due: 100, service: 10 },
    { id: '3', x: 20, y: 20, demand: 9, ready: 50, due: 200, service: 10 },
    { id: 'x', x: 30, y: 30, demand: 7, ready: 0, due: 300, service: 5 },
  ],
});

describe('editing the instance draft', () => {
  it('gives an added customer the next free numeric id, the shift as window and a typical demand', () => {
    const base = instance();
    const { instance: next, id } = addCustomer(base, 42, 43);
    expect(id).toBe('4');
    expect(next.customers).toHaveLength(4);
    expect(next.customers[3]).toEqual({ id: '4', x: 42, y: 43, demand: 7, ready: 0, due: 1000, service: 10 });
    expect(base.customers).toHaveLength(3);
  });

  it('never reuses the depot id for a new customer', () => {
    const empty = blankInstance('e');
    expect(empty.depot.id).toBe('0');
    expect(nextCustomerId(empty)).toBe('1');
  });

  it('moves a customer or the depot without touching the others', () => {
    const moved = moveCustomer(instance(), '3', 1, 2);
    expect(moved.customers[1]).toMatchObject({ id: '3', x: 1, y: 2 });
    expect(moved.customers[0]).toMatchObject({ x: 10, y: 10 });
    expect(moveCustomer(instance(), '0', 5, 6).depot).toMatchObject({ x: 5, y: 6 });
  });

  it('updates one field of one customer and removes customers by id', () => {
    expect(updateCustomer(instance(), 'x', 'due', 250).customers[2].due).toBe(250);
    expect(removeCustomer(instance(), '1').customers.map((c) => c.id)).toEqual(['3', 'x']);
  });

  it('updates fleet and shift settings', () => {
    const next = updateFleet(updateFleet(instance(), 'vehicles', 3), 'depotDue', 480);
    expect(next.vehicles).toBe(3);
    expect(next.depot.due).toBe(480);
  });

  it('files validation messages under the customer they name and keeps the rest general', () => {
    const { byCustomer, general } = messagesByCustomer(
      [
        'ready time 500 is after due time 400 for customer 3',
        'the instance has no vehicles',
        'demand 900 exceeds capacity for customer 99',
      ],
      instance(),
    );
    expect(byCustomer.get('3')).toEqual(['ready time 500 is after due time 400 for customer 3']);
    expect(general).toEqual(['the instance has no vehicles', 'demand 900 exceeds capacity for customer 99']);
  });

  it('finds customers whose ids hold spaces, and does not take customer 17 for customer 1', () => {
    const withSpaces: Instance = { ...instance(), customers: [...instance().customers, { ...instance().customers[0], id: 'Shop 4' }] };
    const { byCustomer, general } = messagesByCustomer(
      [
        'customer Shop 4 cannot be reached in time: the earliest arrival from the depot is 5, after its due time 4',
        'duplicate id: customer Shop 4 appears 2 times',
        'ready time 9 is after due time 8 for customer 17',
      ],
      withSpaces,
    );
    expect(byCustomer.get('Shop 4')).toHaveLength(2);
    expect(byCustomer.has('1')).toBe(false);
    expect(general).toEqual(['ready time 9 is after due time 8 for customer 17']);
  });
});
