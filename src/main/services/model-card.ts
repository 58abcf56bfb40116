import type { ModelSummary } from '../../shared/api.js';
import { checkModelFolder } from '../jampr/checkpoint-files.js';

/**
 * Whether a run's saved model trained past the model it started from (`from`; null: untrained weights, none seen): the
 * one rule by which the app keeps a run's model and `jampr train` leaves one written. A run whose minutes went to
 * getting ready took no step, and its model would be the one it started from again.
 */
export const trainedPastStart = (saved: Pick<ModelSummary, 'instancesSeen'>, from: Pick<ModelSummary, 'instancesSeen'> | null): boolean =>
  saved.instancesSeen > (from?.instancesSeen ?? 0);

/**
 * A checkpoint folder checked whole (schemas, dimension limits, weight file length, finite weights: see
 * jampr/checkpoint-files.ts), then its card summarised as the contract's ModelSummary.
 */
export function readModelSummary(folder: string): ModelSummary {
  const { card } = checkModelFolder(folder);
  const curve = card.validation.curve;
  return {
    name: card.name,
    method: card.kind,
    variant: card.variant,
    size: card.size,
    recipe: card.recipe.name,
    instancesSeen: card.instancesTrained,
    cpuSeconds: card.cpuSeconds,
    validationCost: curve.length ? curve[curve.length - 1].cost : null,
    ...(card.validation.measure === 'plans' ? { validationUnits: 'plan' as const } : {}),
    createdAt: card.date,
    instanceSource: card.instanceSource || null,
    notes: card.notes ?? null,
    validationCurve: curve.map((p) => ({ instances: p.instances, cpuSeconds: p.cpuSeconds, cost: p.cost })),
  };
}
