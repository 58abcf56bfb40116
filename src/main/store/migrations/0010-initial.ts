import type { Migration } from './types.js';

/** The first schema: instances, their plans, models and training runs. */
export const initial: Migration = {
  version: 10,
  name: 'initial',
  up(db) {
    db.exec(`
      CREATE TABLE instances (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        json TEXT NOT NULL,
        source TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );

      CREATE TABLE models (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        folder TEXT NOT NULL UNIQUE,
        card TEXT NOT NULL,
        active INTEGER NOT NULL DEFAULT 0 CHECK (active IN (0, 1)),
        built_in INTEGER NOT NULL DEFAULT 0 CHECK (built_in IN (0, 1))
      );

      -- Totals are copied out of the evaluation so listing plans never parses the per-stop schedule.
      CREATE TABLE plans (
        id INTEGER PRIMARY KEY,
        instance_id INTEGER NOT NULL REFERENCES instances(id) ON DELETE CASCADE,
        variant TEXT NOT NULL,
        method TEXT NOT NULL,
        model_name TEXT,
        routes TEXT NOT NULL,
        evaluation TEXT NOT NULL,
        cost REAL NOT NULL,
        vehicles INTEGER NOT NULL,
        distance REAL NOT NULL,
        late REAL NOT NULL,
        feasible INTEGER NOT NULL CHECK (feasible IN (0, 1)),
        seconds REAL NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX plans_by_instance ON plans(instance_id, id);

      CREATE TABLE training_runs (
        id INTEGER PRIMARY KEY,
        config TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('running', 'done', 'cancelled', 'failed')),
        points TEXT NOT NULL DEFAULT '[]',
        model_id INTEGER REFERENCES models(id) ON DELETE SET NULL,
        error TEXT,
        created_at TEXT NOT NULL
      );
    `);
  },
};
