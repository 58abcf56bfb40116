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
      ctx.onProgress({
        point: {
          instancesSeen: p.instancesSeen,
          elapsedSec: p.elapsedSec,
          meanCost: p.meanCost,
          baselineCost: p.baselineCost,
          validationCost: p.validationCost ?? null,
        },
        fraction: Math.min(1, p.elapsedSec / seconds),
      }),
  });
  return { outDir: job.outDir, cancelled: result.stoppedBy === 'cancelled' };
}
