import { availableParallelism } from 'node:os';
import type { Variant } from '../../shared/domain.js';
import { AppError } from '../../shared/errors.js';
import type { Problem } from '../vrp/problem.js';
import { decodeGreedy, decodeGreedyServing, decodeSampled, type GreedyProgress } from './decode.js';
import { amEnvConfig, jamprEnvConfig } from './env/config.js';
import { findDefaultModel } from './model-catalog.js';
import type { ModelKind } from './model/config.js';
import type { Policy } from './model/policy.js';
import { withModel } from './policy-cache.js';
import { samplingHelpers } from './sampling-pool.js';

/**
 * Plans one instance with a trained model: the product's "jampr" and "am" methods. The model is the
 * given folder, or the default for the method, variant and N (model-catalog.ts). JAMPR decodes with the
 * default m_con for this N and the instance's own fleet K. Loaded models stay cached (policy-cache.ts).
 */
export interface PlanWithModelOptions {
  modelDir?: string;
  method: ModelKind;
  decode: 'greedy' | 'sample';
  samples?: number;
  /** Sampled plans rolled out at once (decode.ts's default when omitted). */
  chunk?: number;
  seed?: number;
  /** Threads that sample (default: one per core); the plan is the same on any number. */
  threads?: number;
  signal?: AbortSignal;
  onProgress?: (drawn: number, total: number, bestCost: number) => void;
  /** Sampling: the share of its work done, about every step (decode.ts). */
  onShare?: (share: number) => void;
  /** Greedy decoding (JAMPR): customers placed so far, after every step of the plain rollout. */
  onPlaced?: GreedyProgress;
  /** Where default models are looked up (default resources/models or $JAMPR_MODELS_DIR). */
  modelsRoot?: string;
}

export interface ModelPlan {
  routes: number[][];
  modelName: string;
  /** Sampling only: no sampled plan beat the model's greedy plans, so the plan is the best of those. */
  greedyKept?: boolean;
}

/**
 * JAMPR's greedy plan of a day, before it is fitted to the fleet: the default m_con for the day's N, the model's m_pre,
 * and where the plain plan leaves a customer, the other plans it falls back on (decodeGreedyServing). The one rule for
 * the plan job and a retraining's learning curve (train/plan-validation.ts), so the curve measures what the Plan view
 * and the verdict show.
 */
export function jamprGreedyPlan(
  policy: Policy,
  mPre: number,
  problem: Problem,
  variant: Variant,
  signal?: AbortSignal,
  onPlaced?: GreedyProgress,
): number[][] {
  return decodeGreedyServing(policy, problem, jamprEnvConfig(variant, problem.n, { mPre }), signal, onPlaced);
}

export async function planWithModel(problem: Problem, variant: Variant, opts: PlanWithModelOptions): Promise<ModelPlan> {
  const dir = opts.modelDir ?? (await findDefaultModel(opts.method, variant.name, problem.n, opts.modelsRoot)).dir;
  return withModel(dir, opts.method, async ({ policy, card }) => {
    // A model learns one policy's costs: planning another policy with it is a mistake, not a choice.
    if (card.variant !== variant.name)
      throw new AppError('model', `the model in ${dir} was trained for ${card.variant}, not ${variant.name}`);
    const env = opts.method === 'am' ? amEnvConfig(variant) : jamprEnvConfig(variant, problem.n, { mPre: card.env.mPre });
    switch (opts.decode) {
      case 'greedy':
        // AM+TW, a baseline, stays as the paper has it.
        return {
          routes:
            opts.method === 'jampr'
              ? jamprGreedyPlan(policy, card.env.mPre, problem, variant, opts.signal, opts.onPlaced)
              : decodeGreedy(policy, [problem], env, opts.signal)[0],
          modelName: card.name,
        };
      case 'sample': {
        const seed = opts.seed ?? 1;
        const call = { modelDir: dir, kind: opts.method, instance: problem.instance, env, seed };
        const best = await decodeSampled(policy, problem, env, {
          samples: opts.samples,
          chunk: opts.chunk,
          seed,
          signal: opts.signal,
          onProgress: opts.onProgress,
          onShare: opts.onShare,
          helpers: samplingHelpers(opts.threads ?? availableParallelism(), call),
        });
        return { routes: best.routes, modelName: card.name, greedyKept: best.greedyKept };
      }
      default: {
        const unknown: never = opts.decode;
        throw new Error(`unknown decoding ${String(unknown)}`);
      }
    }
  });
}
