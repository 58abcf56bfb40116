/**
 * Starts the ML worker from TypeScript source, for the web mode, the CLI and the tests (the desktop app uses the
 * electron-vite bundle instead). Node 20 does not apply `--import tsx` to a worker's own entry file, so a tiny
 * .mjs bootstrap registers tsx inside the thread and then imports the real entry.
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';
import type { WorkerLauncher } from './worker-client.js';

const BOOTSTRAP = new URL('./ml-worker-boot.mjs', import.meta.url);
const ENTRY = new URL('./ml-worker.ts', import.meta.url).href;

/** Starts the worker entry `entry` (the URL of a .ts file) from source through the bootstrap. */
export const sourceWorker = (entry: string, options: WorkerOptions): Worker =>
  new Worker(BOOTSTRAP, { ...options, workerData: { ...options.workerData, entry } });

export const launchSourceWorker: WorkerLauncher = (options: WorkerOptions) => sourceWorker(ENTRY, options);
