import type { Migration } from './types.js';

/**
 * What a plan keeps of how it was made: the effort it was given (the seconds or samples of its method's effort field),
 * so that opening it sets the controls to plan it again alike; whether sampling kept the model's greedy plan; and, for
 * a plan edited by hand, the plan it was edited from.
 */
export const planDetails: Migration = {
  version: 40,
  name: 'plan-details',
  up(db) {
    db.exec('ALTER TABLE plans ADD COLUMN effort REAL');
    db.exec('ALTER TABLE plans ADD COLUMN greedy_kept INTEGER CHECK (greedy_kept IN (0, 1))');
    db.exec('ALTER TABLE plans ADD COLUMN edited_from INTEGER');
  },
};
