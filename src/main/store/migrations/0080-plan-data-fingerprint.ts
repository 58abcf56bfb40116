import type { Migration } from './types.js';

/**
 * A fingerprint of the day's planning data each plan was made on (planning-data.ts): a plan is out of date after any
 * change to that data, also one that moves none of its figures (a window widened for a customer it left out, whose
 * stored reason would then be false). Plans stored before have none, and are judged by their figures as before.
 */
export const planDataFingerprint: Migration = {
  version: 80,
  name: 'plan-data-fingerprint',
  up(db) {
    db.exec('ALTER TABLE plans ADD COLUMN data_fingerprint TEXT');
  },
};
