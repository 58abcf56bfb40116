import type { AppError } from '../../shared/errors.js';
import { openDatabase, type Database, type OpenOptions } from './db.js';
import { databaseFileGuard } from './file-guard.js';
import { releaseLog, setAsideStrangerLog } from './log-owner.js';
import { MIGRATIONS } from './migrations/index.js';
import { instanceRepository } from './instances.js';
import { modelRepository } from './models.js';
import { planRepository } from './plans.js';
import { trainingRunRepository } from './training-runs.js';

/** The opened database and one repository per table. */
export interface Store {
  readonly path: string;
  readonly db: Database;
  readonly instances: ReturnType<typeof instanceRepository>;
  readonly plans: ReturnType<typeof planRepository>;
  readonly models: ReturnType<typeof modelRepository>;
  readonly trainingRuns: ReturnType<typeof trainingRunRepository>;
  /**
   * The files the open set aside: a write-ahead log that belonged to another file, with its index and owner file
   * (log-owner.ts); none where it found no such log. The start notes say so (set-aside-logs.ts).
   */
  readonly logSetAside: readonly string[];
  /** Throws a storage error when the database file was deleted or replaced since it was opened (file-guard.ts). */
  checkFile(): void;
  /**
   * Why an operation failed: the file guard's refusal where the database file went away under it (a write under
   * way meets a closed connection), said in the guard's words rather than as a defect; else the error itself.
   */
  failureBehind(err: unknown): unknown;
  /**
   * Closes the database, after the file guard's check: where the file was deleted or replaced, what the app holds
   * is kept as before a call, and the guard's words come back for the app to show (null where all is well).
   */
  close(): AppError | null;
}

export function openStore(path: string, options: OpenOptions = {}): Store {
  // Before SQLite opens the file, which would replay the log into it.
  const logSetAside = setAsideStrangerLog(path);
  const db = openDatabase(path, MIGRATIONS, options);
  const guard = databaseFileGuard(db, path);
  const checkFile = guard.check;
  return {
    path,
    db,
    logSetAside,
    instances: instanceRepository(db),
    plans: planRepository(db),
    models: modelRepository(db),
    trainingRuns: trainingRunRepository(db),
    checkFile,
    failureBehind(err) {
      try {
        checkFile();
      } catch (refusal) {
        return refusal;
      }
      return err;
    },
    close() {
      const lost = guard.close();
      releaseLog(path);
      return lost;
    },
  };
}
