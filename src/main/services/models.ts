import { readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import type { ModelInfo, ModelSummary } from '../../shared/api.js';
import { carriedCustomers, type Instance, type VariantName } from '../../shared/domain.js';
import { AppError, inputError } from '../../shared/errors.js';
import { modelMismatch, modelThatPlans, sizeBand } from '../../shared/model-choice.js';
import type { Store } from '../store/index.js';
import type { ServiceContext } from './context.js';
import { readModelSummary } from './model-card.js';

/**
 * The model a plan uses: the one asked for, else the shared rule's (src/shared/model-choice.ts `modelThatPlans`). A
 * model asked for that is of another method or learned another policy is the request's mistake (an input error),
 * refused before any work, as a training run's start model is.
 */
export function resolveModel(ctx: ServiceContext, method: 'jampr' | 'am', variant: VariantName, size: number, modelId?: number): ModelInfo {
  if (modelId !== undefined) {
    const model = ctx.store.models.get(modelId);
    if (!model) throw inputError(`there is no model with id ${modelId}`);
    const mismatch = modelMismatch({ name: model.name, kind: model.card.method, variant: model.card.variant }, method, variant);
    if (mismatch) throw inputError(mismatch);
    return model;
  }
  const closest = modelThatPlans(ctx.store.models.list(), method, variant, size);
  if (!closest) {
    throw new AppError('model', `no ${method} model for ${variant} is installed: train one or import a checkpoint folder`);
  }
  return closest;
}

/**
 * The model that plans `day` (plans:create's rule, resolveModel): sized by the customers a model plans of it, its orders
 * bigger than a vehicle left out as the plan job leaves them. A retraining judges each held-out day against it.
 */
export function modelForDay(ctx: ServiceContext, method: 'jampr' | 'am', variant: VariantName, day: Instance, modelId?: number): ModelInfo {
  return resolveModel(ctx, method, variant, plannedSize(day), modelId);
}

/** The customers of `day` a model plans: the size the choice of its model goes by. */
const plannedSize = (day: Instance): number => carriedCustomers(day).length;

/**
 * The size band of `day` (src/shared/model-choice.ts `sizeBand`), sized as modelForDay sizes it: a retraining run that
 * wins on its held-out days is activated for their bands, replacing the model it was judged against there only.
 * Undefined where no model of the policy is listed.
 */
export function bandOfDay(ctx: ServiceContext, method: 'jampr' | 'am', variant: VariantName, day: Instance): number | undefined {
  return sizeBand(ctx.store.models.list(), method, variant, plannedSize(day));
}

/** Registers a checkpoint folder, or returns it if already registered (the card is re-read). */
export function registerModel(store: Store, folder: string, builtIn: boolean, summary?: ModelSummary): ModelInfo {
  const absolute = resolve(folder);
  const card = summary ?? readModelSummary(absolute);
  const existing = store.models.byFolder(absolute);
  if (existing) {
    store.models.updateCard(existing.id, card);
    return store.models.get(existing.id)!;
  }
  // The app's own models are found wherever the app is now: an update installs it in another folder, an AppImage is
  // mounted at a new path at every start, a Mac app is moved to Applications. The shipped model of that name is the
  // one registered before (its plans and its being active stay), read from here from now on; the old folder may be gone.
  const shipped = builtIn ? store.models.named(card.name) : undefined;
  if (shipped?.builtIn) {
    store.models.moveFolder(shipped.id, absolute);
    store.models.updateCard(shipped.id, card);
    return store.models.get(shipped.id)!;
  }
  if (store.models.nameTaken(card.name)) {
    throw inputError(`a model named ${card.name} is already registered`, ['rename it in its card.json or remove the other one']);
  }
  return store.models.insert({ name: card.name, folder: absolute, card, builtIn });
}

/**
 * Registers every shipped model under `dir` (one folder each) at start-up. A broken shipped model is reported
 * and skipped so the app still starts.
 */
export function registerBuiltInModels(store: Store, dir: string, warn: (message: string) => void = console.warn): void {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return; // no shipped models in this build
  }
  for (const entry of entries) {
    const folder = join(dir, entry);
    if (!statSync(folder).isDirectory()) continue;
    try {
      registerModel(store, folder, true);
    } catch (err) {
      warn(`shipped model ${folder} skipped: ${(err as Error).message}`);
    }
  }
}

export function modelServices(ctx: ServiceContext) {
  const { models } = ctx.store;
  return {
    'models:list': () => models.list(),
    // By hand: the dispatcher's choice plans every size of its policy (a run's verdict activates for size bands).
    'models:activate': ({ id }: { id: number }) => {
      const model = models.activate(id);
      if (!model) throw inputError(`there is no model with id ${id}`);
      return model;
    },
    'models:import': ({ folder }: { folder: string }) => registerModel(ctx.store, folder, false),
    'models:delete': ({ id }: { id: number }) => {
      const model = models.get(id);
      if (!model) throw inputError(`there is no model with id ${id}: it was deleted already`);
      if (model.builtIn) {
        throw inputError(`${model.name} ships with the app and cannot be deleted: activate another model, or leave the choice automatic`);
      }
      models.delete(id);
      // Only a folder the app trained into is its own to delete; an imported folder is the user's.
      const own = resolve(ctx.modelsDir);
      if (resolve(model.folder).startsWith(`${own}${sep}`)) {
        try {
          rmSync(model.folder, { recursive: true, force: true });
        } catch {
          // The model is gone from the app already; a folder left behind (a file open elsewhere) plans nothing.
        }
      }
      return models.list();
    },
    'models:automatic': ({ method, variant }: { method: 'jampr' | 'am'; variant: VariantName }) => {
      models.deactivate(method, variant);
      return models.list();
    },
  };
}
