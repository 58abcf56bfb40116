import type { Migration } from './types.js';

/** A training run records what became of its model: activated or kept aside, and the comparison that decided it. */
export const trainingVerdict: Migration = {
  version: 20,
  name: 'training-verdict',
  up(db) {
    db.exec('ALTER TABLE training_runs ADD COLUMN verdict TEXT');
  },
};
