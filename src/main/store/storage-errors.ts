import { accessSync, constants } from 'node:fs';
import { basename, dirname } from 'node:path';
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

/** SQLite's primary code of the error (SQLITE_READONLY for SQLITE_READONLY_DBMOVED), where MESSAGES knows it. */
function primaryCode(err: unknown): string | null {
  const code = (err as { code?: unknown })?.code;
  if (typeof code !== 'string' || !code.startsWith('SQLITE_')) return null;
  return Object.keys(MESSAGES).find((c) => code === c || code.startsWith(`${c}_`)) ?? null;
}

export function storageError(err: unknown, where?: string): AppError | null {
  const primary = primaryCode(err);
  if (!primary) return null;
  return new AppError('storage', where ? `${where}: ${MESSAGES[primary]}` : MESSAGES[primary]);
}

/**
 * A failure to open the database, in words (`where` says which database). A read-only database says which of the file,
 * its folder and its disk refuses writing, and nothing of a save: none was under way.
 */
export function openingError(err: unknown, path: string, where: string): AppError | null {
  if (primaryCode(err) !== 'SQLITE_READONLY') return storageError(err, where);
  return new AppError('storage', `${where}: ${readOnlyCause(path)}`);
}

/**
 * Which part will not be written: the file (its permissions), its folder (where SQLite makes the -wal and -shm
 * journal files beside it), or the disk (mounted read-only); the three at once where none of them says so.
 */
function readOnlyCause(path: string): string {
  const refusal = (file: string): string | null => {
    try {
      accessSync(file, constants.W_OK);
      return null;
    } catch (err) {
      return (err as NodeJS.ErrnoException).code ?? 'EACCES';
    }
  };
  const file = refusal(path);
  const folder = refusal(dirname(path));
  if (file === 'EROFS' || folder === 'EROFS')
    return 'the disk holding it is read-only (mounted read-only or write-protected): choose a file on another disk with --db';
  if (file) return 'the database file is read-only (its permissions): make it writable, or choose another file with --db';
  if (folder)
    return (
      `its folder ${dirname(path)} is read-only (its permissions), and the app writes its journal files (${basename(path)}-wal, ` +
      `${basename(path)}-shm) beside the database: allow writing in that folder, or choose a file in another folder with --db`
    );
  return 'the database is read-only (file or folder permissions, or a read-only disk): make them writable, or choose another file with --db';
}
