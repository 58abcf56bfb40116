import type { Database } from 'better-sqlite3';
import type { Migration } from './types.js';

/**
 * Ids are never handed out twice. Without AUTOINCREMENT, SQLite gives a new row the largest id plus one, so deleting
 * the newest plan (or day, model, run) gave its id to the next one: an id kept elsewhere (a plan's `compared_with` or
 * `edited_from`, a bookmark, a script of the web API) then named another day's plan. Each table is rebuilt with
 * AUTOINCREMENT, as SQLite's own recipe for a changed table has it (new table, copy, drop, rename; migrate() holds the
 * foreign keys off meanwhile and checks them before it commits). Ids handed out twice before this stay as they are.
 */
export const idsNeverReused: Migration = {
  version: 50,
  name: 'ids-never-reused',
  up(db) {
    for (const table of ['instances', 'plans', 'models', 'training_runs']) rebuildWithAutoincrement(db, table);
  },
};

function rebuildWithAutoincrement(db: Database, table: string): void {
  const sql = db.prepare<[string], string>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").pluck().get(table);
  const key = /\bid INTEGER PRIMARY KEY\b/;
  if (!sql || !key.test(sql)) throw new Error(`table ${table} has no "id INTEGER PRIMARY KEY" column to keep from reuse`);
  const indexes = db
    .prepare<[string], string>("SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL")
    .pluck()
    .all(table);
  const rebuilt = `${table}_rebuilt`;
  const create = sql.replace(key, 'id INTEGER PRIMARY KEY AUTOINCREMENT').replace(/^CREATE TABLE\s+"?\w+"?/, `CREATE TABLE ${rebuilt}`);
  db.exec(create);
  // Same columns in the same order (the CREATE statement SQLite keeps lists the added ones last, as they are stored).
  db.exec(`INSERT INTO ${rebuilt} SELECT * FROM ${table}`);
  db.exec(`DROP TABLE ${table}`);
  db.exec(`ALTER TABLE ${rebuilt} RENAME TO ${table}`);
  for (const index of indexes) db.exec(index);
}
