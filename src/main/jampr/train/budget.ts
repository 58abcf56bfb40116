/**
 * Left of a run's minutes under this, the first step of a stage, whose length is not known yet, is taken on a few
 * instances (probeBatch) rather than a whole batch: at this point the run has little time, and one whole step of the
 * app's retraining recipe (16 days of 50 stops, each given to the classical solver) took 32 s on the loaded two-core
 * machine, which ran a run of half a minute to 51 s (bench/RESULTS.md). With more time left a whole step is the
 * better start, and one that long is rare.
 */
export const PROBE_BELOW_SEC = 120;

/** The instances of a probing first step: one per thread (a split step gives each thread one), an eighth of the batch at least. */
export const probeBatch = (batchSize: number, threads: number): number => Math.min(batchSize, Math.max(threads, Math.ceil(batchSize / 8)));

/**
 * The instances the next training step takes so that it fits in a run's minutes, 0 where none fits: the minutes a user
 * gives are the wall time they wait, so the run's own measurements count in them. The step (as long a time per
 * instance as the steps so far took; unknown before the first) and the validation that ends the run (as long as the
 * one that started it, on the same instances) must both fit in what is left (uncounted, the closing validation ran
 * past the minutes by its whole length: tens of seconds on large days). A step is cut to the instances that fit where
 * a whole batch would not; a first step, whose time is not known, to a probe (probeBatch) where little is left.
 */
export function stepBatch(t: {
  elapsedSec: number;
  /** Seconds a step took per instance so far; null before the first step. */
  perInstanceSec: number | null;
  closingSec: number;
  budgetSec: number;
  batchSize: number;
  probe: number;
}): number {
  const left = t.budgetSec - t.elapsedSec - t.closingSec;
  if (!(left > 0)) return 0;
  if (t.perInstanceSec === null) return left < PROBE_BELOW_SEC ? t.probe : t.batchSize;
  if (!(t.perInstanceSec > 0)) return t.batchSize;
  return Math.max(0, Math.min(t.batchSize, Math.floor(left / t.perInstanceSec)));
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
