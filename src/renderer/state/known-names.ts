/**
 * The names of the days this window has seen, and which day each plan it has seen belongs to, kept after they are
 * deleted: a refusal that names a day (or plan) gone by its id ("the instance with id 6 was deleted elsewhere") reads
 * with the name the dispatcher knows it by instead. The server says which words name what (AppErrorData.missing).
 */
import type { AppErrorData } from '../../shared/errors.js';
import { someOf } from '../../shared/some-of.js';

export interface KnownNames {
  days: Map<number, string>;
  planDays: Map<number, number>;
}

/** This window's memory: written as lists and records arrive, read as refusals are worded. */
export const knownNames: KnownNames = { days: new Map(), planDays: new Map() };

/** Remembers the days' names; returns the list, so that a list read passes through. */
export function rememberDays<T extends { id: number; name: string }>(days: T[], known = knownNames): T[] {
  for (const day of days) known.days.set(day.id, day.name);
  return days;
}

/** Remembers the plans' days; returns the list, as rememberDays. */
export function rememberPlans<T extends { id: number; instanceId: number }>(plans: T[], known = knownNames): T[] {
  for (const plan of plans) known.planDays.set(plan.id, plan.instanceId);
  return plans;
}

/**
 * The refusal with the day it names by id called by its name: “Tuesday Hamburg” was deleted elsewhere…, a plan as a
 * plan of its day, and days chosen to learn from by their names (“Monday”, “Tuesday”; a day this window never knew
 * keeps its id). One this window never knew (a script's id) is left as the server worded it.
 */
export function namedAsKnown(error: AppErrorData, known = knownNames): AppErrorData {
  const { missing } = error;
  if (!missing || !error.message.includes(missing.words)) return error;
  let words: string;
  if (missing.what === 'days') {
    const names = missing.ids.map((id) => known.days.get(id));
    if (names.every((name) => name === undefined)) return error;
    words = someOf(
      names.map((name, i) => (name === undefined ? `id ${missing.ids[i]}` : `“${name}”`)),
      5,
    );
  } else {
    const dayId = missing.what === 'day' ? missing.id : known.planDays.get(missing.id);
    const name = dayId === undefined ? undefined : known.days.get(dayId);
    if (name === undefined) return error;
    words = missing.what === 'day' ? `“${name}”` : `a plan of “${name}”`;
  }
  return { ...error, message: error.message.replace(missing.words, words) };
}
