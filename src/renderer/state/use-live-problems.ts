/**
 * The routing core's problems with the instance being edited, asked after every edit: a due time moved before
 * the ready time shows in its row as soon as the cell is left, not only when Save is pressed, with the same
 * sentence the save would give (times as HH:MM under clock times); so does the warning about a customer no vehicle
 * can reach in its window, which does not stop a save. The last answer for the same instance stays
 * on screen until the next arrives, so rows do not jump while the dispatcher works through the table.
 */
import { useEffect, useState } from 'react';
import type { Instance } from '../../shared/domain.js';
import { useApi } from '../hooks/use-api.js';

/**
 * `instanceKey` tells instances apart (the stored id, or "new"): an answer about another instance is never shown.
 * null while there is nothing to check (no draft, or a new instance without customers yet).
 */
export interface LiveCheck {
  problems: string[];
  warnings: string[];
}

type Answer = { key: string } & LiveCheck;

/**
 * The check shown for `draft`: the last answer, itself (the same object from one drawing to the next, until another
 * answer comes), or null. A new object at every drawing re-ran what depends on it at every drawing: the Plan view's
 * dismissal of a refused save's notice, which drew the page again, for ever (a 1,000-stop day ~30 times a second).
 */
export function shownCheck(answer: Answer | null, draft: Instance | null, instanceKey: string): LiveCheck | null {
  if (!draft || draft.customers.length === 0 || answer?.key !== instanceKey) return null;
  return answer;
}

export function useLiveProblems(draft: Instance | null, instanceKey: string): LiveCheck | null {
  const api = useApi();
  const [answer, setAnswer] = useState<Answer | null>(null);
  useEffect(() => {
    if (!draft || draft.customers.length === 0) return;
    let current = true;
    api.call('instances:validate', { instance: draft }).then(
      ({ problems, warnings }) => current && setAnswer({ key: instanceKey, problems, warnings }),
      // A check that cannot be made says nothing about the draft; Save still reports whatever is wrong.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [api, draft, instanceKey]);
  return shownCheck(answer, draft, instanceKey);
}
