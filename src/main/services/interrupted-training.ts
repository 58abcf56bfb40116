import { join } from 'node:path';
import type { Store } from '../store/index.js';
import { interruptedNote } from '../store/training-runs.js';
import { safeFileName } from './file-names.js';
import { registerModel } from './models.js';

/**
 * Training runs left 'running' by an app that stopped (killed, crashed, power cut). The trainer writes each
 * checkpoint whole (model.json last, see jampr/checkpoint.ts), so the run's folder may hold a usable model:
 * it is checked and registered, and the run ends as failed with a note naming it. Without one the run is just
 * marked interrupted.
 */
export function recoverInterruptedRuns(store: Store, modelsDir: string): void {
  for (const run of store.trainingRuns.list().filter((r) => r.status === 'running' && r.config.name)) {
    try {
      const model = registerModel(store, join(modelsDir, safeFileName(run.config.name!)), false);
      store.trainingRuns.finish(run.id, 'failed', model, interruptedNote(model));
    } catch {
      // No checkpoint was saved, or it is incomplete: the run is only marked interrupted below.
    }
  }
  store.trainingRuns.markInterrupted();
}
