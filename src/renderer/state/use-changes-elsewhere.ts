/**
 * What another window or tab changed, heard as it happens ('data:changed', src/shared/api-changes.ts): the lists on
 * screen (history, plans, models and training runs) are read afresh, the history by the days changed since only
 * (queries.ts), and the day or plan on screen, deleted there, is
 * marked so (the workspace keeps it, and any unsaved edits, until the dispatcher keeps it as a new one or opens
 * another). A run started there is listed at once. A day saved there reaches the workspace through the history list
 * it reads (use-saved-elsewhere.ts): shown where nothing here is unsaved (or every edit is undone), else said, with an
 * offer to load it. This window's own changes updated its lists already.
 */
import { useEffect } from 'react';
import { useApi, useApiEvent } from '../hooks/use-api.js';
import { asErrorData } from '../hooks/use-notices.js';
import { rememberDays, rememberPlans } from './known-names.js';
import { useStoredDataChanged } from './queries.js';
import type { Workspace } from './use-workspace.js';

export function useChangesElsewhere(ws: Workspace): void {
  const api = useApi();
  const changed = useStoredDataChanged();
  const { stored, plan, markDeletedElsewhere, markPlanDeletedElsewhere } = ws;

  useApiEvent('data:changed', ({ change, by }) => {
    if (by === api.windowId) return;
    switch (change.what) {
      case 'instance-deleted':
        if (stored?.id === change.id) markDeletedElsewhere(change.id);
        void changed.instanceDeleted(change.id);
        return;
      case 'plan-deleted':
        if (plan?.id === change.id) markPlanDeletedElsewhere(change.id);
        void changed.instances();
        return;
      case 'models-changed':
      // The run list is read with the models: a run started there is listed here before its first progress.
      case 'training-started':
        void changed.models();
        return;
      default:
        // A day saved, a plan stored or deleted: the history's days, their plan counts and plan lists.
        void changed.instances();
    }
  });
  // Events sent while this tab's stream was down (the web mode's server restarted, the network gone) never arrive: once
  // it is back (use-connection-notice.ts reads every list afresh), the day and plan on screen are looked up, and one
  // deleted meanwhile is said so as if it had been heard. 'conflict': stored once, gone now (a failed read says nothing).
  useApiEvent('connection', ({ connected }) => {
    if (!connected || !stored) return;
    const { id } = stored;
    const shownPlan = plan?.instanceId === id ? plan.id : null;
    void api.call('instances:get', { id }).then(
      () => {
        if (shownPlan === null) return;
        void api.call('plans:get', { id: shownPlan }).catch((err: unknown) => {
          if (asErrorData(err).kind === 'conflict') markPlanDeletedElsewhere(shownPlan);
        });
      },
      (err: unknown) => {
        if (asErrorData(err).kind === 'conflict') markDeletedElsewhere(id);
      },
    );
  });
  // A run that ended may have added a model, wherever it was started.
  useApiEvent('training:finished', () => void changed.models());

  // The day and plan on screen are known by their names too, should a refusal name them by id (known-names.ts).
  useEffect(() => {
    if (stored) rememberDays([{ id: stored.id, name: stored.instance.name }]);
  }, [stored]);
  useEffect(() => {
    if (plan) rememberPlans([plan]);
  }, [plan]);
}
