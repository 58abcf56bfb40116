import { rescuedCopiesNote } from './store/file-guard.js';
import type { Store } from './store/index.js';
import { setAsideLogsNote } from './store/set-aside-logs.js';

/**
 * What a start tells the user about its database, one list for the web mode's stderr and the app's window (app:info,
 * which the page shows in its notices, in the desktop app and in the browser alike): write-ahead logs of another file
 * set aside beside it (store/set-aside-logs.ts), and copies rescued beside it (store/file-guard.ts), for as long as
 * they lie there: the start or stop that made them said so once, where it may not have been read (a server's log, a
 * tab opened later, a dialog closed in haste).
 */
export function startNotes(store: Pick<Store, 'path' | 'logSetAside'>): string[] {
  return [setAsideLogsNote(store.path, store.logSetAside), rescuedCopiesNote(store.path)].filter((note) => note !== null);
}
