import type { Recipe, RecipeName } from './recipe.js';
import type { TrainModelOptions, TrainProgress, TrainResult } from './train-options.js';

/** Share of a warm-start run spent imitating the classical solver before REINFORCE takes over. */
export const WARM_START_SHARE = 0.4;

/**
 * A warm start's second stage continues the run of its first: that stage's checkpoint, time, instances and notes count
 * as this run's (a cancel before the second stage's first step is still noted on the checkpoint).
 */
export interface Continuation {
  secondsBefore: number;
  instancesBefore: number;
  stepsBefore: number;
  notes: string[];
  /** How long the first stage's latest validation took: the second stage reserves as much for its closing one. */
  validationSec: number;
}

/** What one stage of training (train.ts, trainWithRecipe) is asked. */
export type StageOptions = TrainModelOptions & {
  recipe: RecipeName | (Partial<Recipe> & { name: RecipeName });
  /** The run's minutes where a warm start's stage gets a share of them (for the card's note on an early stop). */
  minutesAsked?: number;
  continuing?: Continuation;
};

/** Imitation, then REINFORCE from the imitation checkpoint, within the same minutes and signal. */
export async function warmStart(o: TrainModelOptions, trainWithRecipe: (o: StageOptions) => Promise<TrainResult>): Promise<TrainResult> {
  const started = performance.now();
  // The caller's work after the run (reserveValidations) comes after the second stage, which keeps time for it.
  const first = await trainWithRecipe({
    ...o,
    recipe: 'imitation',
    minutes: o.minutes * WARM_START_SHARE,
    minutesAsked: o.minutes,
    reserveValidations: undefined,
  });
  const offset = (performance.now() - started) / 1000;
  const left = o.minutes - offset / 60;
  if (first.stoppedBy !== 'time' || left <= 0) return first;
  // Progress and phases keep counting the run's time from its start (a bar fed by both never runs back at the switch).
  const onProgress = o.onProgress && ((p: TrainProgress) => o.onProgress?.({ ...p, elapsedSec: p.elapsedSec + offset }));
  const onPhase = o.onPhase && ((p: { label: string; elapsedSec: number }) => o.onPhase?.({ ...p, elapsedSec: p.elapsedSec + offset }));
  // The run started once: its start point came from the first stage.
  const second = await trainWithRecipe({
    ...o,
    fromDir: o.outDir,
    recipe: 'pomo-mean',
    minutes: left,
    onProgress,
    onPhase,
    onStart: undefined,
    // The first stage's checkpoint is this run's: a cancel is noted on it, the run's time and instances counted whole.
    minutesAsked: o.minutes,
    continuing: {
      secondsBefore: offset,
      instancesBefore: first.instancesThisRun,
      stepsBefore: first.steps,
      notes: first.notes,
      validationSec: first.validationSec,
    },
  });
  return {
    ...second,
    validation: { start: first.validation.start, end: second.validation.end },
    validationSecTotal: first.validationSecTotal + second.validationSecTotal,
    measured: { start: first.measured.start, end: second.measured.end },
  };
}
