import type { Problem } from '../../vrp/problem.js';
import type { Rng } from '../../vrp/rng.js';
import type { EnvConfig } from '../env/config.js';
import type { Policy } from '../model/policy.js';
import type { Adam } from './adam.js';
import { type RolloutBaseline, sampleMeanBaseline } from './baseline.js';
import { imitationStep } from './imitation.js';
import type { Recipe } from './recipe.js';
import { reinforceStep } from './reinforce.js';
import { selfImitationGradients } from './self-imitation.js';
import { applyGradients } from './update.js';

/** What a training step works on: the model, its optimiser and the recipe's state at this step. */
export interface StepContext {
  policy: Policy;
  adam: Adam;
  env: EnvConfig;
  baseline: RolloutBaseline | null;
  epoch: number;
  frozenNorm: boolean;
}

/** A step's costs for progress: sampled (or, for imitation, the expert's) and the baseline's. */
export interface StepOutcome {
  meanCost: number;
  baselineCost: number;
}

/** One gradient step of the recipe in this thread (the one-thread path; parallel-step.ts splits it over threads). */
export function trainStep(recipe: Recipe, c: StepContext, problems: Problem[], rng: Rng): StepOutcome {
  const common = { env: c.env, maxGradNorm: recipe.maxGradNorm, frozenNorm: c.frozenNorm };
  switch (recipe.name) {
    case 'imitation': {
      const stats = imitationStep(c.policy, c.adam, { ...common, expertSeconds: recipe.expertSeconds }, problems, rng);
      return { meanCost: stats.meanCost, baselineCost: stats.meanCost };
    }
    case 'self-imitation': {
      const settings = { env: c.env, samples: recipe.samplesPerInstance, views: recipe.views, frozenNorm: c.frozenNorm };
      const { grads, meanCost, greedyCost } = selfImitationGradients(c.policy, settings, problems, rng);
      applyGradients(c.policy, c.adam, grads, recipe.maxGradNorm);
      return { meanCost, baselineCost: greedyCost };
    }
    case 'rollout':
    case 'pomo-mean': {
      const P = recipe.samplesPerInstance;
      const base = c.baseline ? c.baseline.prepare(c.epoch, problems, P) : (costs: Float64Array) => sampleMeanBaseline(costs, P);
      const settings = { ...common, samplesPerInstance: P, augment: recipe.augment, costScale: recipe.costScale };
      return reinforceStep(c.policy, c.adam, settings, problems, rng, base);
    }
    default: {
      const unknown: never = recipe.name;
      throw new Error(`unknown recipe ${String(unknown)}`);
    }
  }
}
