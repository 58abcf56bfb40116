import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { JobContext, PlanJob, PlanResult, Progress } from '../main/jobs/protocol.js';
import { WorkerClient, type WorkerLauncher } from '../main/worker-client.js';
import { launchSourceWorker } from '../main/worker-source.js';

/**
 * The ML worker the app plans on (ml-worker.ts): emitted beside main.js by scripts/build-cli.mjs, started through the
 * tsx bootstrap when the command runs from source.
 */
const launch: WorkerLauncher = (options) => {
  const here = fileURLToPath(import.meta.url);
  return here.endsWith('.ts') ? launchSourceWorker(options) : new Worker(join(dirname(here), 'ml-worker.js'), options);
};

/**
 * Runs a plan job on a worker thread, as the app does, so that main's event loop stays free while the solver or the
 * model is busy in a synchronous loop: Ctrl-C then says at once that the plan was cancelled, before the process ends
 * by the signal (status 130), as it did without a word. The plan is written by main only once it is complete, so
 * nothing was written; once the job is done, Ctrl-C ends the process as before.
 */
export async function planOnThread(job: PlanJob, ctx: JobContext<Progress>): Promise<PlanResult> {
  const client = new WorkerClient(launch);
  const onInterrupt = () => {
    process.stderr.write('jampr: plan cancelled: nothing was written\n');
    // The listener is gone (once): the signal again ends the process as Node's default does, so that the shell (and a
    // script's loop) sees a command stopped by Ctrl-C, not one that exited by itself.
    process.kill(process.pid, 'SIGINT');
  };
  process.once('SIGINT', onInterrupt);
  try {
    return await client.run('plan', job, { onProgress: ctx.onProgress });
  } finally {
    process.off('SIGINT', onInterrupt);
    await client.close();
  }
}
