import { randomInt } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readFileSync, readSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Database } from 'better-sqlite3';
import { AppError } from '../../shared/errors.js';
import { fileErrorReason } from '../file-errors.js';
import { fileStamp } from './file-stamp.js';
import { setAsideName } from './set-aside-logs.js';

/**
 * Which database file the write-ahead log beside it belongs to.
 *
 * An app killed (kill -9, power loss) leaves its last changes in `jampr.sqlite-wal`, and the next open replays them
 * into whatever file is at the path then. Nothing in the log says which file it was written against: where a backup
 * was restored over the database in the meantime (with `cp`, which keeps the inode, or by renaming), SQLite writes
 * the killed run's pages into the restored file, which corrupts it or mixes two states of the database. A restore
 * may even be of an older copy of the same database, taken while the killed run was going on.
 *
 * So the database file carries an epoch, a random number in its header's application_id field (read straight from
 * the file's first 100 bytes, without SQLite, which would replay the log first), and `jampr.sqlite-wal-owner` names
 * the epochs of the file state the log's changes apply to. The epoch is new at every open and at every checkpoint
 * (the only moments the file itself is written): any copy taken of the file earlier carries an older epoch. SQLite's
 * own automatic checkpoints are off, as they would write the file without a new epoch; the app checkpoints instead
 * when the log reaches the size SQLite would have checkpointed at. A turn of the epoch writes the owner file first
 * (both epochs, flushed to disk), then commits the new epoch, checkpoints (the file now holds it), then names the
 * new one alone: at every moment the file on disk carries an epoch the owner file names.
 *
 * At the next open, a log with changes in it is replayed only where the file's epoch is one the owner file names;
 * otherwise it is moved aside, untouched, with the shared memory file that indexes it and its owner file, and every
 * start says so while they lie there (set-aside-logs.ts). A log
 * with no owner file beside it (written before this check existed, or by another program) is replayed as always.
 */
const OWNER = '-wal-owner';
/** A log no longer than its header holds no change. */
const WAL_HEADER_BYTES = 32;
/** SQLite's own automatic checkpoint size, in pages: the log is checkpointed once it is this long. */
const CHECKPOINT_PAGES = 1000;
/** The database header: its first 16 bytes say SQLite, and application_id is the big-endian integer at offset 68. */
const SQLITE_MAGIC = 'SQLite format 3\0';
const APPLICATION_ID_OFFSET = 68;

export const logOwnerPath = (path: string): string => `${path}${OWNER}`;

/** The epoch in the database file's header as it is on disk; null where the file is missing or no SQLite file. */
function fileEpoch(path: string): number | null {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return null;
  }
  try {
    const header = Buffer.alloc(100);
    if (readSync(fd, header, 0, header.length, 0) < header.length) return null;
    if (header.toString('latin1', 0, SQLITE_MAGIC.length) !== SQLITE_MAGIC) return null;
    return header.readInt32BE(APPLICATION_ID_OFFSET);
  } finally {
    closeSync(fd);
  }
}

function readOwner(path: string): string | null {
  try {
    return readFileSync(logOwnerPath(path), 'utf8');
  } catch {
    return null;
  }
}

const ownerEpochs = (text: string): number[] => text.trim().split(/\s+/).map(Number);

/** Written whole or not at all (a new file renamed over the old), and on disk before the log is written after it. */
function writeOwner(path: string, epochs: readonly number[]): void {
  const owner = logOwnerPath(path);
  const next = `${owner}.tmp`;
  try {
    writeFileSync(next, `${epochs.join(' ')}\n`);
    const fd = openSync(next, 'r+');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(next, owner);
  } catch (err) {
    rmSync(next, { force: true });
    throw err;
  }
  try {
    const folder = openSync(dirname(owner), 'r');
    try {
      fsyncSync(folder);
    } finally {
      closeSync(folder);
    }
  } catch {
    // Windows cannot open a folder to flush it; its renames are written through.
  }
}

const logHoldsChanges = (path: string): boolean => {
  try {
    return statSync(`${path}-wal`).size > WAL_HEADER_BYTES;
  } catch {
    return false;
  }
};

/**
 * Before the database is opened: moves a log that is not this file's aside (with its -shm and owner file), never
 * deleting it, and returns the files it moved (set-aside-logs.ts says so at every start while they lie there); none
 * where the log is the file's, or there is none. A log that cannot be moved refuses the open: replayed, it would write
 * another file's changes into this one.
 */
