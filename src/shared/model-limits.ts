import type { Instance } from './domain.js';
import { MAX_MODEL_CUSTOMERS, SLOW_MODEL_CUSTOMERS } from './limits.js';
import { type MethodChoice, usesModel } from './methods.js';

/**
 * What the learned models cannot see (docs/model.md, "The network"): their node features are the paper's five, and
 * service times are not among them. The paper's generator serves every stop for 1 % of the shift and the city days
 * they were fine-tuned on for at most about 3 %; on days of longer stops their greedy plans cost about twice the
 * classical solver's (bench/RESULTS.md section 8, eleventh round). One rule, read by the plan view and `jampr plan`.
 */
export const TRAINED_SERVICE_SHARE = 0.03;

/** A sentence for the dispatcher when the day's stops take longer than the models were trained on, else null. */
export function serviceTimeNotice(instance: Instance): string | null {
  const { customers, depot } = instance;
  const shift = depot.due - depot.ready;
  if (customers.length === 0 || !(shift > 0)) return null;
  const mean = customers.reduce((a, c) => a + c.service, 0) / customers.length;
  if (mean / shift <= TRAINED_SERVICE_SHARE) return null;
  const unit = instance.clockTimes || instance.coordinates?.kind === 'geo' ? ' min' : '';
  return (
    `The learned models do not read service times, and this day's stops take ${Math.round(mean)}${unit} on average ` +
    `(${((100 * mean) / shift).toFixed(1)} % of the shift; they were trained on up to ${100 * TRAINED_SERVICE_SHARE} %): ` +
    'their plans may cost about twice what the classical solver or JAMPR + local search find.'
  );
}

/** Why a learned model may not plan a day of `customers` stops (MAX_MODEL_CUSTOMERS), else null. */
export function modelSizeRefusal(customers: number): string | null {
  if (customers <= MAX_MODEL_CUSTOMERS) return null;
  return (
    `the learned models plan at most ${MAX_MODEL_CUSTOMERS.toLocaleString('en-US')} customers and this day has ` +
    `${customers.toLocaleString('en-US')} (at that size a greedy plan takes tens of minutes): ` +
    'plan it with the classical solver'
  );
}

/** A sentence for the dispatcher before a learned model plans a large day (SLOW_MODEL_CUSTOMERS), else null. */
export function modelSpeedNotice(customers: number): string | null {
  if (customers < SLOW_MODEL_CUSTOMERS) return null;
  const refusal = modelSizeRefusal(customers);
  if (refusal) return `The ${refusal}.`;
  return (
    `A learned model places one stop at a time: on a day of ${customers.toLocaleString('en-US')} stops it takes ` +
    'minutes, not seconds (the classical solver keeps to its time limit). You can cancel it.'
  );
}

/** The speed notice where the chosen method plans with a learned model, else null. */
export const methodSpeedNotice = (method: MethodChoice, customers: number): string | null =>
  usesModel(method) ? modelSpeedNotice(customers) : null;
