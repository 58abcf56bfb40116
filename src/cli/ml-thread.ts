import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import type { WorkerLauncher } from '../main/worker-client.js';
import { launchSourceWorker, sourceWorker } from '../main/worker-source.js';

/**
 * The ML worker the app plans and trains on (ml-worker.ts), for the commands that run a job on it so that main's event
 * loop stays free to hear Ctrl-C: emitted beside main.js by scripts/build-cli.mjs, started through the tsx bootstrap
 * when the command runs from source.
 */
export const launchMlWorker: WorkerLauncher = (options) => {
  const here = fileURLToPath(import.meta.url);
  return here.endsWith('.ts') ? launchSourceWorker(options) : new Worker(join(dirname(here), 'ml-worker.js'), options);
};

/** The thread `jampr bench --speed` measures on (speed-worker.ts), emitted beside main.js like the ML worker. */
export const launchSpeedWorker = (options: WorkerOptions): Worker => {
  const here = fileURLToPath(import.meta.url);
  return here.endsWith('.ts')
    ? sourceWorker(new URL('./speed-worker.ts', import.meta.url).href, options)
    : new Worker(join(dirname(here), 'speed-worker.js'), options);
};
