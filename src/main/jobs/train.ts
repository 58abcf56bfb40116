import type { JobContext, TrainJob, TrainProgress, TrainResult } from './protocol.js';

/** Trains a model (see the model issue's trainer). Placeholder until the trainer lands. */
export async function runTrainJob(_job: TrainJob, _ctx: JobContext<TrainProgress>): Promise<TrainResult> {
  throw new Error('training is not available yet');
}
