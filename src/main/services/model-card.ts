import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { ModelCard } from '../../shared/api.js';
import { AppError } from '../../shared/errors.js';

/** The fields the app relies on; a card may carry more (config, learning curve, ...), which are kept. */
const cardSchema = z.looseObject({
  name: z.string().min(1),
  method: z.enum(['jampr', 'am']),
  variant: z.enum(['tw1', 'tw2', 'tw3']),
  size: z.number().int().positive(),
  recipe: z.string(),
  instancesSeen: z.number(),
  cpuSeconds: z.number(),
  validationCost: z.number().nullable(),
  createdAt: z.string(),
});

/** Reads and checks `card.json` of a checkpoint folder; a missing or malformed card is a model error. */
export function readModelCard(folder: string): ModelCard {
  const path = join(folder, 'card.json');
  if (!existsSync(path)) throw new AppError('model', `${folder} is not a model folder: it has no card.json`);
  if (!existsSync(join(folder, 'model.json'))) throw new AppError('model', `${folder} is not a model folder: it has no model.json`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new AppError('model', `cannot read ${path}: ${(err as Error).message}`);
  }
  const parsed = cardSchema.safeParse(json);
  if (!parsed.success) {
    throw new AppError('model', `${path} is not a valid model card`, parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  return parsed.data as ModelCard;
}
