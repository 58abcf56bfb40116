import type { Migration } from './types.js';

/**
 * Where a plan was kept from a window (its day deleted or saved over in another window): the plan it is a copy of, and
 * whether how it was made is only as the window said (the plan it copies was deleted before it was kept).
 */
export const planKeptFrom: Migration = {
  version: 90,
  name: 'plan-kept-from',
  up(db) {
    db.exec('ALTER TABLE plans ADD COLUMN kept_from INTEGER');
    db.exec('ALTER TABLE plans ADD COLUMN unverified INTEGER CHECK (unverified IN (0, 1))');
  },
};
