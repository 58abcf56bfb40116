import type { HeldPlan, StoredPlan } from './api.js';
import { ADDED_AFTER, leftOutBecause, TAKEN_OFF } from './not-served.js';

/**
 * The plan as the API takes it from a window: what made it and its routes (its figures are made again there), and the
 * customers it leaves out for reasons the evaluator cannot give (taken off by hand, added after it was made).
 */
export function heldPlan(plan: StoredPlan): HeldPlan {
  const { variant, method, modelName, routes, seconds, effort, greedyKept, cutShort, dataChanged, evaluation } = plan;
  const takenOff = leftOutBecause(evaluation, TAKEN_OFF);
  const addedAfter = leftOutBecause(evaluation, ADDED_AFTER);
  const reasons = { ...(takenOff.length > 0 ? { takenOff } : {}), ...(addedAfter.length > 0 ? { addedAfter } : {}) };
  return { variant, method, modelName, routes, seconds, effort, greedyKept, cutShort, dataChanged, ...reasons };
}
