/**
 * Which of the days a retraining learns from are held out to judge the new model, and how it is judged on them: one
 * rule for the training service, the Training form (which names those days before the run starts) and `jampr train`.
 */
import { MAX_MODEL_CUSTOMERS, SLOW_MODEL_CUSTOMERS } from './limits.js';
import { modelSizeRefusal, modelSpeedNotice } from './model-limits.js';
import { someOf } from './some-of.js';
import { messageNumber } from './number-text.js';

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
 * What the Training tab asks of a dispatcher whose run holds out too few of their days to activate its model, before
 * the run (holdoutOutlook) and in its verdict after it (services/training-verdict.ts): to tick days, as they may have
 * many stored and none ticked (then the run learns from generated days).
 */
export const TICK_MORE_DAYS = `tick ${MIN_DAYS_TO_ACTIVATE} or more stored days`;

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
  const tickMore = `${TICK_MORE_DAYS} for that`;
  if (ticked === 0) return `No day ticked: it learns from generated days, holds none of yours out, and is not activated (${tickMore}).`;
  if (held === 0) return `1 day ticked: none is held out, so the new model is kept but not activated (${tickMore}).`;
  const of = `${held} of the ${ticked} ticked days ${held === 1 ? 'is' : 'are'} held out`;
  if (held < MIN_DAYS_TO_JUDGE)
    return `${of}: too few to judge by (at least ${MIN_DAYS_TO_JUDGE}), so the new model is kept but not activated (${tickMore}).`;
  return `${of}: the new model is activated if it plans them better than the model in use.`;
}

/**
 * Said before Start (the Training form, under the outlook) where a held-out day is big enough for a learned model to take
 * minutes to plan it, by the rule the Plan view's notice uses (modelSpeedNotice, SLOW_MODEL_CUSTOMERS): judging plans
 * each held-out day once with each model within the run's minutes, and the form's "a few seconds a day" is minutes
 * there (a greedy plan of 1,000 stops took minutes on a busy machine). Days above MAX_MODEL_CUSTOMERS no learned model
 * plans at all, so the judging of them would fail. Null where every held-out day is small.
 */
export function holdoutSpeedNotice(heldOut: readonly { name: string; customers: number }[]): string | null {
  const big = heldOut.filter((day) => modelSpeedNotice(day.customers) !== null);
  if (big.length === 0) return null;
  const one = big.length === 1;
  const named = someOf(
    big.map((day) => `“${day.name}” (${messageNumber(day.customers)} customers)`),
    3,
  );
  const tooBig = big.filter((day) => modelSizeRefusal(day.customers) !== null);
  const cannot =
    tooBig.length > 0
      ? ` The learned models plan at most ${messageNumber(MAX_MODEL_CUSTOMERS)} customers, so a bigger day cannot be judged on: untick ${tooBig.length === 1 ? `“${tooBig[0].name}”` : 'those'}.`
      : '';
  return (
    `${named} ${one ? 'is' : 'are'} held out to judge the new model: both models plan ${one ? 'it' : 'each'} once within the run's minutes ` +
    `(the model in use as the run starts, the new one as it ends), and on a day of ${messageNumber(SLOW_MODEL_CUSTOMERS)} customers or more that takes minutes, not seconds. ` +
    `To judge sooner, untick ${one ? 'it' : 'them'} (the next most recent days are then held out).${cannot}`
  );
}

/**
 * Each model's JAMPR greedy plans of the held-out days as the Plan view gives them (the plan job's greedy decoding,
 * fitted to the fleet): each day's cost in the day's own units (driving minutes and penalties, as the Plan view shows;
 * a planar day's in its own units), in the order of the days, and the customers left unserved in all. The current
 * model's are null when there was none to compare with.
 */
export interface HoldoutComparison {
  days: number;
  newCosts: number[];
  newUnserved: number;
  /** The customers each day's plan left unserved, in the order of the days (newUnserved is their sum). */
  newUnservedByDay: number[];
  currentCosts: number[] | null;
  currentUnserved: number | null;
  currentUnservedByDay: number[] | null;
}

