import { AppError } from '../../../shared/errors.js';
import { PAIR_FIT_DAYS, PAIR_FIT_SHARE } from '../../../shared/training-time.js';

/**
 * Training recipes. 'rollout' is the paper's (greedy-rollout baseline, one sample per instance) at a
 * CPU-sized schedule; 'pomo-mean' goes beyond the paper for sample efficiency on a CPU budget: P
 * samples per instance, each judged against the mean of the others, with the square's symmetries
 * as free augmentation; 'imitation' is a warm start that maximises the likelihood of the classical
 * solver's plans replayed as joint actions (follow it with a REINFORCE recipe); 'self-imitation' maximises the
 * likelihood of the model's own best plan of its 8 greedy views and samplesPerInstance samples (self-imitation.ts).
 * The paper's full schedule is PAPER_SCHEDULE. Every model card names its recipe.
 */
export type RecipeName = 'rollout' | 'pomo-mean' | 'imitation' | 'self-imitation';
export const RECIPE_NAMES: readonly RecipeName[] = ['rollout', 'pomo-mean', 'imitation', 'self-imitation'];

export interface Recipe {
  name: RecipeName;
  samplesPerInstance: number;
  augment: boolean;
  /** Instances per gradient step. */
  batchSize: number;
  /** Instances per epoch (learning-rate decay, baseline test and validation happen per epoch). */
  epochSize: number;
  /** Size of the rollout baseline's eval set ('rollout' only). */
  evalSize: number;
  learningRate: number;
  /** η_t = η_{t−1}/(1 + decay·t) at the start of epoch t ≥ 1. */
  learningRateDecay: number;
  maxGradNorm: number;
  /** Multiplies (c − b) in the loss: 1/100 for CVRP-TW. */
  costScale: number;
  /** Classical solver seconds per instance ('imitation' only). */
  expertSeconds: number;
  /** Views searched per instance ('self-imitation' only): 8, or 1 (the instance as the greedy plan sees it). */
  views?: number;
}

const COMMON = { learningRate: 1e-4, learningRateDecay: 0.001, maxGradNorm: 1.0, costScale: 0.01, expertSeconds: 0 };

export const RECIPES: Record<RecipeName, Recipe> = {
  rollout: { name: 'rollout', samplesPerInstance: 1, augment: false, batchSize: 32, epochSize: 2048, evalSize: 512, ...COMMON },
  'pomo-mean': { name: 'pomo-mean', samplesPerInstance: 8, augment: true, batchSize: 8, epochSize: 1024, evalSize: 0, ...COMMON },
  imitation: {
    name: 'imitation',
    samplesPerInstance: 1,
    augment: false,
    batchSize: 16,
    epochSize: 512,
    evalSize: 0,
    ...COMMON,
    learningRate: 1e-3,
    expertSeconds: 0.1,
  },
  'self-imitation': {
    name: 'self-imitation',
    samplesPerInstance: 32,
    augment: false,
    batchSize: 16,
    epochSize: 512,
    evalSize: 0,
    ...COMMON,
  },
};

/**
 * Fine-tuning a trained model on one kind of day (the user's history, city days): imitation of the classical
 * solver's plans with a small step. Measured on jampr-tw3-n50, 12 minutes (320 city days of 40–100 stops) on a
 * loaded machine, BatchNorm frozen: greedy on 16 other city days 1.447x -> 1.358x of the classical solver (3 s),
 * where REINFORCE from the same model moved it by under 1 % in that time (bench/RESULTS.md section 8).
 */
export const FINE_TUNE_RECIPE = {
  name: 'imitation',
  batchSize: 16,
  learningRate: 1e-4,
  expertSeconds: 0.2,
} as const satisfies Partial<Recipe> & { name: RecipeName };

/**
 * Retraining a trained model on the user's days first fits its pair bias to them (train.ts `pairSearch`): 32
 * perturbed days, at most 61 greedy passes over them, at most 30 % of the run.
 */
export const RETRAIN_PAIR_SEARCH = { instances: PAIR_FIT_DAYS, evaluations: 61, share: PAIR_FIT_SHARE } as const;

/** The paper's schedule for N=20 (batch 128 at N=50), for reference and for machines that can afford it. */
export const PAPER_SCHEDULE = { batchSize: 512, epochSize: 1_024_000, evalSize: 10_000, epochs: 50 } as const;

export function resolveRecipe(recipe: RecipeName | (Partial<Recipe> & { name: RecipeName }) = 'pomo-mean'): Recipe {
  const name = typeof recipe === 'string' ? recipe : recipe.name;
  if (!RECIPE_NAMES.includes(name)) {
    throw new AppError('input', `unknown training recipe ${String(name)}`, [`known recipes: ${RECIPE_NAMES.join(', ')}`]);
  }
  const resolved = { ...RECIPES[name], ...(typeof recipe === 'string' ? {} : recipe) };
  const problems: string[] = [];
  for (const key of ['samplesPerInstance', 'batchSize', 'epochSize'] as const) {
    if (!Number.isInteger(resolved[key]) || resolved[key] < 1) problems.push(`${key} must be a positive integer, got ${resolved[key]}`);
  }
  if (name === 'rollout' && (!Number.isInteger(resolved.evalSize) || resolved.evalSize < 2))
    problems.push(`evalSize must be an integer ≥ 2, got ${resolved.evalSize}`);
  if (name === 'pomo-mean' && resolved.samplesPerInstance < 2) problems.push('pomo-mean needs at least 2 samples per instance');
  if (name === 'imitation' && !(resolved.expertSeconds > 0)) problems.push(`expertSeconds must be positive, got ${resolved.expertSeconds}`);
  if (problems.length) throw new AppError('input', 'invalid training recipe', problems);
  return resolved;
}
