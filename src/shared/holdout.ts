/**
 * Which of the days a retraining learns from are held out to judge the new model, and how it is judged on them: one
 * rule for the training service, the Training form (which names those days before the run starts) and `jampr train`.
 */
import { someOf } from './some-of.js';

/** With fewer stored days than this nothing is held out: every day is needed to learn from. */
export const MIN_DAYS_FOR_HOLDOUT = 2;
/** Share of the user's days kept out of training to validate on and to compare the new model with the current one. */
export const HOLDOUT_SHARE = 0.2;
/** Held-out days a new model must be judged on before it replaces the current one: one day is too little evidence. */
export const MIN_DAYS_TO_JUDGE = 3;

/**
 * The fewest ticked days that hold out MIN_DAYS_TO_JUDGE, so that the new model can replace the current one: a week of
 * five stored days must be able to (with the three to learn from kept before, five held out two, which is never
 * enough, however much better the new model planned them).
 */
export const MIN_DAYS_TO_ACTIVATE = MIN_DAYS_TO_JUDGE + 1;

/**
 * The most recent days (last in the list: the days in the order they were stored) are held out: a model is judged on
 * days like the ones to come. A fifth of them, but at least MIN_DAYS_TO_JUDGE from MIN_DAYS_TO_ACTIVATE days on, even
 * where that leaves one or two to learn from: the guard's three days are what lets a better model replace the current
 * one (a weaker rule would weaken the guard), and a model that learnt too little from the days left (a freshly
 * perturbed copy of them in every batch, train/sources.ts) plans the held-out ones no better and is not activated.
 */
export function splitHoldout<T>(days: readonly T[]): { learn: T[]; holdout: T[] } {
  if (days.length < MIN_DAYS_FOR_HOLDOUT) return { learn: [...days], holdout: [] };
  const n = days.length;
  const keep = Math.max(1, Math.round(n * HOLDOUT_SHARE), n >= MIN_DAYS_TO_ACTIVATE ? MIN_DAYS_TO_JUDGE : 0);
  return { learn: days.slice(0, n - keep), holdout: days.slice(n - keep) };
}

/**
 * What `ticked` days will do, said before the run starts (the Training form, beside Start): how many are held out and
 * whether the new model can be activated on them.
 */
export function holdoutOutlook(ticked: number): string {
  const held = splitHoldout(Array.from({ length: ticked }, (_, i) => i)).holdout.length;
  const tickMore = `tick ${MIN_DAYS_TO_ACTIVATE} or more days for that`;
  if (ticked === 0) return `No day ticked: it learns from generated days, holds none of yours out, and is not activated (${tickMore}).`;
  if (held === 0) return `1 day ticked: none is held out, so the new model is kept but not activated (${tickMore}).`;
  const of = `${held} of the ${ticked} ticked days ${held === 1 ? 'is' : 'are'} held out`;
  if (held < MIN_DAYS_TO_JUDGE)
    return `${of}: too few to judge by (at least ${MIN_DAYS_TO_JUDGE}), so the new model is kept but not activated (${tickMore}).`;
  return `${of}: the new model is activated if it plans them better than the model in use.`;
}

/**
 * Each model's JAMPR greedy plans of the held-out days as the Plan view gives them (the plan job's greedy decoding,
 * fitted to the fleet): the mean cost in the days' own units (driving minutes and penalties, as the Plan view shows)
 * and the customers left unserved in all. The current model's are null when there was none to compare with.
 */
export interface HoldoutComparison {
  days: number;
  newCost: number;
  newUnserved: number;
  currentCost: number | null;
  currentUnserved: number | null;
}

/**
 * Whether the new model planned the held-out days better than the current one: fewer customers left unserved, or as
 * few at a lower mean cost; null where no model planned them before it. The one rule by which the Training tab
 * activates a retrained model and `jampr train` says whether it is better.
 */
export function plannedBetter(c: HoldoutComparison): boolean | null {
  if (c.currentCost === null || c.currentUnserved === null) return null;
  return c.newUnserved < c.currentUnserved || (c.newUnserved === c.currentUnserved && c.newCost < c.currentCost);
}

/** Whether the comparison has days enough to replace the current model on (MIN_DAYS_TO_JUDGE). */
export const enoughToJudge = (c: HoldoutComparison): boolean => c.days >= MIN_DAYS_TO_JUDGE;

/**
 * The verdicts' words for the comparison, shared by the Training tab and `jampr train`: `on` says what was measured
 * ("mean cost of its greedy plans of 3 held-out days (“a”, “b”, “c”)"), `figure` gives a model's cost in the figures the
 * Plan view shows, with its customers not served.
 */
export function holdoutWords(c: HoldoutComparison, heldOut: readonly string[]) {
  const named = someOf(
    heldOut.map((n) => `“${n}”`),
    5,
  );
  return {
    on: `mean cost of its greedy plans of ${c.days} held-out day${c.days === 1 ? '' : 's'} (${named})`,
    figure: (cost: number, unserved: number) =>
      `${cost.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}${unserved > 0 ? ` (${unserved} customer${unserved === 1 ? '' : 's'} not served)` : ''}`,
    /** "2 held-out days are too few to judge it by (at least 3; …": `more` says where more days come from. */
    tooFew: (more: string) =>
      `${c.days} held-out day${c.days === 1 ? ' is' : 's are'} too few to judge it by (at least ${MIN_DAYS_TO_JUDGE}; ${more})`,
  };
}
