import type { Migration } from './types.js';

/**
 * What each plan breaks, counted once when it is stored (the rules broken, the customers left out), so that listing a
 * day's plans reads no plan's evaluation: counted from it at every list, the history of a day planned 150 times spent
 * most of its time reading the per-stop schedules. Plans stored before are left without (null): the list counts theirs
 * from their evaluations as before, since filling them in here rewrote every plan (30 s on a 630 MiB file).
 */
export const planCounts: Migration = {
  version: 100,
  name: 'plan-counts',
  up(db) {
    db.exec('ALTER TABLE plans ADD COLUMN broken INTEGER');
    db.exec('ALTER TABLE plans ADD COLUMN unserved INTEGER');
  },
};
