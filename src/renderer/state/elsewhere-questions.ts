/**
 * What the workspace asks where the day on screen was saved or deleted in another window since it was opened here,
 * before it keeps the dispatcher's version as a new day. It says which of the two happened: a dispatcher told "changed
 * or deleted" cannot tell whether the day is still there to go back to.
 */
import { copyName } from '../../shared/copy-name.js';
import type { AppErrorData } from '../../shared/errors.js';

/** What another window did to the day on screen. */
export type DoneElsewhere = 'saved' | 'deleted';

/**
 * Which, from what this window heard (`deletedHere`: it was told the day was deleted) or from the refusal itself: a
 * day gone is refused as missing (AppErrorData.missing), one saved over as changed.
 */
export const doneElsewhere = (deletedHere: boolean, refusal: AppErrorData): DoneElsewhere =>
  deletedHere || refusal.missing?.what === 'day' ? 'deleted' : 'saved';

const since = (name: string, done: DoneElsewhere) => `“${name}” was ${done} in another window after you opened it here`;

/** What goes with the day to the new day: edits of the day itself, hand edits of its plan, or its plan as it is. */
export interface KeptWithDay {
  dayEdits: boolean;
  planEdits: boolean;
  plan: boolean;
}

export function saveAsCopyQuestion(name: string, done: DoneElsewhere, kept: KeptWithDay): string {
  const notSaved = done === 'saved' ? ', so your edits were not saved over it' : ', so your edits have no day to be saved on';
  const plan = kept.planEdits ? ', with your hand edits of the plan as its plan' : kept.plan ? ', with the plan on screen as its plan' : '';
  return (
    `${since(name, done)}${kept.dayEdits ? notSaved : ''}.\n\n` +
    `Save ${kept.dayEdits ? 'your version' : 'it'} as a new day, “${copyName(name)}”${plan}? ` +
    `(Cancel keeps ${kept.dayEdits ? 'your edits' : 'it'} on screen, unsaved.)`
  );
}

export const editsOfChangedDayQuestion = (name: string, done: DoneElsewhere) =>
  `${since(name, done)}, so your hand edits of its plan were not saved on it.\n\n` +
  `Save the day as a new day, “${copyName(name)}”, with your edited routes as its plan? (Cancel keeps your edits on screen, unsaved.)`;
