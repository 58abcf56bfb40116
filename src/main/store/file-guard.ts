import { renameSync, rmSync, statSync } from 'node:fs';
import { AppError } from '../../shared/errors.js';
import type { Database } from './db.js';

/**
 * Whether the database file is still the one the app opened. A file deleted (or replaced) while the app runs
 * leaves the open connection writing to a file nobody can reach: every later save would be confirmed and then lost
 * at the next start. So before each call the app checks the file; when it is gone, everything the connection holds
 * (what was saved until now) is written to a copy, the connection is closed, and every later call is refused until
 * the app is started again. The copy takes the file's place where it was deleted, and stays beside the file that
 * took its place otherwise.
 *
 * The connection's write-ahead log (`…-wal`) sits beside the path, and SQLite would replay it into whatever file is
 * opened there next (the replacement, or the copy), overwriting it: the connection is closed at once and its log
 * removed, before the copy takes the path.
 */
export function databaseFileGuard(db: Database, path: string): () => void {
  if (path === ':memory:') return () => {};
  const opened = statSync(path);
  let refusal: AppError | null = null;
  return () => {
    if (refusal) throw refusal;
    const now = fileAt(path);
    if (now && now.ino === opened.ino && now.dev === opened.dev) return;
    const rescued = `${path}.rescued-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    const what = now ? 'was replaced by another file' : 'was deleted';
    try {
      db.prepare('VACUUM INTO ?').run(rescued);
    } catch (err) {
      // Nothing is closed: the next call tries again once the folder or disk allows it.
      throw new AppError(
        'storage',
        `the database file ${path} ${what} while the app was running, and its contents could not be copied ` +
          `(${(err as Error).message}): keep the app open, free the folder or disk, and try again`,
      );
    }
    db.close();
    // SQLite leaves the log where the file it belonged to is gone: it is the app's own, and is removed.
    for (const file of [`${path}-wal`, `${path}-shm`]) rmSync(file, { force: true });
    const kept = now ? rescued : moveTo(rescued, path);
    refusal = new AppError(
      'storage',
      `the database file ${path} ${what} while the app was running: everything saved until then was written to ${kept}; ` +
        `start the app again${kept === path ? '' : ` with --db ${kept}`} to go on (nothing more is saved until then)`,
    );
    throw refusal;
  };
}

function moveTo(from: string, to: string): string {
  try {
    renameSync(from, to);
    return to;
  } catch {
    return from;
  }
}

function fileAt(path: string): { ino: number; dev: number } | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}
