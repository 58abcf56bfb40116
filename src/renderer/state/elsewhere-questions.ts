/**
 * What the workspace asks where the day on screen was changed or deleted in another window since it was opened here,
 * before it keeps the dispatcher's version as a new day.
 */
import { copyName } from '../../shared/copy-name.js';

export const saveAsCopyQuestion = (name: string, planEdits: boolean) =>
  `“${name}” was changed or deleted in another window after you opened it here, so your edits were not saved over it.\n\n` +
  `Save your version as a new instance, “${copyName(name)}”${planEdits ? ', with your hand edits of the plan as its plan' : ''}? ` +
  '(Cancel keeps your edits on screen, unsaved.)';

export const editsOfChangedDayQuestion = (name: string) =>
  `“${name}” was changed or deleted in another window after you opened it here, so your hand edits of its plan were not saved on it.\n\n` +
  `Save the day as a new day, “${copyName(name)}”, with your edited routes as its plan? (Cancel keeps your edits on screen, unsaved.)`;
