/**
 * Whether the day changed after a plan was made, as the plan panel says it, the driver sheets repeat it and the plan
 * exports (CSV and JSON) write it: changes not saved yet are not in the plan's figures; saved ones are (the store marks
 * the plan `dataChanged`), and customers removed since still stand on its routes until the next plan. One rule, so no
 * sheet or file looks current where the panel says the plan is out of date, hand edits of the plan included.
 */
import type { Instance } from './domain.js';

export type ChangedSince = { kind: 'unsaved' } | { kind: 'saved'; removed: string[] };

/** `routes`: those shown (hand edits of the plan, or its own); `unsavedChanges`: the day on screen is not saved. */
export function changedSincePlanned(
  instance: Instance,
  plan: { dataChanged?: boolean },
  routes: string[][],
  unsavedChanges: boolean,
): ChangedSince | null {
  if (unsavedChanges) return { kind: 'unsaved' };
  const known = new Set(instance.customers.map((c) => c.id));
  const removed = routes.flat().filter((id) => !known.has(id) && id !== instance.depot.id);
  return plan.dataChanged || removed.length > 0 ? { kind: 'saved', removed } : null;
}