/**
 * The comparison on the days of it that `keep` marks (in the order of the days): a held-out day deleted during the run is
 * left out of the judging, which counts only the dispatcher's days still stored.
 */
export function onDays(c: HoldoutComparison, keep: readonly boolean[]): HoldoutComparison {
  const kept = <T>(days: readonly T[]) => days.filter((_, d) => keep[d]);
  const sum = (days: readonly number[]) => days.reduce((total, u) => total + u, 0);
  const current = c.currentCosts && c.currentUnservedByDay ? { costs: kept(c.currentCosts), unserved: kept(c.currentUnservedByDay) } : null;
  return {
    days: kept(c.newCosts).length,
    newCosts: kept(c.newCosts),
    newUnserved: sum(kept(c.newUnservedByDay)),
    newUnservedByDay: kept(c.newUnservedByDay),
    currentCosts: current?.costs ?? null,
    currentUnserved: current ? sum(current.unserved) : null,
    currentUnservedByDay: current?.unserved ?? null,
  };
}

/** The mean of the days' costs: the figure the learning curve and the Models table give for a model on the held-out days. */
export const meanCost = (costs: readonly number[]): number => costs.reduce((sum, c) => sum + c, 0) / Math.max(1, costs.length);

/**
 * How the new model's plans cost against the current one's, day by day: the geometric mean of each day's ratio (new over
 * current), 0.9 for 10 % less. A ratio weighs each day alike, whatever its size or units: in the mean of the costs a
 * day of 1,000 stops, or a planar day in its own units, outweighed the dispatcher's other days, and a model that planned
 * every other day better could lose on that one alone. A day both plan at the same cost (nothing to plan) counts as 1;
 * null without a current model.
 */
export function costRatio(c: Pick<HoldoutComparison, 'newCosts' | 'currentCosts'>): number | null {
  if (c.currentCosts === null) return null;
  const current = c.currentCosts;
  const logs = c.newCosts.map((cost, d) => (cost === current[d] ? 0 : Math.log(cost / current[d])));
  return Math.exp(logs.reduce((sum, l) => sum + l, 0) / Math.max(1, logs.length));
}

/**
 * Whether the new model planned the held-out days better than the current one: fewer customers left unserved, or as
 * few at a lower cost day by day (costRatio under 1); null where no model planned them before it. The one rule by which
 * the Training tab activates a retrained model and `jampr train` says whether it is better.
 */
export function plannedBetter(c: HoldoutComparison): boolean | null {
  const ratio = costRatio(c);
  if (ratio === null || c.currentUnserved === null) return null;
  return c.newUnserved < c.currentUnserved || (c.newUnserved === c.currentUnserved && ratio < 1);
}

/** Whether the comparison has days enough to replace the current model on (MIN_DAYS_TO_JUDGE). */
export const enoughToJudge = (c: HoldoutComparison): boolean => c.days >= MIN_DAYS_TO_JUDGE;

/**
 * Held-out days changed during a run (the app's Training tab): judged as stored at its end (`now`, by name), or, where a
 * learned model no longer plans one, as at its start (`asBefore`, each named with why).
 */
export interface ChangedDuringRun {
  now: readonly string[];
  asBefore: readonly string[];
}

/**
 * The verdicts' words for the comparison, shared by the Training tab and `jampr train`: `on` says what was measured
 * ("mean cost of its greedy plans of 3 held-out days (“a”, “b”, “c”)"), `fresh` and `current` each model's mean cost in
 * the figures the Plan view shows, with its customers not served; `dayByDay` the cost ratio that judges it ("day by day
 * 19.1 % less (…)"), null without a current model.
 */
