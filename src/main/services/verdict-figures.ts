import type { ModelInfo } from '../../shared/api.js';
import type { VerdictMeasure } from '../jampr/train/verdict-point.js';
import type { ServiceContext } from './context.js';
import { registerModel } from './models.js';

/**
 * The one place that writes a verdict's figure for the new model where the run's curve and the model's card end: the
 * run's points and the card were measured on the held-out days as read at the run's start, and where the verdict judged
 * other days (one edited during the run, judged as stored now; one deleted, left out) both are restated on those, so
 * that the learning curve, the Models table ("the figure its verdict gave") and the verdict give one figure, on every
 * path a run ends by (finished, cancelled, the app stopping).
 */
export async function restateVerdictFigures(
  ctx: ServiceContext,
  runId: number,
  model: ModelInfo | null,
  fresh: VerdictMeasure,
): Promise<void> {
  ctx.store.trainingRuns.restateLastValidation(runId, fresh.cost, fresh.unserved);
  if (!model) return;
  // Loaded when used, as the trainer is: the card's writer comes with the model's files (TensorFlow.js).
  const { restateVerdictPoint } = await import('../jampr/train/verdict-point.js');
  // The store keeps the card's summary (the Models table's figure): read again from the folder once it is written.
  if (await restateVerdictPoint(model.folder, fresh)) registerModel(ctx.store, model.folder, false);
}
