/**
 * Pure edits of the instance being edited (the "draft"). Each returns a new instance and never mutates, so React
 * sees every change and an unsaved edit can be compared with what is stored.
 */
import { MINUTES_PER_DAY, shiftEnd } from '../../shared/clock.js';
import type { Customer, Instance } from '../../shared/domain.js';
import { withShiftWindows } from '../../shared/shift-windows.js';
import { formatCoordinateForEdit } from '../format.js';

export type CustomerField = 'demand' | 'ready' | 'due' | 'service';
export type FleetField = 'vehicles' | 'capacity' | 'depotReady' | 'depotDue' | 'speedKmh';

/** The next free id in the form most of the day's ids take ("L83", "S11", "18"), so added customers read like imported ones. */
export function nextCustomerId(instance: Instance): string {
  const taken = new Set(instance.customers.map((c) => c.id).concat(instance.depot.id));
  // Ids written as a prefix and a number (L01…L82, S1…S10, 17): the next one in the day's most common such form
  // (L83), numbers alone where no form holds most of the day.
  const forms = new Map<string, { prefix: string; width: number; count: number; max: number }>();
  for (const c of instance.customers) {
    const m = /^(.*?)(\d+)$/.exec(c.id);
    if (!m) continue;
    const [, prefix, digits] = m;
    // Zero-padded numbers (L01) give the form its width.
    const padded = digits.startsWith('0') && digits.length > 1 ? digits.length : 1;
    const form = forms.get(prefix) ?? { prefix, width: 1, count: 0, max: 0 };
    form.count++;
    form.max = Math.max(form.max, Number(digits));
    form.width = Math.max(form.width, padded);
    forms.set(prefix, form);
  }
  const common = [...forms.values()].sort((a, b) => b.count - a.count)[0];
  const { prefix, width, max } =
    common && common.count * 2 >= instance.customers.length ? common : { prefix: '', width: 1, max: forms.get('')?.max ?? 0 };
  let candidate = max + 1;
  const write = (n: number) => `${prefix}${String(n).padStart(width, '0')}`;
  while (taken.has(write(candidate))) candidate++;
  return write(candidate);
}

/** Adds a customer at (x, y) with the shift as its window (following it, as a blank cell in a file does) and the most common demand/service of the others. */
export function addCustomer(instance: Instance, x: number, y: number): { instance: Instance; id: string } {
  const id = nextCustomerId(instance);
  const customer: Customer = {
    id,
    x,
    y,
    demand: typical(
      instance.customers.map((c) => c.demand),
      10,
    ),
    ready: instance.depot.ready,
    due: shiftEnd(instance.depot.due, instance.depot.ready),
    opensWithShift: true,
    closesWithShift: true,
    service: typical(
      instance.customers.map((c) => c.service),
      10,
    ),
  };
  return { instance: { ...instance, customers: [...instance.customers, customer] }, id };
}

function typical(values: number[], fallback: number): number {
  if (values.length === 0) return fallback;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export function moveCustomer(instance: Instance, id: string, x: number, y: number): Instance {
  if (id === instance.depot.id) return { ...instance, depot: { ...instance.depot, x, y } };
  return { ...instance, customers: instance.customers.map((c) => (c.id === id ? { ...c, x, y } : c)) };
}

/**
 * Where a position typed into its cells (the depot's, a selected customer's) puts the place: an axis typed as its cell
 * shows the saved day's value (formatCoordinateForEdit) is that value. A file's 52.5200066 shows as 52.520007: typed
 * back after a slip of the mouse, it is the saved place again, not an unsaved edit a few centimetres away. Any other
 * number is taken as typed, one with more decimals too (52.52000661 is a new place, however near).
 */
export function typedPosition(saved: Instance | undefined, id: string, x: number, y: number): { x: number; y: number } {
  const place = saved && (saved.depot.id === id ? saved.depot : saved.customers.find((c) => c.id === id));
  if (!place) return { x, y };
  const asShown = (typed: number, kept: number) => (typed === Number(formatCoordinateForEdit(kept)) ? kept : typed);
  return { x: asShown(x, place.x), y: asShown(y, place.y) };
}

/** A window time typed for a customer is its own from then on: that edge no longer follows the shift. */
export function updateCustomer(instance: Instance, id: string, field: CustomerField, value: number): Instance {
  const edit = (c: Customer): Customer => {
    const { opensWithShift, closesWithShift, ...rest } = c;
    return {
      ...rest,
      ...(opensWithShift && field !== 'ready' ? { opensWithShift } : {}),
      ...(closesWithShift && field !== 'due' ? { closesWithShift } : {}),
      [field]: value,
    };
  };
  return { ...instance, customers: instance.customers.map((c) => (c.id === id ? edit(c) : c)) };
}

/** An emptied window cell: that edge follows the shift again, as a blank cell in an imported file does. */
export function followShift(instance: Instance, id: string, edge: 'ready' | 'due'): Instance {
  const flag = edge === 'ready' ? 'opensWithShift' : 'closesWithShift';
  return withShiftWindows({ ...instance, customers: instance.customers.map((c) => (c.id === id ? { ...c, [flag]: true } : c)) });
}

/**
 * Whether two versions of a day are the same day: every field equal, whatever the order of their keys (an edit
 * rebuilds a customer) and whether a field left out is missing or undefined. A position dragged away and typed back,
 * or a demand changed and changed back, gives the saved day again, though not the saved object.
 */
export function sameInstance(a: Instance, b: Instance): boolean {
  return sameValue(a, b);
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  }
  const [x, y] = [a as Record<string, unknown>, b as Record<string, unknown>];
  const given = (o: Record<string, unknown>) => Object.keys(o).filter((key) => o[key] !== undefined);
  const keys = given(x);
  return keys.length === given(y).length && keys.every((key) => sameValue(x[key], y[key]));
}

