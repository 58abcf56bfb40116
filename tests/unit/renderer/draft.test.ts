import { describe, expect, it } from 'vitest';
import type { Instance } from '../../../src/shared/domain.js';
import {
  addCustomer,
  blankInstance,
  followShift,
  hasEdits,
  messagesByCustomer,
  moveCustomer,
  nextCustomerId,
  removeCustomer,
  sameInstance,
  typedPosition,
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
    expect(next.customers[3]).toEqual({
      id: '4',
      x: 42,
      y: 43,
      demand: 7,
      ready: 0,
      due: 1000,
      service: 10,
      opensWithShift: true,
      closesWithShift: true,
    });
    expect(base.customers).toHaveLength(3);
  });

  it('never reuses the depot id for a new customer', () => {
    const empty = blankInstance('e');
    expect(empty.depot.id).toBe('0');
    expect(nextCustomerId(empty)).toBe('1');
  });

  it("numbers a new customer in the day's own form of ids", () => {
    const withIds = (...ids: string[]) => ({ ...blankInstance('d'), customers: ids.map((id) => ({ ...instance().customers[0], id })) });
    expect(nextCustomerId(withIds('L01', 'L02', 'L82'))).toBe('L83');
    expect(nextCustomerId(withIds('S1', 'S2', 'S10', 'Bakery'))).toBe('S11');
    expect(nextCustomerId(withIds('7', '12', 'x'))).toBe('13');
    // No form holds most of the day: numbers alone, after any number in use.
    expect(nextCustomerId(withIds('Bakery', 'Kiosk', 'A1'))).toBe('1');
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

  it('moves the windows that follow the shift along with it, and no others', () => {
    // A 07:00–18:00 day: "all day" (blank cells in the file), "from 13:00" (a blank due), a morning slot, and a slot
    // that happens to be the shift's hours but was typed (a shop's opening hours: they must not grow with overtime).
    const day: Instance = {
      ...blankInstance('d'),
      depot: { id: '0', x: 50, y: 50, ready: 420, due: 1080 },
      customers: [
        { id: 'all', x: 1, y: 1, demand: 1, ready: 420, due: 1080, service: 5, opensWithShift: true, closesWithShift: true },
        { id: 'pm', x: 2, y: 2, demand: 1, ready: 780, due: 1080, service: 5, closesWithShift: true },
        { id: 'am', x: 3, y: 3, demand: 1, ready: 480, due: 720, service: 5 },
        { id: 'shop', x: 4, y: 4, demand: 1, ready: 420, due: 1080, service: 5 },
      ],
    };
    const windows = (i: Instance) => i.customers.map((c) => [c.id, c.ready, c.due]);
    const longer = updateFleet(updateFleet(day, 'depotReady', 360), 'depotDue', 1200);
    expect(longer.depot).toMatchObject({ ready: 360, due: 1200 });
    expect(windows(longer)).toEqual([
      ['all', 360, 1200],
      ['pm', 780, 1200],
      ['am', 480, 720],
      ['shop', 420, 1080],
    ]);
    expect(windows(day)[0]).toEqual(['all', 420, 1080]);
    // A time typed for a window that followed the shift is its own from then on; the other edge still follows.
    const typed = updateCustomer(longer, 'all', 'due', 900);
    expect(typed.customers[0]).toMatchObject({ ready: 360, due: 900, opensWithShift: true });
    expect(typed.customers[0].closesWithShift).toBeUndefined();
    expect(windows(updateFleet(typed, 'depotReady', 300))[0]).toEqual(['all', 300, 900]);
    // An emptied cell follows the shift again: the shop's closing moves to the shift's end, and with it later.
    const following = followShift(longer, 'shop', 'due');
    expect(windows(following)[3]).toEqual(['shop', 420, 1200]);
    expect(windows(updateFleet(following, 'depotDue', 1140))[3]).toEqual(['shop', 420, 1140]);
  });

  it("reads a night shift's new end as the next day's for the windows that close with it", () => {
    // 22:00–06:00+1, as imported: the depot's end and the all-night window's are 06:00+1 (1800).
    const night: Instance = {
      ...blankInstance('n'),
      depot: { id: '0', x: 50, y: 50, ready: 1320, due: 1800 },
      customers: [{ id: 'all', x: 1, y: 1, demand: 1, ready: 1320, due: 1800, service: 5, opensWithShift: true, closesWithShift: true }],
    };
    const later = updateFleet(night, 'depotDue', 420); // 07:00 typed in the shift-end cell
    expect(later.customers[0]).toMatchObject({ ready: 1320, due: 1860 });
  });

  it('reads a shift start typed after the end as a night shift, and a night end as the same day once the start allows', () => {
    const day: Instance = {
      ...blankInstance('d'),
      clockTimes: true,
      depot: { id: '0', x: 50, y: 50, ready: 420, due: 1080 },
      customers: [{ id: 'all', x: 1, y: 1, demand: 1, ready: 420, due: 1080, service: 5, opensWithShift: true, closesWithShift: true }],
    };
    // 19:00 typed as the start of a 07:00–18:00 shift: it runs to 18:00+1, as the shift note says, not "start after end".
    const night = updateFleet(day, 'depotReady', 1140);
    expect(night.depot).toMatchObject({ ready: 1140, due: 1080 + 1440 });
    expect(night.customers[0]).toMatchObject({ ready: 1140, due: 2520 });
    // 05:00 typed as the start of 22:00–06:00+1: it runs to 06:00 the same day, not for 25 hours.
    const early = updateFleet({ ...day, depot: { ...day.depot, ready: 1320, due: 1800 } }, 'depotReady', 300);
    expect(early.depot).toMatchObject({ ready: 300, due: 360 });
    // Abstract (non-clock) times are taken as typed.
    expect(updateFleet({ ...day, clockTimes: false }, 'depotReady', 1140).depot.due).toBe(1080);
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
        'duplicate id: customer Shop 4 appears 2 times: give each stop its own id',
        'ready time 9 is after due time 8 for customer 17',
      ],
      withSpaces,
    );
    expect(byCustomer.get('Shop 4')).toHaveLength(2);
    expect(byCustomer.has('1')).toBe(false);
    expect(general).toEqual(['ready time 9 is after due time 8 for customer 17']);
  });
});

