/**
 * Undo and redo for the dispatcher's hand edits: a stack of snapshots of what can be edited (the instance draft
 * and the hand edits of the plan on screen). `record` is called before each change; a change recorded with the
 * same coalescing key as the one before (each keystroke of a name) joins that step, so typing a word is undone
 * at once. Opening another instance clears the stacks (`clear`), so an undo never reaches into another instance;
 * `rewrite` drops what no longer applies (the route edits of a plan replaced by a new one) and keeps the rest.
 */
import { useCallback, useRef, useState } from 'react';
import { messageNumber } from '../../shared/number-text.js';

/**
 * The steps kept, more than a day's hand edits reach (100 were reached, and the oldest went without a word). A step
 * is cheap: a snapshot shares every customer its edit did not change with the one before.
 */
export const UNDO_LIMIT = 2000;

/** The undo stack with `snapshot` on top, its oldest step dropped when it holds UNDO_LIMIT already. */
export function withStep<S>(past: readonly S[], snapshot: S): S[] {
  return [...past.slice(-(UNDO_LIMIT - 1)), snapshot];
}

/** Undo's tooltip: how many steps it keeps, and once the oldest have gone, that they have. */
export function undoTitle(dropped: boolean): string {
  const kept = `keeps the last ${messageNumber(UNDO_LIMIT)} steps`;
  return `Undo (Ctrl+Z): ${kept}${dropped ? '; older ones are gone' : ''}`;
}

/** Drops each snapshot equal to the one after it (the last compared with `next`), so every step changes something. */
export function fold<S>(stack: S[], next: S | undefined, same: (a: S, b: S) => boolean): S[] {
  return stack.filter((s, i) => {
    const after = i + 1 < stack.length ? stack[i + 1] : next;
    return after === undefined || !same(s, after);
  });
}

/** The undo stack with every snapshot changed, without steps that would change nothing (up to `present`). */
export function rewritePast<S>(past: S[], present: S, change: (s: S) => S, same: (a: S, b: S) => boolean): S[] {
  return fold(past.map(change), present, same);
}

/** The redo stack likewise: its first step must differ from `present`, each later one from the one before. */
export function rewriteFuture<S>(future: S[], present: S, change: (s: S) => S, same: (a: S, b: S) => boolean): S[] {
  return fold([present, ...future.map(change)], undefined, same).slice(1);
}

export function useUndoHistory<S>(current: S, restore: (snapshot: S) => void) {
  const [past, setPast] = useState<S[]>([]);
  const [future, setFuture] = useState<S[]>([]);
  // Whether a step fell off the bottom of the stack since the instance was opened (Undo's tooltip says so).
  const dropped = useRef(false);
  // The latest snapshot, read when recording, so callers need not list it as a dependency.
  const latest = useRef(current);
  latest.current = current;
  // The coalescing key of the step last recorded, while the next change may still join it.
  const openStep = useRef<string | null>(null);

  const record = useCallback((coalesce?: string) => {
    if (coalesce !== undefined && coalesce === openStep.current) return;
    openStep.current = coalesce ?? null;
    // Taken now: an updater may run later, when `latest` already holds the change being recorded.
    const before = latest.current;
    setPast((p) => {
      if (p.length >= UNDO_LIMIT) dropped.current = true;
      return withStep(p, before);
    });
    setFuture([]);
  }, []);

  const undo = useCallback(() => {
    if (past.length === 0) return;
    openStep.current = null;
    const present = latest.current;
    setFuture((f) => [present, ...f]);
    setPast(past.slice(0, -1));
    restore(past[past.length - 1]);
  }, [past, restore]);

  const redo = useCallback(() => {
    if (future.length === 0) return;
    openStep.current = null;
    const present = latest.current;
    setPast((p) => [...p, present]);
    setFuture(future.slice(1));
    restore(future[0]);
  }, [future, restore]);

  const clear = useCallback(() => {
    openStep.current = null;
    setPast([]);
    setFuture([]);
    dropped.current = false;
  }, []);

  /** Maps every snapshot (and the present, which the caller sets to `change(present)` itself) and folds repeats. */
  const rewrite = useCallback((change: (s: S) => S, same: (a: S, b: S) => boolean) => {
    openStep.current = null;
    const present = change(latest.current);
    setPast((p) => rewritePast(p, present, change, same));
    setFuture((f) => rewriteFuture(f, present, change, same));
  }, []);

  return {
    record,
    undo,
    redo,
    clear,
    rewrite,
    canUndo: past.length > 0,
    undoTitle: undoTitle(dropped.current),
    canRedo: future.length > 0,
  };
}
