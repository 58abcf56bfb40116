/**
 * What main and the ML worker say to each other. Every message is `{ seq, type, ... }`; `seq` ties a job's
 * progress, result or error to the request that started it. Errors travel as plain data, never as thrown
 * objects (structured clone drops their class).
 */
import type { LearningPoint } from '../../shared/api.js';
import type { DecodeStrategy, Instance, MethodName, Routes, Variant, VariantName } from '../../shared/domain.js';
import type { AppErrorData } from '../../shared/errors.js';
import type { HoldoutComparison } from '../../shared/holdout.js';
import type { CutShort } from '../../shared/methods.js';
import type { MessagePort } from 'node:worker_threads';

export type { HoldoutComparison };

export interface PlanJob {
  instance: Instance;
  variant: Variant;
  method: MethodName;
  decode?: DecodeStrategy;
  samples?: number;
  improveSec?: number;
  timeLimitSec?: number;
  seed?: number;
  /**
   * Classical: rounds of guided local search at most (`jampr plan --iterations`). The search then runs on one thread,
   * so that the seed gives the same plan on any machine where the time limit does not end the work first.
   */
  maxIterations?: number;
  /** Checkpoint folder for jampr / am; main resolves which model to use. */
  modelDir?: string;
}

export interface PlanResult {
  routes: Routes;
  modelName: string | null;
  seconds: number;
  /** Sampling without a local search after it found no plan better than the model's greedy plans. */
  greedyKept?: boolean;
  /** The time limit ended before the method could do its work, with what the note on it says (methods.ts, cutShortNote). */
  cutShort?: CutShort;
  /**
   * With maxIterations: the time limit, not the iterations, ended the search (or hurried the fit to the fleet), so
   * another run of the same seed may give another plan.
   */
  timeEnded?: true;
}

export interface Progress {
  fraction: number;
  message: string;
  /**
   * No share of the work can be told (a model reading a large day before it places its first stop): the bar shows
   * that work goes on rather than standing at 0 %, and the message says what it is.
   */
  indeterminate?: boolean;
}

export interface TrainJob {
  variant: VariantName;
  size: number;
  minutes: number;
  /** Stored instances to learn from (perturbed copies); empty = the generator's distribution. */
  instances: Instance[];
  /** Checkpoint to start from; null = a fresh model. */
  fromDir: string | null;
  /** The user's days kept out of training: the learning curve's validation cost and the comparison are on them. */
  holdout: Instance[];
  /** The model that plans this policy and size today, compared with the new one on the held-out days. */
  compareDir: string | null;
  /**
   * Where given (the app, jampr train), the model that plans each held-out day today, in the order of the days, in compareDir's
   * place: an activated model plans the days of its size bands (every size where activated by hand), and a day of 39
   * stops is planned by the N=50 model, not by the run's size's. Null where no model plans the policy.
   */
  compareDirs?: (string | null)[];
  /** Where the new checkpoint is written. */
  outDir: string;
  name: string;
  seed?: number;
  /** Threads that share each training step (default: one per core; 1 = the trainer's thread alone). */
  threads?: number;
  /** Shared with a thread that may end the process mid-run (`jampr train`'s second Ctrl-C; train/save-gate.ts). */
  saveGate?: SharedArrayBuffer;
  /**
   * false: a run stopped by a cancel skips the comparison on the held-out days (`jampr train`, where Ctrl-C asks the
   * command to stop). Absent: it is still compared, as the app judges a cancelled run's model (its verdict says how it did),
   * unless the cancel came with the app stopping (APP_STOPPING).
   */
  compareWhenStopped?: false;
}

export interface TrainJobProgress {
  /** A learning-curve point; absent where the run reports only what it is doing (`phase`). */
  point?: LearningPoint;
  fraction: number;
  /** What the run is doing where it trains no step: fitting the pair bias, comparing the models at the end. */
  phase?: string;
}

export interface TrainJobResult {
  /** Folder holding the checkpoint (model.json, weights, card.json); null if the run ended before saving one. */
  outDir: string | null;
  /** Stopped by a cancel; a checkpoint saved up to then is still worth keeping. */
  cancelled: boolean;
  /** The card's note on a run saved after a cancel (when it stopped, how far it had come); absent otherwise. */
  stoppedEarly?: string | null;
  /** The new and the current model's plans of the held-out days (null without held-out days). */
  comparison: HoldoutComparison | null;
  /** Threads that shared each training step. */
  threads: number;
  /** The validation cost (model frame) when the run started and when it ended. */
  validation: { start: number | null; end: number | null };
  /** Seconds the trainer spent validating, all its validation points together (bench/train-time.ts). */
  validationSec?: number;
}

export interface InfoResult {
  backend: string;
  backendDetail: string;
}

/** Each job type with its input, result and progress payloads. */
export interface Jobs {
  plan: { input: PlanJob; result: PlanResult; progress: Progress };
  train: { input: TrainJob; result: TrainJobResult; progress: TrainJobProgress };
  info: { input: Record<string, never>; result: InfoResult; progress: Progress };
}
export type JobType = keyof Jobs;
export type JobInput<T extends JobType> = Jobs[T]['input'];
export type JobResult<T extends JobType> = Jobs[T]['result'];
export type JobProgress<T extends JobType> = Jobs[T]['progress'];

/** main -> worker on the job port. */
export type JobRequest = { [T in JobType]: { seq: number; type: 'job'; job: T; input: JobInput<T> } }[JobType];

/** main -> worker on the control port, which the worker also polls synchronously while a job computes. */
export interface CancelRequest {
  seq: number;
  type: 'cancel';
  /** The app is stopping (a quit, SIGTERM): the job's signal is aborted with APP_STOPPING as its reason. */
  appStopping?: true;
}

/**
 * The reason a job's signal is aborted with where the app is stopping (a quit, the web mode's SIGTERM), not a
 * dispatcher's Cancel: a training run then stops as promptly as at a Cancel and is not judged on its held-out days
 * after it (a pass of plans that would keep the process, and the database, for many seconds after the signal).
 */
export const APP_STOPPING = 'the app is stopping';

export interface ProgressMessage<T extends JobType = JobType> {
  seq: number;
  type: 'progress';
  job: T;
  progress: JobProgress<T>;
}
export interface ResultMessage<T extends JobType = JobType> {
  seq: number;
  type: 'result';
  job: T;
  result: JobResult<T>;
}
export interface ErrorMessage {
  seq: number;
  type: 'error';
  error: AppErrorData;
  /**
   * A defect's stack as it was thrown in the worker, for the bug report (main's own would show only its message port).
   * Internal errors only: a refusal of the user's input stays its message. Never part of AppErrorData, which the API
   * sends to its clients.
   */
  stack?: string;
}
/** worker -> main. */
export type WorkerMessage = ProgressMessage | ResultMessage | ErrorMessage;

/** What the worker gets at start: the control port that carries cancels. */
export interface WorkerBoot {
  control: MessagePort;
}

/** How a job reports progress and learns that it was cancelled, in the worker or in-process alike. */
export interface JobContext<P> {
  signal: AbortSignal;
  onProgress(progress: P): void;
}

/** The one interface services use to run heavy work: the worker client and the in-process runner implement it. */
export interface JobRunner {
  run<T extends JobType>(
    job: T,
    input: JobInput<T>,
    options?: { signal?: AbortSignal; onProgress?: (progress: JobProgress<T>) => void },
  ): Promise<JobResult<T>>;
  /** The jobs sent and not yet answered, oldest first: a job sent now waits behind the busy ones among them. */
  inFlight(): JobType[];
  close(): Promise<void>;
}
