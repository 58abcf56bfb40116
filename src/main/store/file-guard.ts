import { statSync } from 'node:fs';
import { AppError } from '../../shared/errors.js';
import type { Database } from './db.js';

/**
 * Whether the database file is still the one the app opened. A file deleted (or replaced) while the app runs
 * leaves the open connection writing to a file nobody can reach: every later save would be confirmed and then lost
 * at the next start. So before each call the app checks the file; when it is gone, everything the connection holds
 * (what was saved until now) is written back to its path, or beside it when another file took its place, and every
 * later call is refused until the app is started again on that file.
 */
export function databaseFileGuard(db: Database, path: string): () => void {
  if (path === ':memory:') return () => {};
  const opened = statSync(path);
  let refusal: AppError | null = null;
  return () => {
    if (refusal) throw refusal;
    const now = fileAt(path);
    if (now && now.ino === opened.ino && now.dev === opened.dev) return;
    const target = now ? `${path}.rescued-${new Date().toISOString().replace(/[:.]/g, '-')}` : path;
    const what = now ? 'was replaced by another file' : 'was deleted';
    try {
      db.prepare('VACUUM INTO ?').run(target);
      refusal = new AppError(
        'storage',
        `the database file ${path} ${what} while the app was running: everything saved until now was written to ${target}; ` +
          `start the app again${now ? ` with --db ${target}` : ''} to go on (nothing more is saved until then)`,
      );
    } catch (err) {
      refusal = new AppError(
        'storage',
        `the database file ${path} ${what} while the app was running, and its contents could not be written back ` +
          `(${(err as Error).message}): keep the app open, free the folder or disk, and try again`,
      );
      const failed = refusal;
      refusal = null; // the next call tries the rescue again
      throw failed;
    }
    throw refusal;
  };
}

function fileAt(path: string): { ino: number; dev: number } | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}
