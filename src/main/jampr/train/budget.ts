/**
 * Whether one more training step fits in a run's minutes. The minutes a user gives are the wall time they wait, so
 * the run's own measurements count in them: the step (as long as the steps so far took on average; 0 before the first)
 * and the validation that ends the run (as long as the one that started it, on the same instances) must both fit in
 * what is left (uncounted, the closing validation ran past the minutes by its whole length: tens of seconds on large
 * days).
 */
export function anotherStepFits(t: { elapsedSec: number; perStepSec: number; closingSec: number; budgetSec: number }): boolean {
  return t.elapsedSec + t.perStepSec + t.closingSec < t.budgetSec;
}

/**
 * Share of a run's time that the learning curve's points between its first and its last may take. The first and the
 * last point are the judging's own measurements where the run validates on held-out days (the model it starts from and
 * the model it saves, every held-out day planned: jobs/train.ts makes its comparison of them); the points between are
 * the curve's alone, and on many or large held-out days each costs as much as a judging. Measured: a one-minute run on
 * ten held-out days spent 14 % of its time on its first and last point (the judging after it as long again).
 */
export const INTERIOR_VALIDATION_SHARE = 0.15;

/**
 * Whether a point between the first and the last is measured (at an epoch's end, or with a checkpoint): the points
 * between taken so far and this one (as long as the latest validation) must stay within INTERIOR_VALIDATION_SHARE of
 * the run's time so far, which spaces them through the run and bounds them by that share of its minutes.
 */
export function interiorPointFits(t: { interiorSec: number; nextSec: number; elapsedSec: number }): boolean {
  return t.interiorSec + t.nextSec <= INTERIOR_VALIDATION_SHARE * t.elapsedSec;
}
