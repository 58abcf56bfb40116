import type { CallRequest, HeldPlan, StoredInstance, StoredPlan } from './api.js';
import type { Instance, Routes } from './domain.js';
import { ADDED_AFTER, customersKnownTo, leftOutBecause, TAKEN_OFF } from './not-served.js';

/**
 * The plan as the API takes it from a window: what made it and its routes (its figures are made again there), and the
 * customers it leaves out for reasons the evaluator cannot give (taken off by hand, added after it was made).
 * `keptWith`: the day it goes with where that is not the day it was scored on (a day with customers added and not
 * saved, kept as a new day): its customers the plan never knew were added after it too, as a saved addition reads.
 */
export function heldPlan(plan: StoredPlan, keptWith?: Pick<Instance, 'customers'>): HeldPlan {
  const { variant, method, modelName, routes, seconds, effort, greedyKept, cutShort, dataChanged, evaluation } = plan;
  const takenOff = leftOutBecause(evaluation, TAKEN_OFF);
  const known = customersKnownTo(plan);
  const unknown = (keptWith?.customers ?? []).map((c) => c.id).filter((id) => !known.has(id));
  const addedAfter = [...leftOutBecause(evaluation, ADDED_AFTER), ...unknown];
  const reasons = { ...(takenOff.length > 0 ? { takenOff } : {}), ...(addedAfter.length > 0 ? { addedAfter } : {}) };
  return { variant, method, modelName, routes, seconds, effort, greedyKept, cutShort, dataChanged, ...reasons };
}

/**
 * Hand edits of `plan` not saved yet, as a window keeps them with its day stored as the new day `copy` (plans:saveEdited):
 * without the customers removed from the day before it was stored, with the plan they are edits of, so that the stops
 * they took off stay taken off by hand and those added to the day and not saved before read as added after the plan,
 * not as left out by it.
 */
export function keptEdits(plan: StoredPlan, routes: Routes, copy: StoredInstance): CallRequest<'plans:saveEdited'> {
  const onCopy = new Set(copy.instance.customers.map((c) => c.id));
  const kept = routes.map((route) => route.filter((id) => onCopy.has(id)));
  return { instanceId: copy.id, variant: plan.variant, routes: kept, held: heldPlan(plan, copy.instance) };
}
