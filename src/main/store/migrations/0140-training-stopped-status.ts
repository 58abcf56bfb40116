import type { Migration } from './types.js';

/**
 * A training run the app's own stop ended (a quit, the web mode's SIGTERM or Ctrl-C) is recorded as `stopped`: neither
 * the `cancelled` of a dispatcher's Cancel nor `failed`, which it was recorded as before (its error "interrupted: the
 * app stopped during training"). The status column's CHECK names the statuses, so the table is rebuilt with the new one
 * (SQLite's recipe: new table, copy, drop, rename; migrate() holds the foreign keys off meanwhile). Runs recorded before
 * keep their record.
 */
export const trainingStoppedStatus: Migration = {
  version: 140,
  name: 'training-stopped-status',
  up(db) {
    const sql = db.prepare<[], string>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'training_runs'").pluck().get();
    const check = "CHECK (status IN ('running', 'done', 'cancelled', 'failed'))";
    if (!sql?.includes(check)) throw new Error(`the training_runs table has no status check ${check} to widen`);
    const indexes = db
      .prepare<[], string>("SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'training_runs' AND sql IS NOT NULL")
      .pluck()
      .all();
    db.exec(
      sql
        .replace(check, "CHECK (status IN ('running', 'done', 'cancelled', 'failed', 'stopped'))")
        .replace(/^CREATE TABLE\s+"?\w+"?/, 'CREATE TABLE training_runs_rebuilt'),
    );
    // The ids handed out so far stay handed out (0050): the drop forgets the table's counter, so it is carried over.
    const handedOut = db.prepare<[], number>("SELECT seq FROM sqlite_sequence WHERE name = 'training_runs'").pluck().get();
    // Same columns in the same order: the CREATE statement SQLite keeps lists the added ones last, as they are stored.
    db.exec('INSERT INTO training_runs_rebuilt SELECT * FROM training_runs');
    db.exec('DROP TABLE training_runs');
    db.exec('ALTER TABLE training_runs_rebuilt RENAME TO training_runs');
    for (const index of indexes) db.exec(index);
    if (handedOut !== undefined) {
      db.prepare("DELETE FROM sqlite_sequence WHERE name = 'training_runs'").run();
      db.prepare("INSERT INTO sqlite_sequence (name, seq) VALUES ('training_runs', ?)").run(handedOut);
    }
  },
};
