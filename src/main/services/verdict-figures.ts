import type { ModelInfo } from '../../shared/api.js';
import { type HoldoutComparison, meanCost } from '../../shared/holdout.js';
import type { ServiceContext } from './context.js';
import { registerModel } from './models.js';

/**
 * The one place that writes a verdict's figures where the run's curve and the model's card begin and end: both were
 * measured on the held-out days as read at the run's start, and where the verdict judged other days (one edited during
 * the run, judged as stored now; one deleted, left out) they are restated on those, whichever way the run ended
 * (finished, cancelled, the app stopping). The new model's figure ends the run's curve and the card's (the Models
 * table's "the figure its verdict gave"); the model compared with begins the run's curve where the run started from it
 * on every day judged (`startCompared`: the verdict's figure for it is then the start model's on those days), so that
 * the curve's caption compares what the verdict compares; otherwise the first point is marked as on the days at start.
 */
export async function restateVerdictFigures(
  ctx: ServiceContext,
  runId: number,
  model: ModelInfo | null,
  judged: HoldoutComparison,
  startCompared: boolean,
): Promise<void> {
  const fresh = { cost: meanCost(judged.newCosts), unserved: judged.newUnserved };
  const start =
    startCompared && judged.currentCosts && judged.currentUnserved !== null
      ? { cost: meanCost(judged.currentCosts), unserved: judged.currentUnserved }
      : null;
  ctx.store.trainingRuns.restateValidation(runId, fresh, start);
  if (!model) return;
  // Loaded when used, as the trainer is: the card's writer comes with the model's files (TensorFlow.js).
  const { restateVerdictPoint } = await import('../jampr/train/verdict-point.js');
  // The store keeps the card's summary (the Models table's figure): read again from the folder once it is written.
  if (await restateVerdictPoint(model.folder, fresh)) registerModel(ctx.store, model.folder, false);
}
