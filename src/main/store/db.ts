import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Database } from 'better-sqlite3';
import { AppError } from '../../shared/errors.js';
import { MIGRATIONS, type Migration } from './migrations/index.js';

export type { Database } from 'better-sqlite3';

export interface OpenOptions {
  /** better-sqlite3's addon file to load instead of the package's Node build (see sqliteAddonFor). */
  readonly nativeBinding?: string;
}

/**
 * Opens (creating if needed) the app's SQLite file: WAL journal so a killed writer never leaves a torn
 * file, foreign keys enforced, and every pending migration applied in one transaction.
 */
export function openDatabase(path: string, migrations: readonly Migration[] = MIGRATIONS, options: OpenOptions = {}): Database {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  let db: Database;
  try {
    db = new BetterSqlite3(path, { nativeBinding: options.nativeBinding });
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    // NORMAL is crash-safe in WAL mode (a killed process loses nothing committed); only power loss may drop
    // the last transactions.
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 5000');
  } catch (err) {
    const addon = options.nativeBinding ? ` (with the SQLite addon ${options.nativeBinding})` : '';
    throw new AppError('storage', `cannot open the database ${path}${addon}: ${(err as Error).message}`);
  }
  try {
    migrate(db, migrations, path);
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}

export const schemaVersion = (db: Database): number => db.pragma('user_version', { simple: true }) as number;

/** Brings the schema up to date, or refuses a file written by a newer version of the app. */
export function migrate(db: Database, migrations: readonly Migration[], path = 'the database'): void {
  const current = schemaVersion(db);
  const latest = migrations.length ? migrations[migrations.length - 1].version : 0;
  if (current > latest) {
    throw new AppError(
      'storage',
      `${path} was written by a newer version of JAMPR Dispatch (schema ${current}, this version knows up to ${latest}); ` +
        'update the app or open another database with --db',
    );
  }
  const pending = migrations.filter((m) => m.version > current);
  if (pending.length === 0) return;
  let running = pending[0];
  const apply = db.transaction(() => {
    for (const m of pending) {
      running = m;
      m.up(db);
      db.pragma(`user_version = ${m.version}`);
    }
  });
  try {
    apply();
  } catch (err) {
    throw new AppError(
      'storage',
      `migration ${running.version}-${running.name} of ${path} failed, nothing was changed: ${(err as Error).message}`,
    );
  }
}
