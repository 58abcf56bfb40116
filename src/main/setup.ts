/**
 * Start-up steps the desktop app and the web mode share: open the store, register shipped models, start the
 * worker, build the services. Each entry decides only where things live and how events leave.
 */
import { dirname, join } from 'node:path';
import type { AppInfo } from '../shared/api.js';
import type { Emit } from './services/context.js';
import { recoverInterruptedRuns } from './services/interrupted-training.js';
import { registerBuiltInModels } from './services/models.js';
import { createServices, type Services } from './services/registry.js';
import type { OpenOptions } from './store/db.js';
import { openStore, type Store } from './store/index.js';
import { WorkerClient, type WorkerLauncher } from './worker-client.js';

/** Trained models live next to the database, so `--db` also chooses where they go. */
export const modelsDirFor = (dbPath: string): string => join(dirname(dbPath), 'models');

export function setupStore(dbPath: string, builtInModelsDir: string, options: OpenOptions = {}): Store {
  const store = openStore(dbPath, options);
  recoverInterruptedRuns(store, modelsDirFor(dbPath));
  registerBuiltInModels(store, builtInModelsDir);
  return store;
}

export const setupWorker = (launch: WorkerLauncher): WorkerClient => new WorkerClient(launch);

export function setupServices(store: Store, worker: WorkerClient, emit: Emit, app: Pick<AppInfo, 'version' | 'transport'>): Services {
  return createServices({ store, jobs: worker, emit, app, modelsDir: modelsDirFor(store.path) });
}
