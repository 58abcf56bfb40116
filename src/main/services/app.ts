import type { AppInfo } from '../../shared/api.js';
import type { InfoResult } from '../jobs/protocol.js';
import { startNotes } from '../start-notices.js';
import type { ServiceContext } from './context.js';

/** app:info; the backend is asked of the worker once (it loads TensorFlow.js) and remembered. */
export function appServices(ctx: ServiceContext) {
  let backend: Promise<InfoResult> | null = null;
  return {
    'app:info': async (): Promise<AppInfo> => {
      backend ??= ctx.jobs.run('info', {}).catch((err: unknown) => {
        backend = null;
        throw err;
      });
      const { backend: name, backendDetail } = await backend;
      // Read again at every call: a tab opened (or reloaded) after the files went says nothing of them.
      return { ...ctx.app, backend: name, backendDetail, dbPath: ctx.store.path, startNotes: startNotes(ctx.store) };
    },
  };
}
