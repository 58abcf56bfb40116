/**
 * The routing core's problems with the instance being edited, asked after every edit: a due time moved before
 * the ready time shows in its row as soon as the cell is left, not only when Save is pressed, with the same
 * sentence the save would give (times as HH:MM under clock times). The last answer for the same instance stays
 * on screen until the next arrives, so rows do not jump while the dispatcher works through the table.
 */
import { useEffect, useState } from 'react';
import type { Instance } from '../../shared/domain.js';
import { useApi } from '../hooks/use-api.js';

/**
 * `instanceKey` tells instances apart (the stored id, or "new"): an answer about another instance is never shown.
 * null while there is nothing to check (no draft, or a new instance without customers yet).
 */
export function useLiveProblems(draft: Instance | null, instanceKey: string): string[] | null {
  const api = useApi();
  const [answer, setAnswer] = useState<{ key: string; problems: string[] } | null>(null);
  useEffect(() => {
    if (!draft || draft.customers.length === 0) return;
    let current = true;
    api.call('instances:validate', { instance: draft }).then(
      ({ problems }) => current && setAnswer({ key: instanceKey, problems }),
      // A check that cannot be made says nothing about the draft; Save still reports whatever is wrong.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [api, draft, instanceKey]);
  if (!draft || draft.customers.length === 0 || answer?.key !== instanceKey) return null;
  return answer.problems;
}
