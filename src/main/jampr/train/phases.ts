/**
 * The trainer's phase just before its first step (train.ts), read by `jampr train` (cli/train-thread.ts): from then on a
 * Ctrl-C saves what was trained, before it nothing is written. Apart from train.ts so that the CLI's main thread can
 * read it without loading TensorFlow.js.
 */
export const FIRST_STEP_PHASE = 'taking the first training step';

/**
 * Whether a run that reported this progress keeps a model when it is stopped from now on: once the trainer says it takes
 * its first step, or a step's cost came, a stop finishes the step under way and saves it; before, nothing is written.
 * Read by `jampr train` and the app's shutdown alike, to say so at the stop.
 */
export const stopKeepsModel = (progress: { phase?: string; point?: { meanCost: number | null } }): boolean =>
  progress.phase === FIRST_STEP_PHASE || (progress.point !== undefined && progress.point.meanCost !== null);

/**
 * The phase of fitting the pair bias before the first step (train.ts), on `count` days: freshly perturbed copies of the
 * user's stored days where the run learns from them (one day ticked gives 32 copies of it, not 32 distinct days), else
 * days the generator made, where no day of the user's is copied.
 */
export const pairBiasPhase = (count: number, perturbedStoredDays: boolean): string =>
  `fitting the pair bias on ${count} ${perturbedStoredDays ? 'perturbed copies of the days' : 'generated days'}`;
