import { openDatabase, type Database, type OpenOptions } from './db.js';
import { databaseFileGuard } from './file-guard.js';
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
  /** Throws a storage error when the database file was deleted or replaced since it was opened (file-guard.ts). */
  checkFile(): void;
  close(): void;
}

export function openStore(path: string, options: OpenOptions = {}): Store {
  const db = openDatabase(path, MIGRATIONS, options);
  return {
    path,
    db,
    instances: instanceRepository(db),
    plans: planRepository(db),
    models: modelRepository(db),
    trainingRuns: trainingRunRepository(db),
    checkFile: databaseFileGuard(db, path),
    close: () => db.close(),
  };
}
