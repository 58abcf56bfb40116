import { runInfoJob } from './info.js';
import { runPlanJob } from './plan.js';
import type { JobContext, JobInput, JobProgress, JobResult, JobType } from './protocol.js';
import { runTrainJob } from './train.js';

type Handlers = { [T in JobType]: (input: JobInput<T>, ctx: JobContext<JobProgress<T>>) => Promise<JobResult<T>> };

/** Every job the worker runs, by type. */
export const JOB_HANDLERS: Handlers = {
  plan: runPlanJob,
  train: runTrainJob,
  info: runInfoJob,
};

export function runJob<T extends JobType>(job: T, input: JobInput<T>, ctx: JobContext<JobProgress<T>>): Promise<JobResult<T>> {
  const handler: Handlers[T] = JOB_HANDLERS[job];
  return handler(input, ctx);
}
