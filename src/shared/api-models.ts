/**
 * The model and training calls' side of the API contract (api.ts): what a training run is asked for, and the models
 * and runs the calls answer with.
 */
import { z } from 'zod';
import { MAX_APP_TRAINING_SIZE, MAX_TRAINING_MINUTES, MIN_TRAINING_MINUTES, MIN_TRAINING_SIZE, SHORTEST_TRAINING_RUN } from './limits.js';
import { type VariantName, variantNameSchema } from './domain.js';
import { idSchema as id } from './api-id.js';
import { modelNameSchema } from './model-name.js';

export const trainingRequestSchema = z
  .strictObject({
    variant: variantNameSchema,
    size: z.number().int().min(MIN_TRAINING_SIZE).max(MAX_APP_TRAINING_SIZE),
    /** Stored instances to learn from (perturbed copies); empty = the generator's distribution. */
    instanceIds: z.array(id),
    minutes: z.number().min(MIN_TRAINING_MINUTES, `is under ${MIN_TRAINING_MINUTES}, ${SHORTEST_TRAINING_RUN}`).max(MAX_TRAINING_MINUTES),
    /** Start from this model, a JAMPR model of this policy (default: the model that plans this policy and size today). */
    fromModelId: id.optional(),
    /** Start from untrained weights instead (only when asked). */
    fromScratch: z.boolean().optional(),
    /** Checked here, before the run, against the limit its card is checked against after it. */
    name: modelNameSchema.optional(),
  })
  // Both asked for: one would be ignored without a word.
  .refine((r) => !(r.fromScratch && r.fromModelId !== undefined), {
    path: ['fromScratch'],
    message: 'the request gives both fromScratch and fromModelId: a run starts from untrained weights or from a model, not both; drop one',
  });
export type TrainingRequest = z.infer<typeof trainingRequestSchema>;

/** What the app shows of a model's card.json (the card on disk is `ModelCard` in src/main/jampr/card.ts). */
export interface ModelSummary {
  name: string;
  method: 'jampr' | 'am';
  variant: VariantName;
  size: number;
  recipe: string;
  instancesSeen: number;
  cpuSeconds: number;
  validationCost: number | null;
  /**
   * 'plan': `validationCost` is the mean cost of the model's greedy plans of the dispatcher's held-out days, as the Plan
   * view prices them (a model retrained here on held-out days); absent (cards and records older than it too): in the
   * model's own units.
   */
  validationUnits?: 'plan';
  createdAt: string;
  [extra: string]: unknown;
}

export interface ModelInfo {
  id: number;
  name: string;
  folder: string;
  card: ModelSummary;
  /** Whether it plans some days of its policy unasked (`activeFor` is not null). */
  active: boolean;
  /**
   * Which days of its policy it plans unasked (src/shared/model-choice.ts `ActiveFor`): null, none; 'all', every size
   * (activated by hand); else the size bands a retraining run's verdict activated it for, or those a model activated by
   * hand kept when a run's verdict took its others over, each named by the trained size of the model the automatic
   * choice gives those days (20: the days under 35 customers).
   */
  activeFor: 'all' | number[] | null;
  builtIn: boolean;
}

export interface LearningPoint {
  instancesSeen: number;
  elapsedSec: number;
  /** Null on a run's first point, drawn before its first step: the validation cost the run starts from. */
  meanCost: number | null;
  baselineCost: number | null;
  /**
   * With `validationUnserved` (runs on held-out days): the mean cost of the model's greedy plans of them as the Plan view
   * and the verdict price them, and the customers those plans left unserved in all. Without it: in the model's own units.
   */
  validationCost: number | null;
  validationUnserved?: number;
  /**
   * Set on a run's first validation point where held-out days were edited or deleted during the run and the point could
   * not be measured again on the days its verdict judged (a run from untrained weights, or from another model than the
   * one compared with): it measured the days as read at the run's start, and does not compare with the curve's last
   * point, which is the verdict's figure. Where the run started from the model compared with, its first point is that
   * model's figure in the verdict instead, on the same days.
   */
  validationDaysAtStart?: true;
  /** Training steps (updates) the run had taken at this point (absent on runs stored before it was kept). */
  steps?: number;
}

/**
 * How a run stands or ended: `cancelled` by a dispatcher's Cancel; `stopped` because the app closed during it (a quit, the
 * web mode's SIGTERM or Ctrl-C), its model kept where it took a training step, not judged after the stop; `failed` by an
 * error, or found still running at the next start after the app was killed or quit at once (error "interrupted: …").
 */
export type TrainingStatus = 'running' | 'done' | 'cancelled' | 'stopped' | 'failed';

export interface TrainingRun {
  id: number;
  config: TrainingRequest;
  status: TrainingStatus;
  points: LearningPoint[];
  modelId: number | null;
  error: string | null;
  /** What happened to the new model: activated or not, and the held-out comparison that decided it. */
  verdict: string | null;
  /** The name of the model the run kept (null: none, or a run stored before names were kept); modelId is null once it is deleted. */
  keptModel: string | null;
  createdAt: string;
  /**
   * What a running run is doing where it trains no step (measuring the start model, fitting its pair bias, judging the
   * new model), as its latest 'training:progress' said; absent while it trains steps and once it has ended. Kept with the
   * run's state, so that a window opened mid-run (training:list, training:status) shows it as the one that started it.
   */
  phase?: string;
}
