/**
 * Whether the day changed after a plan was made, as the plan panel says it and the driver sheets repeat it: changes
 * not saved yet are not in the plan's figures; saved ones are (the store marks the plan `dataChanged`), and customers
 * removed since still stand on its routes until the next plan. One rule, so a sheet never looks current where the
 * panel says the plan is out of date.
 */
import type { StoredPlan } from '../../shared/api.js';
import type { Instance } from '../../shared/domain.js';

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
