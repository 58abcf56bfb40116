/**
 * The data a plan is made from, and so the one rule for when a plan is out of date: a plan is current while the day
 * gives the same planning data it was made on, and out of date after any change to it (a window, a position, an
 * order, the fleet, the speed), whether or not the change moves a figure: a window widened for a customer the plan
 * left out changes no cost, yet the reason the plan gave for leaving it out is no longer true. Labels are not planning
 * data: the day's name, the places' names and addresses and how times are shown are read by no planner, and every view
 * prints them as they are now.
 */
import type { Instance } from './domain.js';

/** The day without its labels, as one canonical text (keys sorted, unset fields left out): equal texts, same plans. */
export function planningDataText(instance: Instance): string {
  const { name: _name, clockTimes: _clockTimes, depot, customers, coordinates, ...rest } = instance;
  const unlabelled = <T extends { name?: string; address?: string }>({ name: _n, address: _a, ...node }: T) => node;
  return canonicalJson({
    ...rest,
    // No coordinates are planar ones (domain.ts): a day saved with the kind written out is the same day.
    coordinates: coordinates ?? { kind: 'planar' },
    depot: unlabelled(depot),
    customers: customers.map(unlabelled),
  });
}

/** Whether two versions of a day plan alike (the Compare view's "saved since", the store's "out of date"). */
export const samePlanningData = (a: Instance, b: Instance): boolean => planningDataText(a) === planningDataText(b);

/** JSON with every object's keys sorted: the same data gives the same text whatever order it was built in. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
