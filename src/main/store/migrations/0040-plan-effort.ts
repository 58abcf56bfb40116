import type { Migration } from './types.js';

/**
 * A plan keeps the effort it was given (the seconds or samples of its method's effort field), so that opening it
 * sets the controls to plan it again alike, and whether sampling kept the model's greedy plan.
 */
export const planEffort: Migration = {
  version: 40,
  name: 'plan-effort',
  up(db) {
    db.exec('ALTER TABLE plans ADD COLUMN effort REAL');
    db.exec('ALTER TABLE plans ADD COLUMN greedy_kept INTEGER CHECK (greedy_kept IN (0, 1))');
  },
};
