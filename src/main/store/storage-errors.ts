import { AppError } from '../../shared/errors.js';

/**
 * SQLite's failures that are about the machine, not a defect: said in words with what to do, as 'storage'
 * errors. Codes are SQLite's primary codes; extended ones (SQLITE_IOERR_WRITE) map by their prefix.
 */
const MESSAGES: Record<string, string> = {
  SQLITE_FULL: 'the disk holding the database is full: free some space and try again; nothing was saved',
  SQLITE_READONLY: 'the database is read-only (file or folder permissions, or a read-only disk): nothing was saved',
  SQLITE_BUSY: 'the database is in use by another JAMPR Dispatch (desktop app or web mode): close it, or choose another file with --db',
  SQLITE_LOCKED: 'the database is in use by another JAMPR Dispatch (desktop app or web mode): close it, or choose another file with --db',
  SQLITE_IOERR: 'the disk could not be read or written (full, removed or failing): nothing was saved',
  // Missing folders are made before the file is opened (db.ts): not among the causes.
  SQLITE_CANTOPEN: 'the database file cannot be opened (permissions, or the path names a folder or another non-file)',
  SQLITE_CORRUPT: 'the database file is damaged: restore it from a backup or choose another file with --db',
  SQLITE_NOTADB: 'the file is not a JAMPR Dispatch database',
  SQLITE_PERM: 'permission denied on the database file',
};

export function storageError(err: unknown, where?: string): AppError | null {
  const code = (err as { code?: unknown })?.code;
  if (typeof code !== 'string' || !code.startsWith('SQLITE_')) return null;
  const primary = Object.keys(MESSAGES).find((c) => code === c || code.startsWith(`${c}_`));
  if (!primary) return null;
  return new AppError('storage', where ? `${where}: ${MESSAGES[primary]}` : MESSAGES[primary]);
}
