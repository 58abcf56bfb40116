/**
 * Splits independent, CPU-bound tasks (e.g. chunks of sampled solutions) over worker threads, one per core:
 * the pure-JS tfjs backend uses one core per thread, so two threads nearly double throughput here.
 *
 * The parent calls startTaskPool(moduleUrl); the module, in each worker, calls serveTasks(handler). Messages
 * are `{ seq, type, ... }` envelopes; a handler's error comes back as a rejected promise with its message.
 * A worker that dies fails its pending tasks and is replaced on the next task. A task run with a signal is
 * withdrawn when it aborts: its promise rejects at once, the worker skips it if it has not started it, and a handler
 * already running it sees its `stop.aborted` turn true (a flag in memory shared with the worker, since the worker's
 * messages wait until the handler returns) and may end early; its late answer is dropped. A handler may report the
 * share of its task done through the same shared memory (`report`), which the parent reads with `share(request)`:
 * a chunk of sampling on a large day takes seconds, and its progress is shown meanwhile.
 */
import { availableParallelism } from 'node:os';
import { parentPort, type ResourceLimits, Worker, workerData } from 'node:worker_threads';

export interface TaskRequest<Req> {
  seq: number;
  type: 'task';
  request: Req;
}

/** Withdraws task `seq`: the worker skips it if it has not started it (one it is running is told through `stop`). */
export interface TaskCancel {
  seq: number;
  type: 'cancel';
}

export type TaskReply<Res> = { seq: number; type: 'result'; result: Res } | { seq: number; type: 'error'; message: string };

export interface TaskPool<Req, Res> {
  readonly size: number;
  /** Runs one task on the worker with the fewest tasks in flight; an abort of `signal` withdraws it. */
  run(request: Req, signal?: AbortSignal): Promise<Res>;
  /**
   * The share (0..1) a worker last reported of `request` (the object given to run) while running it, 1 once it
   * finished it and its answer is on the way, 0 while it waits or after its answer was read.
   */
  share(request: Req): number;
  /** Stops every worker; tasks still in flight fail. */
  close(): Promise<void>;
}

export interface TaskPoolOptions {
  /** Worker threads (default: one per core). */
  size?: number;
  /** Passed to every worker as `workerData` (structured-cloned). */
  workerData?: unknown;
  /** Heap limits of every worker's own V8 heap (worker_threads' resourceLimits). */
  resourceLimits?: ResourceLimits;
}

/**
 * Node 20 does not apply a loader given in a worker's execArgv (`--import tsx`) to the worker's own entry
 * file, so TypeScript entries start through the .mjs bootstrap that registers tsx and imports `workerData.entry`.
 */
const TS_BOOTSTRAP = new URL('../ml-worker-boot.mjs', import.meta.url);

/** What a running handler polls to learn that the parent withdrew its task (an AbortSignal fits it too). */
export interface StopSignal {
  readonly aborted: boolean;
}

/** A running handler's link to the parent: whether its task was withdrawn, and how far it has come. */
export interface TaskControl extends StopSignal {
  /** The share of the task done (0..1), for the parent's progress. */
  report(share: number): void;
}

/**
 * Shared with each worker, as Int32 slots: the seq of the task it is running, that of a task to stop, the share
 * of the running task done, in millionths, and the seq of the last task it finished. The last one is read while
 * the answer is on its way: a parent busy in a loop of its own reads its messages only when the loop ends, and a
 * finished task read as "not running" would count as none done until then (sampling's progress stood still).
 */
const RUNNING = 0;
const STOP = 1;
const SHARE = 2;
const FINISHED = 3;
const SLOTS = 4;
const SHARE_UNIT = 1_000_000;

interface Slot {
  worker: Worker | null;
  pending: Map<number, { request: unknown; resolve(result: unknown): void; reject(error: Error): void }>;
  control: Int32Array;
}

function launch(entry: URL, options: TaskPoolOptions, control: Int32Array): Worker {
  const settings = {
    workerData: { entry: entry.href, data: options.workerData, control: control.buffer },
    resourceLimits: options.resourceLimits,
  };
  return new Worker(entry.pathname.endsWith('.ts') ? TS_BOOTSTRAP : entry, settings);
}

