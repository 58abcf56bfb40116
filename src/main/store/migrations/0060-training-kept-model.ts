import type { Migration } from './types.js';

/**
 * A training run records the name of the model it kept. Deleting the model sets the run's model_id to null (the
 * foreign key), which alone reads the same as a run that kept none: with the name, the Training tab can say the
 * model was deleted since instead of leaving a verdict that offers to activate it.
 */
export const trainingKeptModel: Migration = {
  version: 60,
  name: 'training-kept-model',
  up(db) {
    db.exec('ALTER TABLE training_runs ADD COLUMN kept_model TEXT');
  },
};
