/**
 * How long a retraining takes before it learns anything, and so the shortest minutes in which it trains a step: one
 * rule for the Training form, which says it at its minutes field before the run starts. A run (src/main/jampr/train/
 * train.ts) first plans its validation days with the model it starts from, then (from a trained model) fits the pair
 * bias up to its share of the minutes (not begun where the validation outlasted that share; pair-search.ts); a step is
 * taken only where the closing validation, as long as the first, still fits in the minutes after it (budget.ts,
 * stepBatch). A run too short for that trains nothing,
 * and still takes its getting ready, however few minutes it was given.
 *
 * The seconds are those of the loaded two-core machine (bench/RESULTS.md, "The shortest run at a size"; a faster or
 * quieter machine needs less): a retraining of jampr-tw1-n50 at 100 customers on 120-stop days, three held out,
 * measured them for 9-13 s, took 11-21 s over the pair bias's first pass and 20-38 s over its first step (two
 * instances on two threads), and took 51-65 s for a minute (its fit ended at its share); with one day ticked, its 128
 * validation copies took 67 s. Where this store holds runs that took a step, their pace scales those seconds to this
 * machine (training-pace.ts).
 */
import { messageNumber } from './number-text.js';

/** Validation days a run draws where none is held out: copies of the days it learns from, or generated days. */
export const VALIDATION_DAYS_DRAWN = 128;
/** Days the pair bias is fitted on, and the share of a run's minutes the fit may take (begun only within it). */
export const PAIR_FIT_DAYS = 32;
export const PAIR_FIT_SHARE = 0.3;
/** Greedy passes over its days in one generation of the pair bias's search (pair-search.ts). */
export const PAIR_GENERATION = 10;

/** Seconds of one greedy pass over a day of `stops`, in a batch (the validation copies, the pair bias's days). */
const greedySec = (stops: number) => 0.5 * (stops / 120) ** 1.5;
/** Seconds to plan one held-out day as the plan job does (with its fallbacks and the fit to the fleet). */
const heldOutPlanSec = (stops: number) => 0.5 + (stops / 60) ** 2;
/** Seconds of a first step: a few instances, one a thread, each planned by the classical solver and imitated. */
const firstStepSec = (stops: number) => 6 + (stops / 24) ** 2;

export interface RunShape {
  /** Customers the model is trained at (days are generated at this size where none is ticked). */
  size: number;
  /** Stops of each ticked day it learns from; none: generated days. */
  learnStops: readonly number[];
  /** Stops of each held-out day; none: it validates on VALIDATION_DAYS_DRAWN copies instead. */
  heldOutStops: readonly number[];
  /** From untrained weights: no pair bias is fitted. */
  fromScratch: boolean;
}

export interface RunTime {
  /** Seconds of the validation at the start, and again at the end (kept free in the minutes). */
  validationSec: number;
  /** Seconds of the pair bias's first pass (0 from scratch). */
  pairSec: number;
  /** Seconds of the first step. */
  stepSec: number;
  /** The fewest minutes, in the form's half-minute steps, in which a step and the closing validation fit. */
  shortestMinutes: number;
}

const sum = (xs: readonly number[]) => xs.reduce((a, x) => a + x, 0);

/**
 * How fast this machine runs compared with the loaded two-core machine the seconds above were measured on: `factor`
 * times their seconds (0.4: in 40 % of them), as this store's latest runs measured it (training-pace.ts), `runs` of them.
 */
export interface MachinePace {
  factor: number;
  runs: number;
}

/** The seconds of a run of this shape: the loaded two-core machine's, or scaled by this machine's `pace` where known. */
export function runTime(shape: RunShape, pace?: MachinePace): RunTime {
  const factor = pace?.factor ?? 1;
  const stops = shape.learnStops.length > 0 ? sum(shape.learnStops) / shape.learnStops.length : shape.size;
  const validationSec =
    factor * (shape.heldOutStops.length > 0 ? sum(shape.heldOutStops.map(heldOutPlanSec)) : VALIDATION_DAYS_DRAWN * greedySec(stops));
  const pairSec = shape.fromScratch ? 0 : factor * PAIR_FIT_DAYS * greedySec(stops);
  const stepSec = factor * firstStepSec(stops);
  const partial = { validationSec, pairSec, stepSec };
  let shortestMinutes = 0.5;
  while (readySec(partial, shortestMinutes) + stepSec + validationSec > shortestMinutes * 60) shortestMinutes += 0.5;
  return { ...partial, shortestMinutes };
}

/** Seconds from a run's start to the end of its first step, on the loaded two-core machine: what a run's first point measures. */
export function firstStepEndSec(shape: RunShape, minutes: number): number {
  const t = runTime(shape);
  return readySec(t, minutes) + t.stepSec;
}

/** Whether the pair bias is fitted at all: it is begun only where the first validation ends within its share. */
const fitsPair = (t: Pick<RunTime, 'validationSec' | 'pairSec'>, minutes: number): boolean =>
  t.pairSec > 0 && t.validationSec < PAIR_FIT_SHARE * minutes * 60;

