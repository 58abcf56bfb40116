import type { Database } from './db.js';

/**
 * Was a row of `table` ever stored under this id (and perhaps deleted since)? Ids are never handed out twice:
 * AUTOINCREMENT keeps the largest id ever handed out (migration 0050), deleted rows' included.
 */
export const everStoredIn =
  (db: Database, table: 'instances' | 'plans') =>
  (id: number): boolean =>
    // Prepared when asked, not when the store opens: a database of the schema before 0050 has no sqlite_sequence yet.
    id <= (db.prepare<[string], number>('SELECT seq FROM sqlite_sequence WHERE name = ?').pluck().get(table) ?? 0);
