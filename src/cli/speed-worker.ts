/**
 * The thread `jampr bench --speed` measures on (speed-thread.ts): its greedy plans, sampling, training steps and
 * classical searches hold the event loop for seconds to minutes, so they run here and main stays free to hear Ctrl-C.
 * It says which figure it is measuring before each, and posts the figures (or the error) at the end.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { toErrorData } from '../shared/errors.js';
import { type SpeedOptions, speedBench } from './commands/bench-speed.js';
import type { SpeedMessage } from './speed-thread.js';

const port = parentPort;
if (!port) throw new Error('speed-worker must run as a worker thread');
const post = (message: SpeedMessage) => port.postMessage(message);
const { options } = workerData as { options: SpeedOptions };

speedBench(options, (figure) => post({ type: 'measuring', figure })).then(
  (figures) => post({ type: 'figures', figures }),
  (err: unknown) => {
    const error = toErrorData(err);
    post({ type: 'error', error, ...(error.kind === 'internal' && err instanceof Error && err.stack ? { stack: err.stack } : {}) });
  },
);
