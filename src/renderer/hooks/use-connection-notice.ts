/**
 * The web mode's server can stop under an open page (closed, restarted, killed). Then the page says so at once
 * rather than showing a plan or a training run as still running. A server started again on the same database
 * answers at the same link where its port is free (src/main/web-session.ts): the page then carries on, its unsaved
 * edits included; the notice goes and every list is read afresh.
 */
import { useStoredDataChanged } from '../state/queries.js';
import { useApiEvent } from './use-api.js';
import { useNotices } from './use-notices.js';

export const CONNECTION_LOST =
  'the JAMPR Dispatch server was stopped or cannot be reached, and plans or training in progress on it may have ended. Keep this page open: once the server runs again on the same database, this page carries on and unsaved edits can still be saved (if it prints another link, open that one).';

/** The banner's heading: a lost connection the page recovers from is no unexpected error. */
export const CONNECTION_LOST_TITLE = 'Connection lost';

export function useConnectionNotice(): void {
  const { report, dismissAction } = useNotices();
  const changed = useStoredDataChanged();
  useApiEvent('connection', ({ connected }) => {
    if (!connected) {
      report('Connection', { kind: 'internal', message: CONNECTION_LOST }, CONNECTION_LOST_TITLE);
      return;
    }
    dismissAction('Connection');
    // A call that failed as the server stopped ("the app is shutting down") is over too.
    dismissAction('Connect');
    void changed.all();
  });
}