export function setAsideStrangerLog(path: string): string[] {
  if (!logHoldsChanges(path)) return [];
  const owner = readOwner(path);
  if (owner === null) return [];
  const epoch = fileEpoch(path);
  // A running app turns its epoch between these reads: the owner file changed. That app's lock refuses this open,
  // and its log is left alone.
  if (readOwner(path) !== owner) return [];
  if (epoch !== null && ownerEpochs(owner).includes(epoch)) return [];
  const stamp = fileStamp();
  const log = setAsideName(`${path}-wal`, stamp);
  try {
    renameSync(`${path}-wal`, log);
  } catch (err) {
    throw new AppError(
      'storage',
      `${path}-wal holds the last changes of another database file, not of ${path}, and could not be moved aside (${fileErrorReason(err)}): ` +
        'move it out of the folder by hand, then start the app again',
    );
  }
  const moved = [log];
  // The index of the log, and the owner file that says which file state the log applies to, go with it.
  for (const file of [`${path}-shm`, logOwnerPath(path)]) {
    try {
      renameSync(file, setAsideName(file, stamp));
      moved.push(setAsideName(file, stamp));
    } catch {
      // No index beside the log (SQLite rebuilds it from the log); the owner file is written anew at the open.
    }
  }
  return moved;
}

/**
 * Takes the open connection's log in hand (its automatic checkpoints were turned off before its first write, db.ts): a
 * new epoch now, and a checkpoint with a new epoch after each write that leaves the log at SQLite's checkpoint size. A
 * checkpoint that fails after a write is tried again after the next one: the write itself is stored, and the log stays
 * replayable into the file until then.
 */
export function ownLog(db: Database, path: string): void {
  if (path === ':memory:') return;
  turnEpoch(db, path);
  const limit = CHECKPOINT_PAGES * (db.pragma('page_size', { simple: true }) as number);
  const settle = () => {
    if (!db.open || db.inTransaction) return;
    try {
      if (statSync(`${path}-wal`).size >= limit) turnEpoch(db, path);
    } catch {
      // Tried again after the next write (see above).
    }
  };
  afterEachWrite(db, settle);
}

/**
 * A new epoch, in the order that keeps the file's epoch on disk named by the owner file at every moment: both named,
 * the new one committed, the log checkpointed into the file, the new one alone named.
 */
function turnEpoch(db: Database, path: string): void {
  // The file as it is on disk, whatever the log says (a checkpoint that failed may or may not have reached page 1).
  const onDisk = fileEpoch(path) ?? 0;
  let next = onDisk;
  while (next === onDisk) next = randomInt(1, 2 ** 31);
  writeOwner(path, [onDisk, next]);
  db.pragma(`application_id = ${next}`);
  const [{ busy }] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
  if (busy === 0) writeOwner(path, [next]);
}

/**
 * Runs `settle` after every statement or transaction this connection runs that may have written, once it is no
 * longer inside a transaction: the store's repositories write through prepared statements and db.transaction.
 */
function afterEachWrite(db: Database, settle: () => void): void {
  const prepare = db.prepare.bind(db);
  db.prepare = ((...args: Parameters<Database['prepare']>) => {
    const statement = prepare(...args);
    if (statement.reader) return statement;
    const run = statement.run.bind(statement);
    statement.run = (...params: unknown[]) => {
      const result = run(...params);
      settle();
      return result;
    };
    return statement;
  }) as Database['prepare'];
  const transaction = db.transaction.bind(db);
  db.transaction = ((fn: (...args: unknown[]) => unknown) => {
    const inner = transaction(fn);
    const settled =
      (variant: (...args: unknown[]) => unknown) =>
      (...args: unknown[]) => {
        const result = variant(...args);
        settle();
        return result;
      };
    const wrapped = settled(inner);
    return Object.assign(wrapped, {
      default: wrapped,
      deferred: settled(inner.deferred),
      immediate: settled(inner.immediate),
      exclusive: settled(inner.exclusive),
      database: db,
    });
  }) as unknown as Database['transaction'];
  const exec = db.exec.bind(db);
  db.exec = (source: string) => {
    exec(source);
    settle();
    return db;
  };
}

/**
 * After the connection closed: the owner file goes where no log with changes of this file is left (SQLite folded it
 * into the file and removed it at a clean close), so that it never judges a log it did not see written.
 */
export function releaseLog(path: string): void {
  if (path === ':memory:') return;
  const owner = readOwner(path);
  if (owner === null) return;
  const epoch = fileEpoch(path);
  if (logHoldsChanges(path) && epoch !== null && ownerEpochs(owner).includes(epoch)) return;
  rmSync(logOwnerPath(path), { force: true });
}
