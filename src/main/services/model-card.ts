import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { ModelSummary } from '../../shared/api.js';
import { AppError } from '../../shared/errors.js';

/**
 * A checkpoint's card.json (written by src/main/jampr/checkpoint.ts, shape in jampr/card.ts) checked for the
 * fields the app relies on, then summarised as the contract's ModelSummary. Extra fields are allowed: a card may
 * grow without breaking the app.
 */
const checkpointCardSchema = z.looseObject({
  name: z.string().min(1),
  kind: z.enum(['jampr', 'am']),
  variant: z.enum(['tw1', 'tw2', 'tw3']),
  size: z.number().int().positive(),
  recipe: z.looseObject({ name: z.string() }),
  instanceSource: z.string().optional(),
  instancesTrained: z.number().nonnegative(),
  cpuSeconds: z.number().nonnegative(),
  validation: z.looseObject({
    instances: z.number(),
    seed: z.number(),
    curve: z.array(z.looseObject({ instances: z.number(), cpuSeconds: z.number(), cost: z.number(), epoch: z.number() })),
  }),
  date: z.string(),
  notes: z.string().optional(),
});

/** Reads and checks `card.json` of a checkpoint folder; a missing or malformed card is a model error. */
export function readModelSummary(folder: string): ModelSummary {
  const path = join(folder, 'card.json');
  if (!existsSync(path)) throw new AppError('model', `${folder} is not a model folder: it has no card.json`);
  if (!existsSync(join(folder, 'model.json'))) throw new AppError('model', `${folder} is not a model folder: it has no model.json`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new AppError('model', `cannot read ${path}: ${(err as Error).message}`);
  }
  const parsed = checkpointCardSchema.safeParse(json);
  if (!parsed.success) {
    throw new AppError(
      'model',
      `${path} is not a valid model card`,
      parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
    );
  }
  const card = parsed.data;
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
    createdAt: card.date,
    instanceSource: card.instanceSource ?? null,
    notes: card.notes ?? null,
    validationCurve: curve.map((p) => ({ instances: p.instances, cpuSeconds: p.cpuSeconds, cost: p.cost })),
  };
}