describe('hasEdits', () => {
  it('finds no edits in a day just started (New) or just opened, and finds them once it is edited', () => {
    const started = blankInstance('New instance');
    expect(hasEdits(started, undefined, started)).toBe(false);
    const edited = addCustomer(started, 10, 10).instance;
    expect(hasEdits(edited, undefined, started)).toBe(true);
    const stored = instance();
    expect(hasEdits(stored, stored, started)).toBe(false);
    expect(hasEdits(updateFleet(stored, 'vehicles', 3), stored, null)).toBe(true);
    expect(hasEdits(null, undefined, null)).toBe(false);
  });

  it('finds none once a position dragged away is typed back to the saved one, or a demand changed back', () => {
    const stored = instance();
    const dragged = moveCustomer(moveCustomer(stored, '3', 20.1234567, 19.9876543), '0', 50.3, 49.7);
    expect(hasEdits(dragged, stored, null)).toBe(true);
    const depotBack = moveCustomer(dragged, '0', 50, 50);
    expect(hasEdits(depotBack, stored, null), 'customer 3 is still away').toBe(true);
    expect(hasEdits(moveCustomer(depotBack, '3', 20, 20), stored, null)).toBe(false);
    const demandBack = updateCustomer(updateCustomer(stored, '1', 'demand', 6), '1', 'demand', 5);
    expect(hasEdits(demandBack, stored, null)).toBe(false);
    // Back to the day a New started as: nothing to lose either.
    const started = blankInstance('New instance');
    expect(hasEdits(updateFleet(updateFleet(started, 'vehicles', 3), 'vehicles', 10), undefined, started)).toBe(false);
  });
});

describe('typedPosition', () => {
  it('takes an axis typed as its cell shows the saved value (6 decimals) for the saved value, and any other as typed', () => {
    const stored = moveCustomer(moveCustomer(instance(), '3', 13.41320004, 52.5219066), '0', 50.1234567, 49.7654321);
    expect(typedPosition(stored, '3', 13.4132, 52.521907)).toEqual({ x: 13.41320004, y: 52.5219066 });
    expect(typedPosition(stored, '0', 50.123457, 49.765432)).toEqual({ x: 50.1234567, y: 49.7654321 });
    // One axis typed back, the other somewhere else (a tenth of a metre away is another place).
    expect(typedPosition(stored, '3', 13.4132, 52.5219)).toEqual({ x: 13.41320004, y: 52.5219 });
    // More decimals than the cell shows are the dispatcher's own, however near the saved value they lie.
    expect(typedPosition(stored, '3', 13.41320001, 52.52190661)).toEqual({ x: 13.41320001, y: 52.52190661 });
    // Typed back, the day is the saved one: nothing to save.
    const dragged = moveCustomer(stored, '3', 13.5, 52.6);
    const back = typedPosition(stored, '3', 13.4132, 52.521907);
    expect(hasEdits(moveCustomer(dragged, '3', back.x, back.y), stored, null)).toBe(false);
    // A customer the saved day has not (added since), or a day never saved: as typed.
    expect(typedPosition(stored, 'new', 1.0000001, 2)).toEqual({ x: 1.0000001, y: 2 });
    expect(typedPosition(undefined, '3', 13.4132, 52.521907)).toEqual({ x: 13.4132, y: 52.521907 });
  });
});

describe('sameInstance', () => {
  it('compares every field, whatever the order of the keys, a field left out the same as one undefined', () => {
    const stored = instance();
    const [first, ...rest] = stored.customers;
    const reordered = {
      service: first.service,
      due: first.due,
      ready: first.ready,
      demand: first.demand,
      y: first.y,
      x: first.x,
      id: first.id,
    };
    expect(sameInstance({ ...stored, customers: [reordered, ...rest] }, stored)).toBe(true);
    expect(sameInstance({ ...stored, customers: [{ ...first, name: undefined }, ...rest] }, stored)).toBe(true);
    expect(sameInstance({ ...stored, customers: [{ ...first, name: 'Bakery' }, ...rest] }, stored)).toBe(false);
    expect(sameInstance({ ...stored, customers: rest }, stored)).toBe(false);
    expect(sameInstance(moveCustomer(stored, '1', 10, 10.000001), stored)).toBe(false);
    expect(sameInstance({ ...stored, name: 'other' }, stored)).toBe(false);
  });
});
