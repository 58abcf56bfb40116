import type { Instance, VariantName } from '../../../shared/domain.js';
import { makeVariant } from '../../../shared/domain.js';
import { AppError } from '../../../shared/errors.js';
import type { ModelCard } from '../card.js';
import { loadCheckpoint, loadOptimizerState } from '../checkpoint.js';
import { amEnvConfig, jamprEnvConfig, type EnvConfig } from '../env/config.js';
import { modelConfig, type ModelConfig, type ModelKind } from '../model/config.js';
import { Policy } from '../model/policy.js';
import { Adam, PAPER_ADAM } from './adam.js';
import type { Recipe } from './recipe.js';
import { shippedTrainingSource, storedSource, type InstanceSource } from './sources.js';
import * as tf from '@tensorflow/tfjs';

/** Everything a training run starts from: fresh, or resumed from a checkpoint folder. */
export interface TrainingSetup {
  policy: Policy;
  adam: Adam;
  card: ModelCard;
  env: EnvConfig;
  source: InstanceSource;
  /**
   * The resumed card's validation curve where this run validates on another set (other days, another size or seed):
   * its costs are not comparable with the new ones, so the card's curve starts afresh and the trainer notes why.
   */
  droppedCurve: ModelCard['validation']['curve'];
}

export interface SetupOptions {
  variant: VariantName;
  size: number;
  kind: ModelKind;
  model?: Partial<ModelConfig>;
  fromDir?: string;
  instances?: Instance[];
  /** Where training instances come from (default: the stored instances if any, else the shipped mix). */
  source?: InstanceSource;
  seed: number;
  recipe: Recipe;
  name: string;
  validationSize: number;
  validationSeed: number;
  env?: { mCon?: number; mPre?: number };
}

export async function setupTraining(o: SetupOptions): Promise<TrainingSetup> {
  const variant = makeVariant(o.variant);
  const source = o.source ?? (o.instances?.length ? storedSource(o.instances, o.size) : shippedTrainingSource(o.size));
  if (o.fromDir) return resume(o, source);
  const config = modelConfig({ ...o.model, kind: o.kind, tourLength: o.model?.tourLength ?? o.size });
  const policy = new Policy(config, o.seed);
  const env = o.kind === 'am' ? amEnvConfig(variant) : jamprEnvConfig(variant, o.size, o.env);
  const card: ModelCard = {
    name: o.name,
    kind: o.kind,
    variant: o.variant,
    size: o.size,
    config,
    env: { mCon: env.mCon, mPre: env.mPre },
    recipe: recipeCard(o.recipe),
    instanceSource: source.description,
    instancesTrained: 0,
    cpuSeconds: 0,
    validation: { instances: o.validationSize, seed: o.validationSeed, curve: [] },
    date: new Date().toISOString(),
    training: { epoch: 0, stepInEpoch: 0 },
  };
  const adam = new Adam(policy.params.trainable, { ...PAPER_ADAM, learningRate: o.recipe.learningRate });
  return { policy, adam, card, env, source, droppedCurve: [] };
}

async function resume(o: SetupOptions, source: InstanceSource): Promise<TrainingSetup> {
  const dir = o.fromDir as string;
  // JAMPR models made before the fleet or service feature or the pair bias get them (with zero weight) when training goes on.
  const upgrades = o.kind === 'jampr' ? { fleetFeature: true, serviceFeature: true, pairBias: true } : {};
  const { policy, card } = await loadCheckpoint(dir, { kind: o.kind, ...upgrades, ...o.model });
  const upgraded = (['fleetFeature', 'serviceFeature', 'pairBias'] as const).some((key) => card.config[key] !== policy.config[key]);
  if (card.variant !== o.variant) {
    policy.dispose();
    throw new AppError('model', `the model in ${dir} was trained for ${card.variant}, not ${o.variant}`);
  }
  const variant = makeVariant(o.variant);
  // A run at a new size (curriculum) takes the default m_con for that size (docs/decisions.md); the same size keeps the card's.
  const mCon = card.size === o.size ? card.env.mCon : undefined;
  const env = o.kind === 'am' ? amEnvConfig(variant) : jamprEnvConfig(variant, o.size, { mCon, mPre: card.env.mPre, ...o.env });
  const adam = new Adam(policy.params.trainable, { ...PAPER_ADAM, learningRate: o.recipe.learningRate });
  // An upgraded model's optimizer moments no longer fit its weights: Adam starts afresh.
  const state = upgraded ? null : await loadOptimizerState(dir);
  // A changed learning rate counts as a new recipe stage: it starts from the requested rate, not the saved one.
  const sameRecipe = card.recipe.name === o.recipe.name && card.recipe.learningRate === o.recipe.learningRate;
  if (state) {
    adam.load(state);
    tf.dispose([...state.moments.values()]);
    // A new recipe starts from its own learning rate; the moments carry over.
    if (!sameRecipe) adam.learningRate = o.recipe.learningRate;
  }
  // After a curriculum start the card's source reads "<earlier source>; then <this source>".
  const sameData =
    card.size === o.size && (card.instanceSource === source.description || card.instanceSource.endsWith(`; then ${source.description}`));
  const sameValidation = sameData && card.validation.instances === o.validationSize && card.validation.seed === o.validationSeed;
  const previous = sameRecipe
    ? card.recipe.after
    : [card.recipe.after, `${card.recipe.name} (lr ${card.recipe.learningRate}) to ${card.instancesTrained} instances`]
        .filter(Boolean)
        .join(', then ');
  return {
    policy,
    adam,
    env,
    source,
    droppedCurve: sameValidation ? [] : card.validation.curve,
    card: {
      ...card,
      config: policy.config,
      name: o.name,
      size: o.size,
      recipe: previous ? { ...recipeCard(o.recipe), after: previous } : recipeCard(o.recipe),
      instanceSource: sameData ? card.instanceSource : `${card.instanceSource}; then ${source.description}`,
      validation: sameValidation ? card.validation : { instances: o.validationSize, seed: o.validationSeed, curve: [] },
      training: sameRecipe && sameData ? card.training : { epoch: 0, stepInEpoch: 0 },
      env: { mCon: env.mCon, mPre: env.mPre },
    },
  };
}

function recipeCard(r: Recipe): ModelCard['recipe'] {
  return { ...r };
}
