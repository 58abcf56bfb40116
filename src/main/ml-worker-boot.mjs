// Bootstrap for running ml-worker.ts from source in a worker thread (see worker-source.ts).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
