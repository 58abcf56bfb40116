import type { Migration } from './types.js';

/** A plan made by Compare names the plan it was compared with, so the history can tell it from a plain run. */
export const planComparison: Migration = {
  version: 30,
  name: 'plan-comparison',
  up(db) {
    db.exec('ALTER TABLE plans ADD COLUMN compared_with INTEGER');
  },
};