export function holdoutWords(
  c: HoldoutComparison,
  heldOut: readonly string[],
  deleted: readonly string[] = [],
  changed: ChangedDuringRun = { now: [], asBefore: [] },
) {
  const named = someOf(
    heldOut.map((n) => `“${n}”`),
    5,
  );
  const one = (days: readonly unknown[], singular: string, plural: string) => (days.length === 1 ? singular : plural);
  // A held-out day deleted during the run is left out of the judging (onDays), and said so beside the days judged on;
  // one changed during it is judged as stored at the end (services/held-out-at-end.ts), also said.
  const gone = deleted.length
    ? `; ${someOf(
        deleted.map((n) => `“${n}”`),
        5,
      )} ${one(deleted, 'was', 'were')} deleted during the run and ${one(deleted, 'is', 'are')} left out`
    : '';
  const now = changed.now.length
    ? `; ${someOf(
        changed.now.map((n) => `“${n}”`),
        5,
      )} ${one(changed.now, 'was', 'were')} changed during the run and ${one(changed.now, 'is', 'are')} judged as stored now`
    : '';
  const asBefore = changed.asBefore.length
    ? `; ${someOf(changed.asBefore, 5)} ${one(changed.asBefore, 'was', 'were')} changed during the run but ${one(changed.asBefore, 'is', 'are')} judged as read at its start`
    : '';
  const ratio = costRatio(c);
  return {
    on: `mean cost of its greedy plans of ${c.days} held-out day${c.days === 1 ? '' : 's'} (${named}${gone}${now}${asBefore})`,
    /** The new model's mean cost of the days, and the current one's (null without one), in the figures above. */
    fresh: heldOutFigure(meanCost(c.newCosts), c.newUnserved),
    current: c.currentCosts === null || c.currentUnserved === null ? null : heldOutFigure(meanCost(c.currentCosts), c.currentUnserved),
    dayByDay: ratio === null ? null : `day by day ${ratioWords(ratio)} (the geometric mean of the per-day cost ratios, which judges it)`,
    /** "2 held-out days are too few to judge it by (at least 3; …": `more` says where more days come from. */
    tooFew: (more: string) =>
      `${c.days} held-out day${c.days === 1 ? ' is' : 's are'} too few to judge it by (at least ${MIN_DAYS_TO_JUDGE}; ${more})`,
  };
}

/**
 * A model's cost to one decimal, as the Plan view shows it but with no thousands separator (a message's figure,
 * number-text.ts), with its customers not served: "787.8 (1 customer not served)", "1234.0". The one way a model's
 * figure on the held-out days is written: in the verdicts, and in the learning curve's caption beside them.
 */
export const heldOutFigure = (cost: number, unserved = 0) =>
  `${Number.isFinite(cost) ? cost.toFixed(1) : messageNumber(cost)}${unserved > 0 ? ` (${unserved} customer${unserved === 1 ? '' : 's'} not served)` : ''}`;

/** "19.1 % less", "4.0 % more", "under 0.1 % less", "the same cost"; a ratio that is not a number (0 over 0 on one day, ∞ on another) said so. */
function ratioWords(ratio: number): string {
  if (!Number.isFinite(ratio)) return 'no comparable cost (one model planned a day at no cost)';
  const percent = (Math.abs(1 - ratio) * 100).toFixed(1);
  if (ratio === 1) return 'the same cost';
  if (percent === '0.0') return `under 0.1 % ${ratio < 1 ? 'less' : 'more'}`;
  return `${percent} % ${ratio < 1 ? 'less' : 'more'}`;
}

/**
 * The models a run's held-out days were compared with, in words: one name, or each with the days it plans
 * ("jampr-tw3-n20 on 2 days, jampr-tw3-n50 on 1, each day with the model that plans it today"); null where a day has
 * none. The app and `jampr train` compare each held-out day with the model that plans it.
 */
export function comparedModelsText(byDay: readonly (string | null)[]): string | null {
  if (byDay.length === 0 || byDay.some((name) => name === null)) return null;
  const counts = new Map<string, number>();
  for (const name of byDay) counts.set(name!, (counts.get(name!) ?? 0) + 1);
  if (counts.size === 1) return byDay[0];
  const each = [...counts].map(([name, n], i) => `${name} on ${n}${i === 0 ? ` day${n === 1 ? '' : 's'}` : ''}`);
  return `${each.join(', ')}, each day with the model that plans it today`;
}
