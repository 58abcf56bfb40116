/**
 * The web mode's server can stop under an open page (closed, restarted, killed). Then the page says so at once
 * rather than showing a plan or a training run as still running. A server started again has a new access token,
 * so the page needs its new link; where the same server answers again (a network hiccup), the notice goes and every
 * list is read afresh.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useApiEvent } from './use-api.js';
import { useNotices } from './use-notices.js';

export const CONNECTION_LOST =
  'lost the connection to the JAMPR Dispatch server: it was stopped or cannot be reached, and work in progress on it may have ended. Once it runs again, open the link it prints (each start has its own).';

export function useConnectionNotice(): void {
  const { report, dismissAction } = useNotices();
  const client = useQueryClient();
  useApiEvent('connection', ({ connected }) => {
    if (!connected) {
      report('Connection', { kind: 'internal', message: CONNECTION_LOST });
      return;
    }
    dismissAction('Connection');
    void client.invalidateQueries();
  });
}
