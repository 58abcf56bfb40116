import type { Instance, VariantName } from '../../../shared/domain.js';
import type { Problem } from '../../vrp/problem.js';
import type { ModelCard } from '../card.js';
import type { ModelConfig, ModelKind } from '../model/config.js';
import type { RecipeName, Recipe } from './recipe.js';
import type { InstanceSource } from './sources.js';

/** What a training run (train.ts) is asked, what it reports and what it returns. */
export interface TrainProgress {
  instancesSeen: number;
  meanCost: number;
  baselineCost: number;
  validationCost?: number;
  /** Where validation is measured by plans (`validationDays`): the customers they left unserved, with `validationCost`. */
  validationUnserved?: number;
  /** Training steps (updates) this run has taken so far, a warm start's two stages together. */
  steps: number;
  elapsedSec: number;
  cpuSeconds: number;
  epoch: number;
  step: number;
}

export interface TrainModelOptions {
  variant: VariantName;
  size: number;
  kind?: ModelKind;
  model?: Partial<ModelConfig>;
  fromDir?: string;
  instances?: Instance[];
  /** Where training instances come from instead (e.g. city days of many sizes); wins over `instances`. */
  source?: InstanceSource;
  minutes: number;
  /** Also stop once this many instances have been trained on (in total, resumed runs included). */
  maxInstances?: number;
  outDir: string;
  seed: number;
  /**
   * Default 'warm-start' from scratch (imitation for WARM_START_SHARE of the time, then 'pomo-mean'),
   * 'pomo-mean' when resuming.
   */
  recipe?: 'warm-start' | RecipeName | (Partial<Recipe> & { name: RecipeName });
  name?: string;
  validationSize?: number;
  validationSeed?: number;
  /**
   * Fine-tune with BatchNorm frozen on the model's running statistics. Mixing a new distribution into the
   * batch statistics shifts them away from what the model was trained with. Measured on jampr-tw3-n20, greedy
   * on 48 generated / 48 city days: 30 mixed batches without any gradient step moved 884 -> 925 on the
   * generated ones; 8 minutes of pomo-mean on the mix gave 905 -> 923 / 538 -> 546 with batch statistics and
   * 905 -> 914 / 538 -> 530 frozen.
   */
  freezeNorm?: boolean;
  /**
   * Threads that share each step (parallel-step.ts): the batch is split between them and their gradients are
   * combined into one update. Default 1, this thread alone (the app and `jampr train` pass one per core).
   */
  threads?: number;
  /** A fixed validation set instead of one drawn from the training source (e.g. the user's held-out days, any sizes). */
  validationSet?: Problem[];
  /** What `validationSet` is, for the card's note where the curve restarts on it (e.g. "held-out days of yours"). */
  validationLabel?: string;
  /**
   * The dispatcher's held-out days, whole, as stored (with `validationSet`, their parts the planners take): validation
   * then measures the model as the retraining's verdict does, by the mean cost of its JAMPR greedy plans of them in
   * the days' own units (plan-validation.ts; the card's `validation.measure` says 'plans'), not by its greedy cost
   * in the model's frame.
   */
  validationDays?: Instance[];
  checkpointEverySec?: number;
  /**
   * Validations' lengths of time the caller needs after the run within its minutes (`jampr train` and the app plan the
   * held-out days with the model in use once more where the run did not start from it, jobs/train.ts): the last step
   * leaves room for them as for the closing validation (budget.ts).
   */
  reserveValidations?: number;
  /**
   * Before the first step, fit the pair bias (pair-search.ts) to `instances` training instances with the rest of
   * the network fixed, for at most `evaluations` greedy passes and `share` of the minutes. For fine-tuning a
   * trained model on one kind of day: four weights follow a city's distances and time slots at once, where the
   * network's small steps take many minutes.
   */
  pairSearch?: { instances: number; evaluations: number; share: number };
  env?: { mCon?: number; mPre?: number };
  /** Free text for the card (e.g. reference costs on the validation set). */
  notes?: string;
  onProgress?: (p: TrainProgress) => void;
  /** Before the first step: the validation cost the run starts from (so a learning curve shows where it began). */
  onStart?: (start: { instancesSeen: number; validationCost: number; validationUnserved?: number }) => void;
  /**
   * Stretches of the run that train no step and so report no progress (the pair bias fitted first): what the run is
   * doing, and its time so far, so a progress bar moves through them.
   */
  onPhase?: (phase: { label: string; elapsedSec: number }) => void;
  /**
   * Called after each checkpoint is written to outDir (e.g. to export a shipped copy), with the greedy cost of each
   * validation instance on the weights just written (in the order of the validation set), so that a caller can judge
   * the checkpoint by parts of that set without decoding it again.
   */
  onCheckpoint?: (card: ModelCard, validationCosts: Float64Array) => Promise<void>;
  signal?: AbortSignal;
  /** Shared with a thread that may end the process (save-gate.ts): no checkpoint is then left half written. */
  saveGate?: SharedArrayBuffer;
}

export interface TrainResult {
  card: ModelCard;
  /**
   * The validation cost when this run started (measured then, or the card's last one on the same validation set)
   * and when it ended: whether the run made the model better on its validation instances.
   */
  validation: { start: number | null; end: number | null };
  stoppedBy: 'time' | 'instances' | 'cancelled';
  /**
   * Whether outDir holds this run's checkpoint. A run cancelled before its first training step writes nothing (the
   * model would be the one it started from, or untrained weights).
   */
  saved: boolean;
  /** The card's note on a run saved after it was cancelled (when, how far it had come); null otherwise. */
  stoppedEarly: string | null;
  /** Instances trained on in this run (the card's count includes the runs it continued). */
  instancesThisRun: number;
  /** Training steps (updates) taken in this run, a warm start's two stages together. */
  steps: number;
  /** Seconds the run's latest validation took (0 where it measured none). */
  validationSec: number;
  /** Seconds all of the run's validations took together (a warm start's two stages together). */
  validationSecTotal: number;
  /**
   * Where validation is measured by plans of `validationDays`: each day's plan cost and customers left unserved, by the
   * model the run started from (before any step; null for a warm start's second stage alone) and by the weights saved at
   * the end (null where they were not validated: a cancelled run). The same plans the comparison on the held-out days
   * makes (plan-validation.ts), so jobs/train.ts takes them rather than plan the days again.
   */
  measured: { start: DayCosts | null; end: DayCosts | null };
  /** This run's own notes on the card, in order (the card's notes are these, then "Before: " and the earlier ones). */
  notes: string[];
  /** Threads that shared each step (1 where only one was asked for, or no worker could be started). */
  threads: number;
}

/** Each validation day's plan cost in the day's own units and the customers its plan left unserved, in the days' order. */
export interface DayCosts {
  costs: number[];
  unservedByDay: number[];
}
