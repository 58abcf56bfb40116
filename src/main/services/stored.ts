import type { StoredInstance, StoredPlan } from '../../shared/api.js';
import { AppError, inputError, type MissingRecord } from '../../shared/errors.js';
import type { ServiceContext } from './context.js';

/** What to say of an id that names nothing stored: where it never did, and where it was deleted since. */
export interface NotStoredWords {
  never: string;
  gone: string;
  /** What `gone` names by id, and in which words: a window that knows the day's name says it there (AppErrorData). */
  missing?: MissingRecord;
}

/**
 * The one rule for an id that names nothing stored, for every call that names an instance or a plan. One handed out
 * before was deleted since, by another window or tab (or a script): a 'conflict' (409 over HTTP), not the request's
 * mistake, so the caller can say so and offer to keep what it shows. One never handed out is the request's mistake (a
 * typo, another database's id): 'input' (400).
 */
export const notStored = (everStored: boolean, { never, gone, missing }: NotStoredWords): AppError =>
  everStored ? new AppError('conflict', gone, [], { missing }) : inputError(never);

/** What a refusal calls a stored day or plan: a day is an "instance" there, as in the API's calls. */
const recordWord = (what: 'day' | 'plan'): string => (what === 'day' ? 'instance' : 'plan');

/** The words a refusal names a day or plan gone by, with what they name. */
export const namedById = (what: 'day' | 'plan', id: number): MissingRecord => ({
  what,
  id,
  words: `the ${recordWord(what)} with id ${id}`,
});

/** What a refusal of the day or plan `id`, not stored, says: "there is no plan with id 7, and there never was…". */
const notStoredById = (what: 'day' | 'plan', id: number, nothingDone: string): NotStoredWords => {
  const missing = namedById(what, id);
  return {
    never: `there is no ${recordWord(what)} with id ${id}, and there never was${nothingDone}`,
    gone: `${missing.words} was deleted elsewhere after it was opened here${nothingDone}`,
    missing,
  };
};

/** The stored instance; `nothingDone` (e.g. "; nothing was planned") ends the refusal where there is none. */
export function requireInstance(ctx: ServiceContext, id: number, nothingDone = ''): StoredInstance {
  const stored = ctx.store.instances.get(id);
  if (stored) return stored;
  throw notStored(ctx.store.instances.everStored(id), notStoredById('day', id, nothingDone));
}

/** What a refusal of a version changed elsewhere says: what was not done, and what the caller can do instead. */
export interface NotAsShownWords {
  /** "nothing was planned" */
  nothingDone: string;
  /** Completes "open it again from the history to …": "plan what is stored". */
  toDo: string;
}

/**
 * The stored instance, refused ('conflict') where it is not the version the caller shows (`basedOn`, its updatedAt
 * there): saved or deleted in another window since. The one rule for every call that works on the day on screen
 * (a plan, a comparison, a hand-edited plan saved), so a window never plans a version other than the one it shows, nor
 * keeps edits scored on another version than the one they were made on.
 */
export function instanceAsShown(
  ctx: ServiceContext,
  { instanceId, basedOn }: { instanceId: number; basedOn?: string },
  { nothingDone, toDo }: NotAsShownWords,
): StoredInstance {
  if (basedOn === undefined) return requireInstance(ctx, instanceId, `; ${nothingDone}`);
  const stored = ctx.store.instances.get(instanceId);
  // An id no instance ever had is the request's mistake with basedOn as without it (the one rule, notStored): only
  // a day that was there and went since was deleted in another window.
  if (!stored) {
    throw notStored(ctx.store.instances.everStored(instanceId), {
      never: notStoredById('day', instanceId, `; ${nothingDone}`).never,
      gone: `this instance was deleted in another window since it was opened here; ${nothingDone}`,
      missing: { what: 'day', id: instanceId, words: 'this instance' },
    });
  }
  if (stored.updatedAt !== basedOn) {
    throw new AppError(
      'conflict',
      `“${stored.instance.name}” was changed in another window since it was opened here: open it again from the history to ${toDo}; ${nothingDone}`,
    );
  }
  return stored;
}

/** The stored plan; where there is none, refused by the one rule (`nothingDone` as for requireInstance). */
export function requirePlan(ctx: ServiceContext, id: number, nothingDone = ''): StoredPlan {
  const stored = ctx.store.plans.get(id);
  if (stored) return stored;
  throw notStored(ctx.store.plans.everStored(id), notStoredById('plan', id, nothingDone));
}

/**
 * The stored plan, or null where it was deleted since (hand edits of it are still the dispatcher's work, kept or
 * exported without it); an id no plan ever had is refused as the request's mistake, by the one rule.
 */
export function storedPlanUnlessDeleted(ctx: ServiceContext, id: number): StoredPlan | null {
  const stored = ctx.store.plans.get(id);
  if (stored || ctx.store.plans.everStored(id)) return stored ?? null;
  throw inputError(notStoredById('plan', id, '').never);
}
