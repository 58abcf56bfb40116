/**
 * The one long-lived worker thread that owns TensorFlow.js: it plans and trains so that neither the window nor
 * main's event loop ever blocks. Jobs arrive on the parent port; cancels arrive on a separate control port.
 * A solver busy in a synchronous loop never lets the event loop deliver a message, so the control port is also
 * polled synchronously: from progress callbacks and whenever a job reads `signal.aborted`.
 */
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { toErrorData } from '../shared/errors.js';
import { runJob } from './jobs/handlers.js';
import { abortForApp, appStopping } from './jobs/app-stopping.js';
import {
  APP_STOPPING,
  type CancelRequest,
  type JobInput,
  type JobProgress,
  type JobRequest,
  type JobType,
  type WorkerBoot,
  type WorkerMessage,
} from './jobs/protocol.js';

const port = parentPort;
if (!port) throw new Error('ml-worker must run as a worker thread');
const { control } = workerData as WorkerBoot;
const running = new Map<number, AbortController>();
/**
 * Jobs arrive in seq order, but a job queued behind a busy one is still a message in the port's queue when its
 * cancel is read from the control port: it is answered as cancelled there and then (a training run's Cancel behind a
 * long plan returns at once, not when the plan ends), and kept here so that the job is skipped when it comes up.
 */
let lastArrived = 0;
const cancelledWhileQueued = new Set<number>();

const post = (message: WorkerMessage) => port.postMessage(message);
function cancel(request: CancelRequest): void {
  const controller = running.get(request.seq);
  // The app's stop also reaches a job cancelled before it (a run judging its model after a Cancel): app-stopping.ts.
  if (controller && request.appStopping) abortForApp(controller);
  else if (controller) controller.abort();
  else if (request.seq > lastArrived && !cancelledWhileQueued.has(request.seq)) {
    cancelledWhileQueued.add(request.seq);
    post({ seq: request.seq, type: 'error', error: { kind: 'cancelled', message: 'cancelled before it started' } });
  }
}

const POLL_EVERY_MS = 20;
let lastPoll = 0;
function pollControl(force = false): void {
  const now = performance.now();
  if (!force && now - lastPoll < POLL_EVERY_MS) return;
  lastPoll = now;
  for (let m = receiveMessageOnPort(control); m; m = receiveMessageOnPort(control)) cancel(m.message as CancelRequest);
}

/**
 * The job's signal, seen through a proxy whose `aborted` first polls the control port (cheaply, throttled), and whose
 * `reason` is APP_STOPPING once the app stopped it, after a cancel too (app-stopping.ts).
 */
function pollingSignal(signal: AbortSignal): AbortSignal {
  return new Proxy(signal, {
    get(target, prop) {
      if (prop === 'aborted') pollControl();
      if (prop === 'reason' && appStopping(target)) return APP_STOPPING;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

async function execute<T extends JobType>(seq: number, job: T, input: JobInput<T>): Promise<void> {
  pollControl(true); // a cancel for this job may be waiting on the control port already
  lastArrived = seq;
  // Answered as cancelled when its cancel was read: it never starts.
  if (cancelledWhileQueued.delete(seq)) return;
  const controller = new AbortController();
  running.set(seq, controller);
  const onProgress = (progress: JobProgress<T>) => {
    pollControl();
    post({ seq, type: 'progress', job, progress });
  };
  try {
    const result = await runJob(job, input, { signal: pollingSignal(controller.signal), onProgress });
    post({ seq, type: 'result', job, result });
  } catch (err) {
    const error = toErrorData(err);
    const stack = error.kind === 'internal' && err instanceof Error ? err.stack : undefined;
    post({ seq, type: 'error', error, ...(stack ? { stack } : {}) });
  } finally {
    running.delete(seq);
  }
}

control.on('message', cancel);
port.on('message', (request: JobRequest) => {
  switch (request.job) {
    case 'plan':
      return void execute(request.seq, request.job, request.input);
    case 'train':
      return void execute(request.seq, request.job, request.input);
    case 'info':
      return void execute(request.seq, request.job, request.input);
  }
});
