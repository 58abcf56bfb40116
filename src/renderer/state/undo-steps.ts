/**
 * The workspace's undo steps (UndoStep in use-workspace.ts; use-undo-history.ts keeps them): the draft and the hand
 * edits of the plan, and the stored version the draft is an edit of. A save here moves the steps on to the version
 * it stored (`movedBySave`); showing what another window saved does not (use-saved-elsewhere.ts), so a step made
 * before is, undone or redone, an edit of the older version again, said so, and its Save refused as one, never put
 * over the other window's version.
 */

/** What a step holds: the draft, the hand edits of the plan, and the stored version the draft is an edit of. */
interface Step {
  draft: unknown;
  edit: unknown;
  base: unknown;
}

/** Two steps that would show the same (one of them is folded away). */
export const sameStep = (a: Step, b: Step): boolean => a.draft === b.draft && a.edit === b.edit && a.base === b.base;

/**
 * The steps after this window stored `saved` in place of `was`: those made on `was` are edits of `saved` now, and,
 * where it was stored as a new day (a copy), those made on any version of the day, as the day on screen is the copy.
 * Steps made on an older version than `was` stay edits of it.
 */
export const movedBySave =
  <B extends { id: number }>(was: B | null, saved: B) =>
  <S extends { base: B | null }>(step: S): S =>
    step.base === was || (was !== null && saved.id !== was.id && step.base?.id === was.id) ? { ...step, base: saved } : step;
