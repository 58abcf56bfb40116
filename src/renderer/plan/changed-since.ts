/**
 * Whether the day changed after a plan was made, as the plan panel says it and the driver sheets repeat it: changes
 * not saved yet are not in the plan's figures; saved ones are (the store marks the plan `dataChanged`), and customers
 * removed since still stand on its routes until the next plan. One rule, so a sheet never looks current where the
 * panel says the plan is out of date.
 */
import type { StoredPlan } from '../../shared/api.js';
import type { Instance } from '../../shared/domain.js';
import { formatCost } from '../format.js';

export type ChangedSince = { kind: 'unsaved' } | { kind: 'saved'; removed: string[] };

export function changedSincePlanned(
  instance: Instance,
  plan: Pick<StoredPlan, 'dataChanged'>,
  routes: string[][],
  unsavedChanges: boolean,
): ChangedSince | null {
  if (unsavedChanges) return { kind: 'unsaved' };
  const known = new Set(instance.customers.map((c) => c.id));
  const removed = routes.flat().filter((id) => !known.has(id) && id !== instance.depot.id);
  return plan.dataChanged || removed.length > 0 ? { kind: 'saved', removed } : null;
}

/**
 * The cost a changed plan had when it was made, where it reads differently from today's: an edit that changes only
 * what the cost does not count (an order's size under hard windows) leaves nothing to compare.
 */
export function costWhenPlanned(plan: Pick<StoredPlan, 'plannedCost'>, costNow: number): string | null {
  if (plan.plannedCost === undefined) return null;
  const then = formatCost(plan.plannedCost);
  return then === formatCost(costNow) ? null : then;
}
