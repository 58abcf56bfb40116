import type { VariantName } from '../../shared/domain.js';
import { AppError } from '../../shared/errors.js';
import type { CardJson } from './checkpoint-files.js';
import type { ModelConfig } from './model/config.js';

/** One point of a learning curve. */
export interface CurvePoint {
  instances: number;
  cpuSeconds: number;
  /** Mean greedy cost on the run's fixed validation set (in the units `validation.measure` says). */
  cost: number;
  epoch: number;
  /** Measured by plans (`validation.measure`): the customers the plans left unserved in all, counted apart from the cost. */
  unserved?: number;
}

/** A curve point's cost as the card keeps it: to a thousandth (the trainer's points and the verdict's alike). */
export const roundCurveCost = (v: number) => Math.round(v * 1000) / 1000;

/** What a model is and how it was made: card.json next to its weights. */
export interface ModelCard {
  name: string;
  kind: ModelConfig['kind'];
  variant: VariantName;
  /** N it was trained on. */
  size: number;
  config: ModelConfig;
  /** m_con and m_pre the model was trained with (decoding defaults). */
  env: { mCon: number; mPre: number };
  /** Training recipe name and its options. */
  recipe: { name: string; [option: string]: string | number | boolean };
  /** Where the training instances came from ("generator" or a description of the stored set). */
  instanceSource: string;
  instancesTrained: number;
  cpuSeconds: number;
  /**
   * `measure` 'plans': the curve is the mean cost of the model's JAMPR greedy plans of the dispatcher's held-out days in
   * the days' own units, as the Plan view and the retraining's verdict price them (train/plan-validation.ts); absent,
   * the mean greedy training cost in the model's frame (train/costs.ts, "model units").
   */
  validation: { instances: number; seed: number; curve: CurvePoint[]; measure?: 'plans' };
  date: string;
  /** Where training stopped, for resuming. */
  training?: { epoch: number; stepInEpoch: number };
  notes?: string;
}

/**
 * A card.json that passed its schema (checkpoint-files.ts) as the card the app works with. Its configuration is
 * model.json's, the one the weights were saved with (card.json repeats it, but the weights load by model.json);
 * a card whose kind disagrees with it is refused. JSON has no Infinity, so AM+TW's unlimited early returns
 * (m_pre = ∞) were written as null and come back as Infinity.
 */
export function cardFromJson(json: CardJson, config: ModelConfig, dir: string): ModelCard {
  if (json.kind !== config.kind) {
    throw new AppError('model', `${dir}/card.json describes a ${json.kind} model but model.json holds a ${config.kind} model`);
  }
  const { curve } = json.validation;
  return {
    name: json.name,
    kind: config.kind,
    variant: json.variant,
    size: json.size,
    config,
    env: { mCon: json.env.mCon, mPre: json.env.mPre ?? Infinity },
    recipe: json.recipe,
    instanceSource: json.instanceSource ?? '',
    instancesTrained: json.instancesTrained,
    cpuSeconds: json.cpuSeconds,
    validation: {
      instances: json.validation.instances,
      seed: json.validation.seed,
      curve: curve.map(({ instances, cpuSeconds, cost, epoch, unserved }) => ({
        instances,
        cpuSeconds,
        cost,
        epoch,
        ...(unserved !== undefined ? { unserved } : {}),
      })),
      ...(json.validation.measure ? { measure: json.validation.measure } : {}),
    },
    date: json.date,
    ...(json.training ? { training: json.training } : {}),
    ...(json.notes !== undefined ? { notes: json.notes } : {}),
  };
}