export function startTaskPool<Req, Res>(entry: URL, options: TaskPoolOptions = {}): TaskPool<Req, Res> {
  const size = Math.max(1, options.size ?? availableParallelism());
  const slots: Slot[] = Array.from({ length: size }, () => ({
    worker: null,
    pending: new Map(),
    control: new Int32Array(new SharedArrayBuffer(SLOTS * Int32Array.BYTES_PER_ELEMENT)),
  }));
  let nextSeq = 1;
  let closed = false;

  const fail = (slot: Slot, reason: string) => {
    slot.worker = null;
    for (const task of slot.pending.values()) task.reject(new Error(reason));
    slot.pending.clear();
  };

  const ensureWorker = (slot: Slot): Worker => {
    if (slot.worker !== null) return slot.worker;
    const worker = launch(entry, options, slot.control);
    worker.on('message', (reply: TaskReply<Res>) => {
      const task = slot.pending.get(reply.seq);
      if (task === undefined) return;
      slot.pending.delete(reply.seq);
      if (slot.pending.size === 0) worker.unref(); // an idle pool does not keep the process alive
      if (reply.type === 'result') task.resolve(reply.result);
      else task.reject(new Error(reply.message));
    });
    worker.on('error', (error) => slot.worker === worker && fail(slot, `a task worker crashed: ${error.message}`));
    worker.on('exit', (code) => slot.worker === worker && fail(slot, `a task worker stopped (exit code ${code})`));
    slot.worker = worker;
    return worker;
  };

  return {
    size,
    run(request: Req, signal?: AbortSignal): Promise<Res> {
      if (closed) return Promise.reject(new Error('the task pool is closed'));
      if (signal?.aborted) return Promise.reject(new Error('the task was withdrawn'));
      const slot = slots.reduce((best, s) => (s.pending.size < best.pending.size ? s : best));
      const worker = ensureWorker(slot);
      const seq = nextSeq++;
      return new Promise<Res>((resolve, reject) => {
        const withdraw = () => {
          if (!slot.pending.delete(seq)) return;
          if (slot.pending.size === 0) worker.unref();
          if (Atomics.load(slot.control, RUNNING) === seq) Atomics.store(slot.control, STOP, seq);
          worker.postMessage({ seq, type: 'cancel' } satisfies TaskCancel);
          reject(new Error('the task was withdrawn'));
        };
        const settled = () => signal?.removeEventListener('abort', withdraw);
        // Replies to this seq carry this task's result, so the worker's answer has type Res.
        slot.pending.set(seq, {
          request,
          resolve: (result) => {
            settled();
            resolve(result as Res);
          },
          reject: (error) => {
            settled();
            reject(error);
          },
        });
        signal?.addEventListener('abort', withdraw, { once: true });
        worker.ref();
        worker.postMessage({ seq, type: 'task', request } satisfies TaskRequest<Req>);
      });
    },
    share(request: Req): number {
      for (const slot of slots) {
        for (const [seq, task] of slot.pending) {
          if (task.request !== request) continue;
          // RUNNING first: a worker marks a task finished before it stops naming it running.
          if (Atomics.load(slot.control, RUNNING) === seq) return Atomics.load(slot.control, SHARE) / SHARE_UNIT;
          // A worker runs its tasks in seq order, and a pending one it skipped would have been withdrawn: done.
          return Atomics.load(slot.control, FINISHED) >= seq ? 1 : 0;
        }
      }
      return 0;
    },
    async close(): Promise<void> {
      closed = true;
      await Promise.all(
        slots.map(async (slot) => {
          const worker = slot.worker;
          fail(slot, 'the task pool was closed');
          if (worker !== null) await worker.terminate();
        }),
      );
    },
  };
}

/**
 * In a worker module: answers each task with handler's result (tasks run one at a time, in arrival order). Before
 * each task the worker lets its pending messages in, so that a task withdrawn while it waited is skipped; a task
 * withdrawn while it runs turns the handler's `stop.aborted` true.
 */
export function serveTasks<Req, Res>(handler: (request: Req, control: TaskControl) => Res | Promise<Res>): void {
  const port = parentPort;
  if (port === null) throw new Error('serveTasks must run inside a worker thread');
  const boot: unknown = workerData;
  const shared = typeof boot === 'object' && boot !== null && 'control' in boot ? boot.control : null;
  const control = new Int32Array(
    shared instanceof SharedArrayBuffer ? shared : new SharedArrayBuffer(SLOTS * Int32Array.BYTES_PER_ELEMENT),
  );
  let queue: Promise<void> = Promise.resolve();
  const withdrawn = new Set<number>();
  let started = 0; // tasks arrive in seq order: one at or below this has run already
  port.on('message', (message: TaskRequest<Req> | TaskCancel) => {
    if (message.type === 'cancel') {
      if (message.seq > started) withdrawn.add(message.seq);
      return;
    }
    queue = queue.then(async () => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (withdrawn.delete(message.seq)) return; // the parent no longer waits for it: no reply
      started = message.seq;
      // The share first: the parent reads it only for the task RUNNING names, so never the last task's share.
      Atomics.store(control, SHARE, 0);
      Atomics.store(control, RUNNING, message.seq);
      const stop: TaskControl = {
        get aborted() {
          return Atomics.load(control, STOP) === message.seq;
        },
        report: (share) => Atomics.store(control, SHARE, Math.round(Math.min(1, Math.max(0, share)) * SHARE_UNIT)),
      };
      let reply: TaskReply<Res>;
      try {
        reply = { seq: message.seq, type: 'result', result: await handler(message.request, stop) };
      } catch (error) {
        reply = { seq: message.seq, type: 'error', message: error instanceof Error ? error.message : String(error) };
      } finally {
        Atomics.store(control, FINISHED, message.seq);
        Atomics.store(control, RUNNING, 0);
      }
      port.postMessage(reply);
    });
  });
}

/** In a worker module: the `workerData` given to startTaskPool. */
export function taskWorkerData(): unknown {
  const boot: unknown = workerData;
  return typeof boot === 'object' && boot !== null && 'data' in boot ? boot.data : undefined;
}
