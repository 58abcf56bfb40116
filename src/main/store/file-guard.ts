import { readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { AppError } from '../../shared/errors.js';
import type { Database } from './db.js';
import { fileStamp } from './file-stamp.js';

export interface DatabaseFileGuard {
  /** Throws a storage error when the database file was deleted or replaced since it was opened. */
  check(): void;
  /**
   * Closes the connection, after the same check: what the app holds is kept as a call would keep it, and the
   * guard's words come back for the app to show (null where the file is still the one opened).
   */
  close(): AppError | null;
}

/**
 * Whether the database file is still the one the app opened. A file deleted (or replaced) while the app runs
 * leaves the open connection writing to a file nobody can reach: every later save would be confirmed and then lost
 * at the next start. So before each call, and when the app closes, the app checks the file; when it is gone,
 * everything the connection holds (what was saved until now) is written to a copy, the connection is closed, and
 * every later call is refused until the app is started again. The copy takes the file's place where it was deleted,
 * and stays beside the file that took its place otherwise.
 *
 * The connection's write-ahead log (`…-wal`) sits beside the path. SQLite folds it into the file and removes it at
 * close only while the file is still at its path; otherwise it leaves the log there, and the next open replays it
 * into whatever file is at the path (the replacement, or the copy), overwriting it, or removes it unread beside a
 * new, empty file. So the connection is closed at once and its own log removed, before the copy takes the path;
 * a log that came with the replacement is the replacement's, and stays.
 */
/** What a rescued copy's name adds to the database's: `jampr.sqlite.rescued-2026-12-02T01-55-21-820Z`. */
const RESCUED = '.rescued-';

/**
 * A note for the next start where copies rescued by the guard lie beside the database, else null: the stop that made
 * one said so once, where it may not have been read (a server's log, a dialog closed in haste).
 */
export function rescuedCopiesNote(path: string): string | null {
  let copies: string[];
  try {
    copies = readdirSync(dirname(path)).filter((name) => name.startsWith(`${basename(path)}${RESCUED}`));
  } catch {
    return null;
  }
  if (copies.length === 0) return null;
  const listed = copies.map((name) => join(dirname(path), name)).join(', ');
  return (
    `${copies.length === 1 ? 'a copy' : `${copies.length} copies`} of the database rescued when its file was moved or deleted while the app ran ` +
    `${copies.length === 1 ? 'lies' : 'lie'} beside it: ${listed}; start the app with --db on one to see its days, and delete it once nothing in it is needed`
  );
}

export function databaseFileGuard(db: Database, path: string): DatabaseFileGuard {
  // An in-memory database has no file to lose.
  const opened = path === ':memory:' ? null : statSync(path);
  // The log exists once the database is open (the open writes its schema version): these are the connection's own.
  const journals = [`${path}-wal`, `${path}-shm`].map((file) => ({ file, opened: fileAt(file) }));
  let refusal: AppError | null = null;

  const check = (closing: boolean): void => {
    if (refusal) throw refusal;
    if (!opened) return;
    const now = fileAt(path);
    if (now && sameFile(now, opened)) return;
    const rescued = `${path}${RESCUED}${fileStamp()}`;
    const what = now ? 'was replaced by another file' : 'was deleted';
    try {
      db.prepare('VACUUM INTO ?').run(rescued);
    } catch (err) {
      const why = `the database file ${path} ${what} while the app was running, and its contents could not be copied (${(err as Error).message})`;
      // Nothing is closed: the next call tries again once the folder or disk allows it.
      if (!closing) throw new AppError('storage', `${why}: keep the app open, free the folder or disk, and try again`);
      // The app is closing and cannot wait: what it held is lost, but its log must not reach the file at the path.
      closeAndRemoveLog();
      refusal = new AppError(
        'storage',
        `${why}: what the app held is lost${now ? '; the file that took its place was left as it was' : ''}`,
      );
      throw refusal;
    }
    closeAndRemoveLog();
    const kept = now ? rescued : moveTo(rescued, path);
    refusal = new AppError(
      'storage',
      `the database file ${path} ${what} while the app was running: everything saved until then was written to ${kept}; ` +
        `start the app again${kept === path ? '' : ` with --db ${kept}`} to go on (nothing more is saved until then)`,
    );
    throw refusal;
  };

  const closeAndRemoveLog = (): void => {
    // Which journal files are the connection's is told while it still holds them open.
    const own = journals.filter(({ file, opened }) => {
      const now = fileAt(file);
      return opened && now && sameFile(now, opened);
    });
    db.close();
    for (const { file } of own) rmSync(file, { force: true });
  };

  return {
    check: () => check(false),
    close() {
      try {
        check(true);
      } catch (err) {
        return err as AppError;
      }
      db.close();
      return null;
    },
  };
}

const sameFile = (a: { ino: number; dev: number }, b: { ino: number; dev: number }) => a.ino === b.ino && a.dev === b.dev;

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
