import type { Migration } from './types.js';

/**
 * Whether a plan's time limit ended before its method could do its work (the local search cut short before it had
 * improved the plan as far as it goes, the random baseline before it had drawn all its plans): the plan says so when
 * it is opened again, not only when it is made.
 */
export const planCutShort: Migration = {
  version: 70,
  name: 'plan-cut-short',
  up(db) {
    db.exec('ALTER TABLE plans ADD COLUMN cut_short INTEGER CHECK (cut_short IN (0, 1))');
  },
};
