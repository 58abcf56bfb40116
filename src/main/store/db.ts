import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Database } from 'better-sqlite3';
import { AppError } from '../../shared/errors.js';
import { logOwnerPath, ownLog } from './log-owner.js';
import { MIGRATIONS, type Migration, TABLES } from './migrations/index.js';
import { openingError } from './storage-errors.js';

export type { Database } from 'better-sqlite3';

export interface OpenOptions {
  /** better-sqlite3's addon file to load instead of the package's Node build (see sqliteAddonFor). */
  readonly nativeBinding?: string;
}

/**
 * Opens (creating if needed) the app's SQLite file: WAL journal so a killed writer never leaves a torn
 * file, foreign keys enforced, and every pending migration applied in one transaction. A file from a newer
 * version is refused before anything in it changes (the journal mode included). The connection holds the file
 * exclusively: a second app on the same database is refused instead of marking the first one's work as
 * interrupted. Failures are storage errors in words (storage-errors.ts).
 */
export function openDatabase(path: string, migrations: readonly Migration[] = MIGRATIONS, options: OpenOptions = {}): Database {
  let db: Database | undefined;
  // Journal files this open creates: a failed open removes them. SQLite gives them the database file's mode, so a
  // read-only file's refusal would leave a read-only -shm that kept refusing the file once it was made writable.
  const created = path === ':memory:' ? [] : [`${path}-wal`, `${path}-shm`, logOwnerPath(path)].filter((f) => !existsSync(f));
  try {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    // A second app waits a moment for the lock (a killed one's is gone at once), then is refused.
    db = new BetterSqlite3(path, { nativeBinding: options.nativeBinding, timeout: 1000 });
    refuseNewer(db, migrations, path);
    refuseForeign(db, path);
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE; COMMIT;'); // takes the lock now, and EXCLUSIVE mode keeps it until close
    db.pragma('journal_mode = WAL');
    // Before the first write: SQLite's own checkpoints would write the file without the epoch that tells which file
    // the log belongs to; the app checkpoints instead (log-owner.ts).
    db.pragma('wal_autocheckpoint = 0');
    db.pragma('foreign_keys = ON');
    // NORMAL is crash-safe in WAL mode (a killed process loses nothing committed); only power loss may drop
    // the last transactions.
    db.pragma('synchronous = NORMAL');
    // A file the app may only read (SQLite then opens it read-only without a word) is refused now, in words,
    // rather than at the first save: rewriting the schema version with its own value is a write that changes nothing.
    db.pragma(`user_version = ${schemaVersion(db)}`);
    ownLog(db, path);
    migrate(db, migrations, path);
    return db;
  } catch (err) {
    db?.close();
    for (const file of created) {
      try {
        rmSync(file, { force: true });
      } catch {
        // A path that cannot hold a file (under a file, in a missing folder) has none to remove.
      }
    }
    if (err instanceof AppError) throw err;
    const addon = options.nativeBinding ? ` (with the SQLite addon ${options.nativeBinding})` : '';
    throw (
      openingError(err, path, `cannot open the database ${path}${addon}`) ??
      new AppError('storage', `cannot open the database ${path}${addon}: ${(err as Error).message}`)
    );
  }
}

export const schemaVersion = (db: Database): number => db.pragma('user_version', { simple: true }) as number;

function refuseNewer(db: Database, migrations: readonly Migration[], path: string): void {
  const current = schemaVersion(db);
  const latest = migrations.length ? migrations[migrations.length - 1].version : 0;
  if (current > latest) {
    throw new AppError(
      'storage',
      `${path} was written by a newer version of JAMPR Dispatch (schema ${current}, this version knows up to ${latest}); ` +
        'update the app or open another database with --db',
    );
  }
}

const danglingReferences = (db: Database) => db.pragma('foreign_key_check') as { table: string; rowid: number; parent: string }[];

/** Another program's SQLite file is refused before anything in it changes: the app would add its tables to it. */
function refuseForeign(db: Database, path: string): void {
  const tables = (
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[]
  )
    .map((t) => t.name)
    .filter((name) => !TABLES.includes(name));
  if (tables.length === 0) return;
  const shown = tables.slice(0, 5).join(', ') + (tables.length > 5 ? ', …' : '');
  throw new AppError(
    'storage',
    `${path} is not a JAMPR Dispatch database (it holds the tables ${shown}); nothing in it was changed: choose another file with --db`,
  );
}

/** Brings the schema up to date, or refuses a file written by a newer version of the app. */
export function migrate(db: Database, migrations: readonly Migration[], path = 'the database'): void {
  refuseNewer(db, migrations, path);
  const current = schemaVersion(db);
  const pending = migrations.filter((m) => m.version > current);
  if (pending.length === 0) return;
  let running = pending[0];
  const danglingBefore = danglingReferences(db).length;
  const apply = db.transaction(() => {
    for (const m of pending) {
      running = m;
      m.up(db);
      db.pragma(`user_version = ${m.version}`);
    }
    // Only what the migrations broke: a row that pointed nowhere before (written by another program) is left as it was.
    const broken = danglingReferences(db);
    if (broken.length > danglingBefore) {
      const first = broken[broken.length - 1];
      throw new Error(`rows would refer to rows that are gone, such as ${first.table} row ${first.rowid} to ${first.parent}`);
    }
  });
  // A migration that rebuilds a table (SQLite's recipe: new table, copy, drop, rename) must not have the drop
  // delete the rows that refer to it: foreign keys are off while the migrations run, and checked before they commit.
  const foreignKeys = db.pragma('foreign_keys', { simple: true }) === 1;
  db.pragma('foreign_keys = OFF');
  try {
    apply();
  } catch (err) {
    throw new AppError(
      'storage',
      `migration ${running.version}-${running.name} of ${path} failed, nothing was changed: ${(err as Error).message}`,
    );
  } finally {
    if (foreignKeys) db.pragma('foreign_keys = ON');
  }
}
