import type { ApiEvents, AppInfo, EventName } from '../../shared/api.js';
import type { JobRunner } from '../jobs/protocol.js';
import type { Store } from '../store/index.js';

/** Pushes an event to whoever listens: the window over IPC, or every SSE client in the web mode. */
export type Emit = <E extends EventName>(event: E, payload: ApiEvents[E]) => void;

/** Everything the services need, passed in (no globals), so tests build one against a temporary database. */
export interface ServiceContext {
  store: Store;
  jobs: JobRunner;
  emit: Emit;
  app: Pick<AppInfo, 'version' | 'transport'>;
  /** Where trained models are written; one sub-folder per model. */
  modelsDir: string;
}
