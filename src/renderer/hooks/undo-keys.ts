/**
 * The keys of the app's Undo and Redo: Ctrl+Z undoes, Ctrl+Shift+Z or Ctrl+Y redoes (Cmd on a Mac), anywhere but in a
 * text field, whose own text undo they stay. The table's cells are not such fields: a spreadsheet's Ctrl+Z undoes the
 * last committed edit, and the browser's text undo there brought an old value back as uncommitted text, which leaving
 * the cell then committed as a new edit. A cell marks its field with APP_UNDO_FIELD and answers the keys itself only
 * while text is typed into it, not committed yet (editable-cell.tsx).
 */
import { useEffect } from 'react';
import { undoKeyOf } from '../state/undo-key.js';

/** The attribute of a field in which Ctrl+Z is the app's Undo, not the field's text undo. */
export const APP_UNDO_FIELD = 'data-app-undo';

/** Whether the keys are a text field's own undo there: a field that holds text and is not marked APP_UNDO_FIELD. */
function ownTextUndo(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement) || target.hasAttribute(APP_UNDO_FIELD)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Ctrl+Z undoes, Ctrl+Shift+Z (or Ctrl+Y) redoes the last edit: one step each press, never the browser's text undo. */
export function useUndoKeys(undo: () => void, redo: () => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const wanted = undoKeyOf(e);
      // Answered already: by a cell holding typed text, which put its value back instead.
      if (!wanted || e.defaultPrevented || ownTextUndo(e.target)) return;
      e.preventDefault();
      if (wanted === 'undo') undo();
      else redo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo]);
}
