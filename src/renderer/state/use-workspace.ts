/**
 * The dispatcher's workspace: the instance being edited (a draft beside the stored copy), the selected customer,
 * the plan on screen and any hand edits of it. One hook so the map, the table and the plan panel stay in sync.
 */
import { useCallback, useMemo, useState } from 'react';
import type { StoredInstance, StoredPlan } from '../../shared/api.js';
import type { Evaluation, Instance, Routes } from '../../shared/domain.js';
import { useApi } from '../hooks/use-api.js';
import { useRunner } from '../hooks/use-notices.js';
import { useStoredDataChanged } from './queries.js';

export interface PlanEdit {
  routes: Routes;
  /** The check-mode score of `routes`; null while it is being computed. */
  evaluation: Evaluation | null;
}

export function useWorkspace() {
  const api = useApi();
  const run = useRunner();
  const [stored, setStored] = useState<StoredInstance | null>(null);
  const [draft, setDraft] = useState<Instance | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [plan, setPlanState] = useState<StoredPlan | null>(null);
  const [edit, setEdit] = useState<PlanEdit | null>(null);
  const [saveErrors, setSaveErrors] = useState<string[]>([]);
  const { instances: storedChanged } = useStoredDataChanged();

  const show = useCallback((record: StoredInstance) => {
    setStored(record);
    setDraft(record.instance);
    setSelected(null);
    setSaveErrors([]);
  }, []);

  const setPlan = useCallback((next: StoredPlan | null) => {
    setPlanState(next);
    setEdit(null);
  }, []);

  const open = useCallback(
    async (id: number) => {
      const record = await run('Open instance', () => api.call('instances:get', { id }));
      if (!record) return;
      show(record);
      setPlan(null);
    },
    [api, run, show, setPlan],
  );

  const openPlan = useCallback(
    async (instanceId: number, planId: number) => {
      const [record, loaded] = (await run('Open plan', () =>
        Promise.all([api.call('instances:get', { id: instanceId }), api.call('plans:get', { id: planId })]),
      )) ?? [null, null];
      if (!record || !loaded) return;
      show(record);
      setPlan(loaded);
    },
    [api, run, show, setPlan],
  );

  const startNew = useCallback(
    (instance: Instance) => {
      setStored(null);
      setDraft(instance);
      setSelected(null);
      setSaveErrors([]);
      setPlan(null);
    },
    [setPlan],
  );

  /** Stores the draft; validation problems are kept for the table's inline messages and nothing is lost. */
  const save = useCallback(async (): Promise<StoredInstance | undefined> => {
    if (!draft) return undefined;
    const record = await run(
      'Save instance',
      () => api.call('instances:save', { id: stored?.id, instance: draft }),
      (err) => setSaveErrors(err.details ?? [err.message]),
    );
    if (!record) return undefined;
    setStored(record);
    setDraft(record.instance);
    setSaveErrors([]);
    await storedChanged();
    return record;
  }, [api, run, draft, stored, storedChanged]);

  const dirty = useMemo(() => draft !== null && draft !== stored?.instance, [draft, stored]);

  return {
    stored,
    draft,
    setDraft,
    dirty,
    save,
    open,
    openPlan,
    startNew,
    show,
    saveErrors,
    selected,
    setSelected,
    plan,
    setPlan,
    edit,
    setEdit,
  };
}

export type Workspace = ReturnType<typeof useWorkspace>;
