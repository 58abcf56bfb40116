import { describe, expect, it } from 'vitest';
import { rewriteFuture, rewritePast } from '../../../src/renderer/state/use-undo-history.js';

/** A snapshot: the instance draft (a version number) and a route edit of the plan on screen (or none). */
type Snap = { draft: number; edit: string | null };
const dropEdits = (s: Snap): Snap => ({ draft: s.draft, edit: null });
const same = (a: Snap, b: Snap) => a.draft === b.draft && a.edit === b.edit;

describe('undo history across a new plan', () => {
  it('keeps customer and fleet edits undoable and drops the steps that only edited the old plan', () => {
    // draft 1 -> 2 (a customer edit), then two route edits, then draft 3 with a route edit on screen.
    const past: Snap[] = [
      { draft: 1, edit: null },
      { draft: 2, edit: null },
      { draft: 2, edit: 'a' },
      { draft: 2, edit: 'b' },
    ];
    const present = dropEdits({ draft: 3, edit: 'b' });
    expect(rewritePast(past, present, dropEdits, same)).toEqual([
      { draft: 1, edit: null },
      { draft: 2, edit: null },
    ]);
  });

  it('leaves no redo step that would change nothing', () => {
    const future: Snap[] = [
      { draft: 3, edit: 'c' },
      { draft: 4, edit: 'c' },
      { draft: 4, edit: null },
      { draft: 5, edit: null },
    ];
    expect(rewriteFuture(future, { draft: 3, edit: null }, dropEdits, same)).toEqual([
      { draft: 4, edit: null },
      { draft: 5, edit: null },
    ]);
  });
});
