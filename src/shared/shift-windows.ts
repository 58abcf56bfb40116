import { shiftEnd } from './clock.js';
import type { Customer, Depot } from './domain.js';

/**
 * Windows that follow the shift: a customer whose window cell was blank in its file ("all day"), or that was added
 * on the map, opens with the shift's start and closes with its end, whatever the shift's hours are later set to. The
 * customer says which of its edges do (`opensWithShift`, `closesWithShift`); its `ready` and `due` then hold the
 * shift's hours, kept so by this one function wherever an instance arrives or its shift is edited. A night shift's end
 * is the clock's (06:00 after a 22:00 start is 06:00+1), as its customers' times are.
 */
export function withShiftWindows<I extends { depot: Depot; customers: Customer[] }>(instance: I): I {
  const { depot } = instance;
  const closes = shiftEnd(depot.due, depot.ready);
  let moved = false;
  const customers = instance.customers.map((c) => {
    const ready = c.opensWithShift ? depot.ready : c.ready;
    const due = c.closesWithShift ? closes : c.due;
    if (ready === c.ready && due === c.due) return c;
    moved = true;
    return { ...c, ready, due };
  });
  return moved ? { ...instance, customers } : instance;
}
