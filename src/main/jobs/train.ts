import type { JobContext, TrainJob, TrainJobProgress, TrainJobResult } from './protocol.js';

/**
 * Trains a JAMPR model with the model's trainer (REINFORCE, see src/main/jampr/train/train.ts). The
 * trainer keeps its latest checkpoint in outDir even when cancelled, so a cancelled run still yields a model.
 */
export async function runTrainJob(job: TrainJob, ctx: JobContext<TrainJobProgress>): Promise<TrainJobResult> {
  // TensorFlow.js is loaded only when a model is trained or used; the backend is chosen before the first tensor.
  const { selectBackend } = await import('../jampr/backend/backend.js');
  await selectBackend();
  const { trainModel } = await import('../jampr/train/train.js');
  const seconds = job.minutes * 60;
  let last: TrainJobProgress | null = null;
  const report = (progress: TrainJobProgress) => {
    last = progress;
    ctx.onProgress(progress);
  };
  const result = await trainModel({
    variant: job.variant,
    size: job.size,
    minutes: job.minutes,
    instances: job.instances,
    fromDir: job.fromDir ?? undefined,
    outDir: job.outDir,
    name: job.name,
    seed: job.seed ?? 1,
    signal: ctx.signal,
    onProgress: (p) =>
      report({
        point: {
          instancesSeen: p.instancesSeen,
          elapsedSec: p.elapsedSec,
          meanCost: p.meanCost,
          baselineCost: p.baselineCost,
          validationCost: p.validationCost ?? null,
        },
        fraction: Math.min(1, p.elapsedSec / seconds),
      }),
    // The trainer validates once more when it stops, after the last progress report: that cost belongs to the
    // last step, so the step is reported again with it (otherwise short runs never show a validation point).
    onCheckpoint: async (card) => {
      const validated = card.validation.curve.at(-1);
      if (!last || !validated || last.point.validationCost !== null || validated.instances !== last.point.instancesSeen) return;
      report({ ...last, point: { ...last.point, validationCost: validated.cost } });
    },
  });
  return { outDir: job.outDir, cancelled: result.stoppedBy === 'cancelled' };
}
