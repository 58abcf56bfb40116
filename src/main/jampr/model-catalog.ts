import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { VariantName } from '../../shared/domain.js';
import { AppError } from '../../shared/errors.js';
import { nearestModel } from '../../shared/model-choice.js';
import type { ModelCard } from './card.js';
import type { ModelKind } from './model/config.js';

/**
 * The shipped and user-trained models: one folder per model under a models root (resources/models
 * by default), each with its card.json. The default model for a plan is the one of the right kind and
 * variant that the shared rule picks by size (src/shared/model-choice.ts), as the app does.
 */
export const defaultModelsRoot = (): string => resolve(process.env.JAMPR_MODELS_DIR ?? 'resources/models');

export interface CatalogEntry {
  dir: string;
  card: ModelCard;
}

export async function listModels(root = defaultModelsRoot()): Promise<CatalogEntry[]> {
  let names: string[];
  try {
    names = await readdir(root);
  } catch {
    return [];
  }
  const entries: CatalogEntry[] = [];
  for (const name of names.sort()) {
    try {
      const card = JSON.parse(await readFile(join(root, name, 'card.json'), 'utf8')) as ModelCard;
      entries.push({ dir: join(root, name), card });
    } catch {
      // Not a model folder (or one still being written): skip it.
    }
  }
  return entries;
}

export async function findDefaultModel(
  kind: ModelKind,
  variant: VariantName,
  n: number,
  root = defaultModelsRoot(),
): Promise<CatalogEntry> {
  const candidates = (await listModels(root)).filter((e) => e.card.kind === kind && e.card.variant === variant);
  if (candidates.length === 0) {
    throw new AppError('model', `no trained ${kind} model for ${variant} in ${root}`, [
      `train one with: jampr train --variant ${variant} --size ${n} --out ${join(root, `${kind}-${variant}-n${n}`)}`,
    ]);
  }
  return nearestModel(candidates, n, (e) => e.card)!;
}
