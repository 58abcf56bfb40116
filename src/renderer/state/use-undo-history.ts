/**
 * Undo and redo for the dispatcher's hand edits: a stack of snapshots of what can be edited (the instance draft
 * and the hand edits of the plan on screen). `record` is called before each change; opening something else
 * clears the stacks, so an undo never reaches into another instance or plan.
 */
import { useCallback, useRef, useState } from 'react';

const LIMIT = 100;

export function useUndoHistory<S>(current: S, restore: (snapshot: S) => void) {
  const [past, setPast] = useState<S[]>([]);
  const [future, setFuture] = useState<S[]>([]);
  // The latest snapshot, read when recording, so callers need not list it as a dependency.
  const latest = useRef(current);
  latest.current = current;

  const record = useCallback(() => {
    setPast((p) => [...p.slice(-(LIMIT - 1)), latest.current]);
    setFuture([]);
  }, []);

  const undo = useCallback(() => {
    if (past.length === 0) return;
    setFuture((f) => [latest.current, ...f]);
    setPast(past.slice(0, -1));
    restore(past[past.length - 1]);
  }, [past, restore]);

  const redo = useCallback(() => {
    if (future.length === 0) return;
    setPast((p) => [...p, latest.current]);
    setFuture(future.slice(1));
    restore(future[0]);
  }, [future, restore]);

  const clear = useCallback(() => {
    setPast([]);
    setFuture([]);
  }, []);

  return { record, undo, redo, clear, canUndo: past.length > 0, canRedo: future.length > 0 };
}
