import type { MessageBoxOptions } from 'electron';
import { rescuedCopiesNote } from './store/file-guard.js';
import type { Store } from './store/index.js';

/**
 * What a start tells the user about its database, one list for the web mode (on stderr) and the desktop app (in a
 * dialog over its window): a write-ahead log of another file that this open set aside (store/log-owner.ts), and copies
 * rescued beside the database (store/file-guard.ts), for as long as one lies there: the stop that made it said so
 * once, where it may not have been read (a server's log, a dialog closed in haste).
 */
export function startNotes(store: Pick<Store, 'path' | 'logSetAside'>): string[] {
  return [store.logSetAside, rescuedCopiesNote(store.path)].filter((note) => note !== null);
}

/** The desktop app's dialog of the start notes, each note a sentence of its own; null where there is none. */
export function startNotesDialog(notes: readonly string[]): MessageBoxOptions | null {
  if (notes.length === 0) return null;
  const message = notes.map((note) => `${note.charAt(0).toUpperCase()}${note.slice(1)}.`).join('\n\n');
  return { type: 'warning', title: 'JAMPR Dispatch', message, buttons: ['OK'] };
}
