/**
 * How the app stops, the one rule for the web mode's SIGTERM and Ctrl-C and the desktop app's quit. The first request
 * stops the work in progress in order (services.shutdown: plans cancelled, a training run stopped as Cancel stops it,
 * not judged, recorded as stopped), then closes the database. A second one while that goes on quits at once: only a
 * checkpoint being written is waited for (services.halt), the database is closed (SQLite's log checkpointed into its
 * file: main writes it only between calls, never in the middle of one), and a training run under way is left to the
 * next start, which records it as interrupted with its last complete checkpoint.
 */
import type { AppError } from '../shared/errors.js';
import type { Services } from './services/registry.js';
import type { Store } from './store/index.js';

export interface AppStop {
  /**
   * The first request. Resolves once the work stopped and the database closed, with what the close found (a database
   * file deleted or replaced since, said in words) or null; resolves `'forced'` where a second request took over, which
   * ends the process itself.
   */
  stop(say?: (line: string) => void): Promise<AppError | null | 'forced'>;
  /** The second request (or any after it): resolves once it is safe to end the process, with what the close found. */
  force(): Promise<AppError | null>;
  /** Whether a stop was asked for: a later request is then a second one. */
  readonly stopping: boolean;
}

export function appStop(services: Services, store: Store): AppStop {
  let stopping = false;
  let forced = false;
  let closed: AppError | null | undefined;
  const close = () => {
    if (closed === undefined) closed = store.close();
    return closed;
  };
  return {
    get stopping() {
      return stopping;
    },
    async stop(say) {
      stopping = true;
      await services.shutdown(say);
      return forced ? 'forced' : close();
    },
    async force() {
      stopping = true;
      forced = true;
      await services.halt();
      return close();
    },
  };
}
