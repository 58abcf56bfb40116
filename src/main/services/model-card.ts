import type { ModelSummary } from '../../shared/api.js';
import { checkModelFolder } from '../jampr/checkpoint-files.js';

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
