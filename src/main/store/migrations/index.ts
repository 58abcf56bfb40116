import { initial } from './0010-initial.js';
import { trainingVerdict } from './0020-training-verdict.js';
import { planComparison } from './0030-plan-comparison.js';
import { planDetails } from './0040-plan-details.js';
import { idsNeverReused } from './0050-ids-never-reused.js';
import { trainingKeptModel } from './0060-training-kept-model.js';
import { planCutShort } from './0070-plan-cut-short.js';
import { planDataFingerprint } from './0080-plan-data-fingerprint.js';
import { planKeptFrom } from './0090-plan-kept-from.js';
import { planCounts } from './0100-plan-counts.js';
import { instanceFigures } from './0110-instance-figures.js';
import { historyChanges } from './0120-history-changes.js';
import { modelSizeBands } from './0130-model-size-bands.js';
import { trainingStoppedStatus } from './0140-training-stopped-status.js';
import type { Migration } from './types.js';

export type { Migration } from './types.js';

/** Every migration in order. Add a file `NNNN-what.ts` and append it here; never edit an applied one. */
export const MIGRATIONS: readonly Migration[] = [
  initial,
  trainingVerdict,
  planComparison,
  planDetails,
  idsNeverReused,
  trainingKeptModel,
  planCutShort,
  planDataFingerprint,
  planKeptFrom,
  planCounts,
  instanceFigures,
  historyChanges,
  modelSizeBands,
  trainingStoppedStatus,
];

/** Every table the migrations create: a file holding any other is some other program's database. */
export const TABLES: readonly string[] = ['instances', 'plans', 'models', 'training_runs', 'history_changes'];
