import type { Database } from 'better-sqlite3';

/** One schema step. `version` is the number in the file name and becomes PRAGMA user_version once applied. */
export interface Migration {
  version: number;
  name: string;
  up(db: Database): void;
}
