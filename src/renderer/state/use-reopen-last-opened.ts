/**
 * A reload or a restart reopens the instance and plan that were on screen (last-opened.ts keeps which), unless the
 * dispatcher has already started on something else by the time they arrive; one that was deleted since (or belongs to
 * another database) is forgotten quietly.
 */
import { useEffect, useRef } from 'react';
import type { Api, StoredInstance, StoredPlan } from '../../shared/api.js';
import type { Instance } from '../../shared/domain.js';
import { forgetLastOpened, readLastOpened, rememberLastOpened } from './last-opened.js';

interface Shown {
  api: Api;
  stored: StoredInstance | null;
  plan: StoredPlan | null;
  draft: Instance | null;
  show(record: StoredInstance): void;
  setPlan(plan: StoredPlan | null): void;
}

export function useReopenLastOpened({ api, stored, plan, draft, show, setPlan }: Shown): void {
  const started = useRef(false);
  started.current ||= draft !== null;
  const restoreTried = useRef(false);
  useEffect(() => {
    if (restoreTried.current) return;
    restoreTried.current = true;
    const last = readLastOpened(localStorage);
    if (!last) return;
    void (async () => {
      try {
        const record = await api.call('instances:get', { id: last.instanceId });
        if (record.createdAt !== last.createdAt) throw new Error('another instance under that id');
        const loaded = last.planId === null ? null : await api.call('plans:get', { id: last.planId }).catch(() => null);
        if (started.current) return;
        show(record);
        setPlan(loaded?.instanceId === record.id ? loaded : null);
      } catch {
        forgetLastOpened(localStorage);
      }
    })();
  }, [api, show, setPlan]);
  useEffect(() => {
    if (!stored) return;
    rememberLastOpened(
      { instanceId: stored.id, createdAt: stored.createdAt, planId: plan?.instanceId === stored.id ? plan.id : null },
      localStorage,
    );
  }, [stored, plan]);
}
