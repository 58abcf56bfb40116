/**
 * How fast this machine trains, as the runs already stored here measured it: the one rule for turning a store's
 * finished runs into the pace that scales the run-time estimate (training-time.ts, whose seconds are those of a loaded
 * two-core machine, so that a faster one is told of more minutes than it needs).
 *
 * A run's first learning point with one step is recorded when that step has ended: its `elapsedSec` is the run's own
 * getting ready (measuring the model it starts from, fitting the pair bias) and its first step, the very seconds the
 * estimate adds up for the shortest run (firstStepEndSec). Their ratio, taken over the latest such runs (the median,
 * so that one run slowed by other work does not decide), is the machine's pace.
 */
import type { TrainingRun } from './api-models.js';
import { splitHoldout } from './holdout.js';
import { firstStepEndSec, type MachinePace } from './training-time.js';

/** How many of the latest runs that took a step set the pace. */
export const PACE_RUNS = 5;
/** The pace is kept within these bounds: a run's figures far outside them are a clock's or a record's fault. */
const PACE_BOUNDS = { min: 0.05, max: 20 };

const median = (xs: readonly number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * The measured over the estimated seconds to a run's first step's end, or null where the run says nothing of it: still
 * running, no point with exactly one step (none taken, or a first report that came after two), or a day it learned from
 * no longer stored (`stopsOf` gives a stored day's stops by id, undefined for one deleted since).
 */
function runPace(run: TrainingRun, stopsOf: (id: number) => number | undefined): number | null {
  if (run.status === 'running') return null;
  const first = run.points.find((p) => p.steps === 1);
  if (!first || !(first.elapsedSec > 0)) return null;
  const stops = run.config.instanceIds.map(stopsOf);
  if (stops.some((s) => s === undefined)) return null;
  // Split as the training service split the days it was given: the last ones held out.
  const { learn, holdout } = splitHoldout(stops as number[]);
  const shape = { size: run.config.size, learnStops: learn, heldOutStops: holdout, fromScratch: run.config.fromScratch === true };
  return first.elapsedSec / firstStepEndSec(shape, run.config.minutes);
}

/**
 * This machine's pace from its stored runs (`runs`, any order): the median of the latest PACE_RUNS at `size` that
 * measured it. Only runs at the size count: the estimate's growth with the size is a model of its own, which a pace
 * measured at another size would carry over. Null where none did: the estimate keeps the loaded two-core machine's
 * seconds.
 */
export function machinePace(runs: readonly TrainingRun[], size: number, stopsOf: (id: number) => number | undefined): MachinePace | null {
  const latest = [...runs]
    .filter((run) => run.config.size === size)
    .sort((a, b) => b.id - a.id)
    .flatMap((run) => {
      const pace = runPace(run, stopsOf);
      return pace === null ? [] : [pace];
    })
    .slice(0, PACE_RUNS);
  if (latest.length === 0) return null;
  const factor = Math.min(PACE_BOUNDS.max, Math.max(PACE_BOUNDS.min, median(latest)));
  return { factor, runs: latest.length };
}
