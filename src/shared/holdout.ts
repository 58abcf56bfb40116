/**
 * Which of the days a retraining learns from are held out to judge the new model: one rule for the training service
 * and the Training form, which names those days before the run starts.
 */

/** With fewer stored days than this nothing is held out: every day is needed to learn from. */
export const MIN_DAYS_FOR_HOLDOUT = 2;
/** Share of the user's days kept out of training to validate on and to compare the new model with the current one. */
export const HOLDOUT_SHARE = 0.2;
/** Held-out days a new model must be judged on before it replaces the current one: one day is too little evidence. */
export const MIN_DAYS_TO_JUDGE = 3;

/**
 * The most recent days (last in the list: the days in the order they were stored) are held out: a model is judged on
 * days like the ones to come. A fifth of them, but where that is fewer than MIN_DAYS_TO_JUDGE, as many as leave that
 * many to learn from.
 */
export function splitHoldout<T>(days: readonly T[]): { learn: T[]; holdout: T[] } {
  if (days.length < MIN_DAYS_FOR_HOLDOUT) return { learn: [...days], holdout: [] };
  const n = days.length;
  const keep = Math.max(1, Math.round(n * HOLDOUT_SHARE), Math.min(MIN_DAYS_TO_JUDGE, n - MIN_DAYS_TO_JUDGE));
  return { learn: days.slice(0, n - keep), holdout: days.slice(n - keep) };
}
