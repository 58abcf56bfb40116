import { existsSync, statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
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
export const defaultModelsRoot = (): string => (process.env.JAMPR_MODELS_DIR ? resolve(process.env.JAMPR_MODELS_DIR) : shippedModelsRoot());

/**
 * The installation's resources/models, found from where this code lies (src/main/jampr/ when run from source,
 * out/cli/ when bundled), not from the working directory: `jampr plan` run from a dispatcher's own folder must
 * still find the shipped models.
 */
function shippedModelsRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 6; up++) {
    const candidate = join(dir, 'resources', 'models');
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  return resolve('resources/models');
}

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

/** Why a path that is no folder is none, in words that follow its name. */
const notAFolder = (path: string): string => (existsSync(path) ? 'is a file, not a folder' : 'does not exist');

const isFolder = (path: string): boolean => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

/**
 * What is wrong with a models folder that is none (missing, or a file), naming $JAMPR_MODELS_DIR where it names it;
 * null for a folder. A models folder mistyped there holds no model: the folder is what is wrong, not a missing model to
 * train into it. `jampr plan` refuses with it (findDefaultModel), `jampr info` warns with it.
 */
export function modelsRootProblem(root: string): AppError | null {
  if (isFolder(root)) return null;
  const named = process.env.JAMPR_MODELS_DIR && resolve(process.env.JAMPR_MODELS_DIR) === root ? ', as $JAMPR_MODELS_DIR names it' : '';
  return new AppError('model', `the models folder ${root} ${notAFolder(root)}${named}`, [
    named
      ? 'set JAMPR_MODELS_DIR to a folder that holds model folders, or unset it to plan with the shipped models'
      : 'give the folder of a model with --model',
  ]);
}

/**
 * What is wrong with a folder given as a models root by a flag (a benchmark's --models): none there, or no model folder
 * in it (one with a card.json, as resources/models holds them); null where it holds a model. Asked before any work, so
 * that a mistyped folder is named at once rather than as the first learned row fails.
 */
export async function givenModelsRootProblem(root: string, flag: string): Promise<AppError | null> {
  const problem = isFolder(root) ? null : notAFolder(root);
  if (problem === null && (await listModels(root)).length > 0) return null;
  return new AppError('model', `${flag} ${root} ${problem ?? 'holds no model: none of its folders has a card.json'}`, [
    'give a folder that holds model folders, as resources/models does',
  ]);
}

export async function findDefaultModel(
  kind: ModelKind,
  variant: VariantName,
  n: number,
  root = defaultModelsRoot(),
): Promise<CatalogEntry> {
  const candidates = (await listModels(root)).filter((e) => e.card.kind === kind && e.card.variant === variant);
  const rootProblem = candidates.length === 0 ? modelsRootProblem(root) : null;
  if (rootProblem) throw rootProblem;
  if (candidates.length === 0) {
    throw new AppError('model', `no trained ${kind} model for ${variant} in ${root}`, [
      `train one with: jampr train --variant ${variant} --size ${n} --out ${join(root, `${kind}-${variant}-n${n}`)}`,
    ]);
  }
  return nearestModel(candidates, n, (e) => e.card)!;
}