/**
 * Seconds before the first step of a run of `minutes`: the first validation, then the pair bias's fit up to its share
 * of the minutes (pair-search.ts ends a pass at the share where the pass would be thrown away: the start's pass, and a
 * generation's passes but its tenth). Where its search has time for a generation of ten passes after the start's, the
 * pass under way at the share may be a generation's tenth, made whole: a pass past the share.
 */
function readySec(t: Pick<RunTime, 'validationSec' | 'pairSec'>, minutes: number): number {
  if (!fitsPair(t, minutes)) return t.validationSec;
  const share = PAIR_FIT_SHARE * minutes * 60;
  return t.validationSec + (1 + PAIR_GENERATION) * t.pairSec < share ? share + t.pairSec : share + PAIR_CUT_SHARE * t.pairSec;
}

/**
 * The part of a pass that runs past the share where the pass is ended there: a batch of its days is encoded at once
 * (8 of 32, costs.ts); measured 4.7 s past the share of a one-minute run on 120-stop days, whose pass takes 11-21 s.
 */
const PAIR_CUT_SHARE = 0.25;

/**
 * Seconds a run of `minutes` takes in all: its minutes where a step fits in them (judging the held-out days is part of
 * them); where it does not, its getting ready, and a step squeezed in after it with the closing validation, past them;
 * where not even that fits, its getting ready alone.
 */
export function expectedSec(t: RunTime, minutes: number): number {
  // Without a step it ends once ready (no closing validation): within its minutes, or past them where getting ready is.
  return stepFits(t, minutes) ? Math.max(minutes * 60, readySec(t, minutes) + t.stepSec + t.validationSec) : readySec(t, minutes);
}

/** Whether a first step starts (stepBatch): time is left after getting ready with the closing validation kept free. */
const stepFits = (t: RunTime, minutes: number): boolean => minutes * 60 - readySec(t, minutes) - t.validationSec > 0;

/** "2.5 min": a wall time in the form's words, rounded up to the half minute (at least half a minute); "1200 min", as a message writes a number. */
export const minutesText = (sec: number): string => `${messageNumber(Math.max(0.5, Math.ceil(sec / 30 - 1e-9) / 2))} min`;

/** What the run plans at its start and again at its end, in words. */
function measuredOn(shape: RunShape): string {
  const held = shape.heldOutStops.length;
  if (held > 0) return `planning the ${held} held-out day${held === 1 ? '' : 's'} with the model it starts from`;
  const days = shape.learnStops.length > 0 ? 'copies of the ticked days' : 'generated days';
  return `measuring the model it starts from on ${VALIDATION_DAYS_DRAWN} ${days}`;
}

export interface RunTimeNotice {
  /** Whether the minutes are too few to train a step. */
  short: boolean;
  /** The fewest minutes that train a step (RunTime.shortestMinutes). */
  shortestMinutes: number;
  text: string;
}

/**
 * Said at the minutes field, before the run starts: how long the run takes in all and that judging is part of its
 * minutes; where they are too few to train a step at this size on these days, what the run would do instead (getting
 * ready takes its time however few minutes it is given) and the fewest minutes that fit. A run that trained no step
 * keeps no model, in the app as in `jampr train` (which writes nothing then): the one it started from, unchanged.
 */
export function runTimeNotice(shape: RunShape, minutes: number, { pace }: { pace?: MachinePace } = {}): RunTimeNotice {
  const t = runTime(shape, pace);
  const total = minutesText(expectedSec(t, minutes));
  const { shortestMinutes } = t;
  if (minutes >= shortestMinutes)
    return {
      short: false,
      shortestMinutes,
      text: `Takes about ${total} in all: ${measuredOn(shape)}, and the new model at the end, is part of the minutes.`,
    };
  const ready = `${measuredOn(shape)}${fitsPair(t, minutes) ? ', then fitting the pair bias' : ''}`;
  const outcome = stepFits(t, minutes)
    ? `it takes one short step past them, about ${total} in all`
    : `it trains no step and keeps no model, yet takes about ${total}`;
  return {
    short: true,
    shortestMinutes,
    text:
      `Too short for these days at this size: getting ready (${ready}) takes about ${minutesText(readySec(t, minutes))}, and ` +
      `the same again for the new model at the end must fit in the minutes too, so in ${messageNumber(minutes)} min ${outcome}. ` +
      `Give it at least ${messageNumber(shortestMinutes)} min (${estimatedFrom(pace)}).`,
  };
}

/** What the seconds were estimated from, in the notice's words. */
function estimatedFrom(pace: MachinePace | undefined): string {
  if (!pace) return 'estimated for a busy two-core machine; a faster one needs less';
  const runs = pace.runs === 1 ? 'the latest run here took its' : `the ${pace.runs} latest runs here took their`;
  return `estimated from how fast ${runs} first step`;
}
