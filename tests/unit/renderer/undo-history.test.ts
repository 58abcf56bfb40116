import { describe, expect, it } from 'vitest';
import { rewriteFuture, rewritePast, UNDO_LIMIT, undoTitle, withStep } from '../../../src/renderer/state/use-undo-history.js';

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

describe('how many steps undo keeps', () => {
  it("keeps a long day's hand edits (500 steps: 100 were kept) and drops only the oldest past its limit, which its tooltip says", () => {
    const push = (n: number) => Array.from({ length: n }, (_, i) => i).reduce<number[]>((past, step) => withStep(past, step), []);
    expect(push(500)).toHaveLength(500);
    const full = push(UNDO_LIMIT + 1);
    expect(full).toHaveLength(UNDO_LIMIT);
    expect([full[0], full.at(-1)]).toEqual([1, UNDO_LIMIT]);
    expect(undoTitle(false)).toBe('Undo (Ctrl+Z): keeps the last 2000 steps');
    expect(undoTitle(true)).toBe('Undo (Ctrl+Z): keeps the last 2000 steps; older ones are gone');
  });
});
