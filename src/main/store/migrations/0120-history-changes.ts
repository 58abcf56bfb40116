import type { Migration } from './types.js';

/**
 * Which days' history entries changed, in order: every day stored, saved, renamed or deleted, and every plan stored
 * or deleted (its day's plan count), written by triggers so that no writer has to remember it. A window that shows
 * the history at change N asks for the days changed after N (`instances:changes`, store/history-changes.ts) instead
 * of all of them again: 2,000 days were 483 KiB after every change in every window. The newest KEPT changes are kept;
 * a window further behind reads the whole history again. A later migration that rebuilds `instances` or `plans`
 * (drop and rename) creates these triggers again.
 */
export const KEPT_HISTORY_CHANGES = 10_000;

export const historyChanges: Migration = {
  version: 120,
  name: 'history-changes',
  up(db) {
    db.exec(`
      CREATE TABLE history_changes (seq INTEGER PRIMARY KEY AUTOINCREMENT, instance_id INTEGER NOT NULL);
      CREATE TRIGGER history_day_stored AFTER INSERT ON instances BEGIN
        INSERT INTO history_changes (instance_id) VALUES (NEW.id);
      END;
      CREATE TRIGGER history_day_saved AFTER UPDATE ON instances BEGIN
        INSERT INTO history_changes (instance_id) VALUES (NEW.id);
      END;
      CREATE TRIGGER history_day_deleted AFTER DELETE ON instances BEGIN
        INSERT INTO history_changes (instance_id) VALUES (OLD.id);
      END;
      CREATE TRIGGER history_plan_stored AFTER INSERT ON plans BEGIN
        INSERT INTO history_changes (instance_id) VALUES (NEW.instance_id);
      END;
      CREATE TRIGGER history_plan_deleted AFTER DELETE ON plans BEGIN
        INSERT INTO history_changes (instance_id) VALUES (OLD.instance_id);
      END;
      CREATE TRIGGER history_changes_kept AFTER INSERT ON history_changes BEGIN
        DELETE FROM history_changes WHERE seq <= NEW.seq - ${KEPT_HISTORY_CHANGES};
      END;`);
  },
};
