/**
 * Lists read from main (saved instances, their plans, models, training runs) live in one query cache: every
 * screen that shows a list reads it from here, and whatever changes stored data marks the affected lists stale
 * (`useStoredDataChanged`), so they reload wherever they are on screen; the history by the days changed since only
 * (`instances:changes`, src/shared/history-changes.ts). Failures reach the error banner through
 * the cache's onError (set up in app.tsx), under the action named in `meta`.
 */
import { focusManager, QueryClient, QueryCache, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { InstanceSummary, LearningPoint, ModelInfo, PlanSummary, TrainingRun } from '../../shared/api.js';
import { useApi } from '../hooks/use-api.js';
import { applyHistoryChanges } from '../../shared/history-changes.js';
import { rememberDays, rememberPlans } from './known-names.js';

const keys = {
  instances: ['instances'] as const,
  plans: (instanceId: number) => ['plans', instanceId] as const,
  models: ['models'] as const,
  trainingRuns: ['training-runs'] as const,
};

/**
 * The app's cache: it is kept until this window changes the data, and read afresh when the window gets the focus
 * back, since another window (a second browser tab on the web mode) may have saved, planned or deleted meanwhile.
 * Nothing retries on its own.
 */
export function createQueryClient(report: (action: string, err: unknown) => void): QueryClient {
  // The library listens for the tab becoming visible only; a window beside another one gets the focus instead.
  // It refetches on a change from unfocused to focused, so leaving the window counts too.
  focusManager.setEventListener((onFocus) => {
    const focused = () => onFocus(true);
    const left = () => onFocus(false);
    const visible = () => onFocus(document.visibilityState === 'visible');
    window.addEventListener('focus', focused);
    window.addEventListener('blur', left);
    document.addEventListener('visibilitychange', visible);
    return () => {
      window.removeEventListener('focus', focused);
      window.removeEventListener('blur', left);
      document.removeEventListener('visibilitychange', visible);
    };
  });
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (err, query) => {
        // The plans of a day deleted meanwhile: a read started before the delete (the focus coming back from the
        // delete's question reads every list again) answers after it. The day has left the history; nothing failed.
        const [list, instanceId] = query.queryKey;
        const instances = client.getQueryData<History>(keys.instances)?.list;
        if (list === 'plans' && instances && !instances.some((i) => i.id === instanceId)) return;
        report(String(query.meta?.action ?? 'Load'), err);
      },
    }),
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: 'always', staleTime: Number.POSITIVE_INFINITY } },
  });
  return client;
}

const NONE: never[] = [];

/**
 * The history as this window holds it: the list and the store's change it is at (`instances:changes`); null: read it
 * whole next time (at first, and after the connection to the server was lost).
 */
interface History {
  seq: number | null;
  list: InstanceSummary[];
}

/**
 * The saved instances, the last saved first; `loaded` is false until the first answer, `failed` where they could not
 * be read (the banner says why), so none are not claimed. Read whole once; every later read (a change here or in
 * another window, the focus coming back) asks for the days changed since and puts them in their place.
 */
export function useInstanceList(): { list: InstanceSummary[]; loaded: boolean; failed: boolean } {
  const api = useApi();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: keys.instances,
    queryFn: async (): Promise<History> => {
      const since = client.getQueryData<History>(keys.instances)?.seq ?? undefined;
      const changes = await api.call('instances:changes', since === undefined ? {} : { since });
      // Their names outlive them: a refusal naming one deleted since by its id says its name (known-names.ts).
      rememberDays(changes.days);
      // Onto the list as it is now: a day deleted here meanwhile has left it already.
      const now = client.getQueryData<History>(keys.instances)?.list ?? NONE;
      return { seq: changes.seq, list: applyHistoryChanges(now, changes) };
    },
    meta: { action: 'Load history' },
  });
  return { list: query.data?.list ?? NONE, loaded: query.isSuccess, failed: query.isError && query.data === undefined };
}

/** The plans of one instance; null while loading. */
export function usePlanList(instanceId: number): PlanSummary[] | null {
  const api = useApi();
  const query = useQuery({
    queryKey: keys.plans(instanceId),
    queryFn: () => api.call('plans:list', { instanceId }).then(rememberPlans),
    meta: { action: 'Load plans' },
  });
  return query.data ?? null;
}

export function useModelList(): ModelInfo[] {
  const api = useApi();
  const query = useQuery({ queryKey: keys.models, queryFn: () => api.call('models:list', {}), meta: { action: 'Load models' } });
  return query.data ?? NONE;
}

/** Every training run stored, newest first as main lists them; null while loading. */
export function useTrainingRuns(): TrainingRun[] | null {
  const api = useApi();
  const query = useQuery({
    queryKey: keys.trainingRuns,
    queryFn: () => api.call('training:list', {}),
    meta: { action: 'Load training runs' },
  });
  return query.data ?? null;
}

/** Marks lists stale after a change: instances and plans (saves, plans, deletions) or models and runs (training). */
export function useStoredDataChanged() {
  const client = useQueryClient();
  return {
    instances: useCallback(async () => {
      await Promise.all([client.invalidateQueries({ queryKey: keys.instances }), client.invalidateQueries({ queryKey: ['plans'] })]);
    }, [client]),
    /** An instance was deleted: it leaves the history at once, so its plan list is not asked for again. */
    instanceDeleted: useCallback(
      async (id: number) => {
        client.setQueryData<History>(keys.instances, (h) => h && { ...h, list: h.list.filter((i) => i.id !== id) });
        client.removeQueries({ queryKey: keys.plans(id) });
        await client.invalidateQueries({ queryKey: keys.instances });
      },
      [client],
    ),
    /**
     * Every list read afresh, the history whole: changes made while this window heard none (the server gone) may lie
     * beyond what the store keeps, or be another database's. The list on screen stays until the answer replaces it.
     */
    all: useCallback(async () => {
      client.setQueryData<History>(keys.instances, (h) => h && { ...h, seq: null });
      await client.invalidateQueries();
    }, [client]),
    models: useCallback(async () => {
      await Promise.all([client.invalidateQueries({ queryKey: keys.models }), client.invalidateQueries({ queryKey: keys.trainingRuns })]);
    }, [client]),
  };
}

/** Live training news written straight into the cached run list, so the curve grows without reloading it. */
export function useTrainingRunCache() {
  const client = useQueryClient();
  const update = useCallback(
    (change: (runs: TrainingRun[]) => TrainingRun[]) => client.setQueryData<TrainingRun[]>(keys.trainingRuns, (runs) => change(runs ?? [])),
    [client],
  );
  return {
    put: useCallback(
      (run: TrainingRun) => update((runs) => [run, ...runs.filter((r) => r.id !== run.id)].sort((a, b) => b.id - a.id)),
      [update],
    ),
    /** A 'training:progress' event: its point added to the run's curve, its phase the run's (none: training steps). */
    progress: useCallback(
      (runId: number, point: LearningPoint | undefined, phase: string | undefined) =>
        update((runs) =>
          runs.map((r) => {
            if (r.id !== runId) return r;
            const { phase: _, ...rest } = r;
            return { ...rest, points: point ? [...r.points, point] : r.points, ...(phase ? { phase } : {}) };
          }),
        ),
      [update],
    ),
  };
}
