/**
 * Which key presses are the app's Undo and Redo: Ctrl+Z undoes, Ctrl+Shift+Z or Ctrl+Y redoes (Cmd on a Mac); with Alt
 * they are another shortcut. Read by the window's keys (hooks/undo-keys.ts) and by a table cell holding typed text.
 */
export type UndoKey = 'undo' | 'redo';

/** The parts of a keyboard event the choice reads. */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/** Which of Undo and Redo a key press asks for, or null for any other key. */
export function undoKeyOf(e: KeyPress): UndoKey | null {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return null;
  // Caps Lock or Shift give "Z".
  const key = e.key.toLowerCase();
  if (key === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !e.shiftKey) return 'redo';
  return null;
}
