import type { JobContext, PlanJob, PlanResult, Progress } from '../main/jobs/protocol.js';
import { WorkerClient } from '../main/worker-client.js';
import { sayOnInterrupt } from './interrupt.js';
import { launchMlWorker } from './ml-thread.js';

/** Plans one job on the thread: its progress to `ctx` where given. */
export type PlanRunner = (job: PlanJob, ctx?: JobContext<Progress>) => Promise<PlanResult>;

/**
 * Runs `work`'s plan jobs on one worker thread, as the app does, so that main's event loop stays free while the solver
 * or the model is busy in a synchronous loop: Ctrl-C then says at once what was cancelled (`cancelled()`, read at
 * that moment), before the process ends by the signal (status 130), as it did without a word. Once `work` is done,
 * Ctrl-C ends the process as before. One thread for all of `work`'s jobs: a model is loaded once.
 */
export async function withPlanThread<T>(cancelled: () => string, work: (plan: PlanRunner) => Promise<T>): Promise<T> {
  const client = new WorkerClient(launchMlWorker);
  const heard = sayOnInterrupt(cancelled);
  try {
    return await work((job, ctx) => client.run('plan', job, { onProgress: ctx?.onProgress }));
  } finally {
    heard();
    await client.close();
  }
}

/** `jampr plan`'s one job. The plan is written by main only once it is complete, so a Ctrl-C leaves nothing written. */
export const planOnThread = (job: PlanJob, ctx: JobContext<Progress>): Promise<PlanResult> =>
  withPlanThread(
    () => 'plan cancelled: nothing was written',
    (plan) => plan(job, ctx),
  );