/**
 * Whether the draft holds edits that leaving it would lose: it is not the stored day, or, for a day never saved, not
 * the day it started as (an untouched New has nothing to lose, though it is not saved). Edits that lead back to that
 * day (a position typed back, an undo) leave nothing to lose.
 */
export function hasEdits(draft: Instance | null, stored: Instance | undefined, startedAs: Instance | null): boolean {
  const base = stored ?? startedAs;
  return draft !== null && (base === null || !sameInstance(draft, base));
}

/** Customers (and the depot) whose place differs between the stored instance and the draft: moved on the map. */
export function movedOnMap(stored: Instance, draft: Instance): string[] {
  const before = new Map([stored.depot, ...stored.customers].map((c) => [c.id, c]));
  return [draft.depot, ...draft.customers]
    .filter((c) => {
      const was = before.get(c.id);
      return was !== undefined && (was.x !== c.x || was.y !== c.y);
    })
    .map((c) => c.id);
}

export function removeCustomer(instance: Instance, id: string): Instance {
  return { ...instance, customers: instance.customers.filter((c) => c.id !== id) };
}

export function updateFleet(instance: Instance, field: FleetField, value: number): Instance {
  switch (field) {
    case 'vehicles':
      return { ...instance, vehicles: value };
    case 'capacity':
      return { ...instance, capacity: value };
    case 'depotReady':
      return withShiftWindows({ ...instance, depot: { ...instance.depot, ready: value, due: endAfterStart(instance, value) } });
    case 'depotDue':
      return withShiftWindows({ ...instance, depot: { ...instance.depot, due: value } });
    case 'speedKmh':
      // Only lat/lon days have a speed (travel of x/y days is their distance).
      return instance.coordinates?.kind === 'geo' ? { ...instance, coordinates: { kind: 'geo', speedKmh: value } } : instance;
  }
}

/**
 * On a clock, a shift end that the new start has passed is the next day's (18:00 after a 19:00 start is 18:00+1, as
 * the shift-end field reads a time typed after it), and a next-day end more than a day after the new start is the
 * same day's again (a night shift's 06:00+1 after a 05:00 start is 06:00). Abstract times are left as typed.
 */
function endAfterStart(instance: Instance, start: number): number {
  const { due } = instance.depot;
  if (!instance.clockTimes) return due;
  if (due < start && due + MINUTES_PER_DAY >= start) return due + MINUTES_PER_DAY;
  if (due > MINUTES_PER_DAY && due - start > MINUTES_PER_DAY) return due - MINUTES_PER_DAY;
  return due;
}

/** A blank planar instance to start drawing on: depot in the middle of a 100 x 100 field, shift [0, 1000]. */
export function blankInstance(name: string): Instance {
  return {
    name,
    depot: { id: '0', x: 50, y: 50, ready: 0, due: 1000 },
    capacity: 200,
    vehicles: 10,
    customers: [],
    coordinates: { kind: 'planar' },
  };
}

/**
 * The customer of the instance a message names ("… for customer Shop 4"): after "customer ", the longest known id
 * that ends where a word ends. Ids are matched against the instance rather than by a pattern, since they may hold
 * spaces or punctuation.
 */
function customerNamed(message: string, idsLongestFirst: readonly string[]): string | undefined {
  for (const mention of message.matchAll(/customer\s+"?/gi)) {
    const rest = message.slice(mention.index + mention[0].length);
    const id = idsLongestFirst.find((id) => rest.startsWith(id) && /^(?:$|[\s",:;)'])/.test(rest.slice(id.length)));
    if (id !== undefined) return id;
  }
  return undefined;
}

/** Messages from the routing core that name a customer ("... for customer 17") grouped by that customer. */
export function messagesByCustomer(messages: string[], instance: Instance): { byCustomer: Map<string, string[]>; general: string[] } {
  const ids = instance.customers.map((c) => c.id).sort((a, b) => b.length - a.length);
  const byCustomer = new Map<string, string[]>();
  const general: string[] = [];
  for (const message of messages) {
    const id = customerNamed(message, ids);
    if (id !== undefined) byCustomer.set(id, [...(byCustomer.get(id) ?? []), message]);
    else general.push(message);
  }
  return { byCustomer, general };
}
