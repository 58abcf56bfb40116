/**
 * Main's side of the ML worker: starts it on first use, numbers each job, routes progress and results back to
 * the caller and turns an AbortSignal into a cancel on the control port. If the worker dies, every pending job
 * fails with an internal error and the next job starts a fresh worker.
 */
import { MessageChannel, type MessagePort, type Worker, type WorkerOptions } from 'node:worker_threads';
import { AppError, fromErrorData } from '../shared/errors.js';
import { APP_STOPPING_EVENT, appStopping } from './jobs/app-stopping.js';
import type {
  CancelRequest,
  JobInput,
  JobProgress,
  JobRequest,
  JobResult,
  JobRunner,
  JobType,
  WorkerBoot,
  WorkerMessage,
} from './jobs/protocol.js';

/** Creates the worker thread: from the electron-vite bundle in the app, from TypeScript source under tsx otherwise. */
export type WorkerLauncher = (options: WorkerOptions) => Worker;

interface Pending {
  job: JobType;
  resolve(result: JobResult<JobType>): void;
  reject(error: AppError): void;
  onProgress?(progress: JobProgress<JobType>): void;
}

interface Running {
  worker: Worker;
  control: MessagePort;
}

export class WorkerClient implements JobRunner {
  private current: Running | null = null;
  private nextSeq = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(private readonly launch: WorkerLauncher) {}

  run<T extends JobType>(
    job: T,
    input: JobInput<T>,
    options: { signal?: AbortSignal; onProgress?: (progress: JobProgress<T>) => void } = {},
  ): Promise<JobResult<T>> {
    const { signal, onProgress } = options;
    if (signal?.aborted) return Promise.reject(new AppError('cancelled', 'cancelled before it started'));
    const { worker, control } = this.ensureWorker();
    const seq = this.nextSeq++;
    return new Promise<JobResult<T>>((resolve, reject) => {
      // The app's stop travels with the cancel: the worker's signal is aborted for the same reason as this one. Where it
      // comes after a cancel (a run judging its model), it is sent again, as the app's (app-stopping.ts).
      const onAbort = () =>
        control.postMessage({
          seq,
          type: 'cancel',
          ...(signal && appStopping(signal) ? { appStopping: true } : {}),
        } satisfies CancelRequest);
      signal?.addEventListener('abort', onAbort, { once: true });
      signal?.addEventListener(APP_STOPPING_EVENT, onAbort, { once: true });
      const settle = () => {
        signal?.removeEventListener('abort', onAbort);
        signal?.removeEventListener(APP_STOPPING_EVENT, onAbort);
      };
      this.pending.set(seq, {
        job,
        // The worker answers a seq with the result of the job that seq started, so the result has type T.
        resolve: (result) => {
          settle();
          resolve(result as JobResult<T>);
        },
        reject: (error) => {
          settle();
          reject(error);
        },
        onProgress: onProgress as Pending['onProgress'],
      });
      worker.postMessage({ seq, type: 'job', job, input } as JobRequest);
    });
  }

  inFlight(): JobType[] {
    return [...this.pending.values()].map((p) => p.job);
  }

  /** Stops the worker; pending jobs fail as cancelled. */
  async close(): Promise<void> {
    const current = this.current;
    this.current = null;
    this.failAll(new AppError('cancelled', 'the app is shutting down'));
    if (current) {
      current.control.close();
      await current.worker.terminate();
    }
  }

  private ensureWorker(): Running {
    if (this.current) return this.current;
    const { port1, port2 } = new MessageChannel();
    const boot: WorkerBoot = { control: port2 };
    const worker = this.launch({ workerData: boot, transferList: [port2] });
    const running = { worker, control: port1 };
    worker.on('message', (message: WorkerMessage) => this.receive(message));
    worker.on('error', (err) => this.lose(running, `the ML worker crashed: ${err.message}`));
    worker.on('exit', (code) => this.lose(running, `the ML worker stopped (exit code ${code})`));
    this.current = running;
    return running;
  }

  private receive(message: WorkerMessage): void {
    const pending = this.pending.get(message.seq);
    if (!pending) return;
    switch (message.type) {
      case 'progress':
        pending.onProgress?.(message.progress);
        return;
      case 'result':
        this.pending.delete(message.seq);
        pending.resolve(message.result);
        return;
      case 'error': {
        this.pending.delete(message.seq);
        const error = fromErrorData(message.error);
        // A defect's stack from where it was thrown (what `jampr` prints for a bug report), not this port's.
        if (message.stack) error.stack = message.stack;
        pending.reject(error);
        return;
      }
    }
  }

  private lose(running: Running, reason: string): void {
    if (this.current !== running) return;
    this.current = null;
    running.control.close();
    this.failAll(new AppError('internal', reason));
  }

  private failAll(error: AppError): void {
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }
}
