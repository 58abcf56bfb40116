import type { MessageBoxOptions } from 'electron';
import { rescuedCopiesNote } from './store/file-guard.js';

/**
 * The desktop app's word at start of copies rescued beside its database (store/file-guard.ts), in a dialog over its
 * window: the sentence the web mode's start prints (rescuedCopiesNote), for as long as a copy lies there. The stop
 * that made the copy said so once, in a dialog that may have been closed in haste. Null where there is none.
 */
export function rescuedCopiesDialog(dbPath: string): MessageBoxOptions | null {
  const note = rescuedCopiesNote(dbPath);
  if (!note) return null;
  return { type: 'warning', title: 'JAMPR Dispatch', message: `${note.charAt(0).toUpperCase()}${note.slice(1)}.`, buttons: ['OK'] };
}
