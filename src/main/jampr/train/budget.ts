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
