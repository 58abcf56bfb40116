/**
 * The Training tab's state: every stored run (so past runs and their curves are there after a restart), the one
 * on screen (the one just started, else the one picked, else the newest), and the model list. Progress and the
 * learning curve come from 'training:progress' events; the run's end from 'training:finished'.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ModelInfo, TrainingRequest } from '../../shared/api.js';
import { useApi, useApiEvent } from '../hooks/use-api.js';
import { useNotices, useRunner } from '../hooks/use-notices.js';
import { useModelList, useStoredDataChanged, useTrainingRunCache, useTrainingRuns } from '../state/queries.js';
import { runFraction } from './run-fraction.js';

export function useTraining() {
  const api = useApi();
  const run = useRunner();
  const { report } = useNotices();
  const models = useModelList();
  const runs = useTrainingRuns() ?? [];
  const cache = useTrainingRunCache();
  const changed = useStoredDataChanged();
  const [shownId, setShownId] = useState<number | null>(null);
  const [fraction, setFraction] = useState(0);
  const [starting, setStarting] = useState(false);
  // Between Start and the server's answer the new run is not listed yet: nothing of the run shown before (its verdict, its
  // curve) stays on screen meanwhile, as if it were the new run's.
  const current = starting ? null : (runs.find((r) => r.id === shownId) ?? runs[0] ?? null);
  const running = current?.status === 'running';
  // The clock moves the bar between a running run's events (runFraction).
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  const shownFraction = runFraction(current, fraction, now);

  // The events below are heard only while the Training tab is open: a run that moved on or ended while another tab
  // was shown is read afresh each time it opens, so it never stays "running" after its end.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per opening of the tab
  useEffect(() => {
    void changed.models();
  }, []);

  useApiEvent('training:progress', ({ runId, point, fraction: f, phase: doing }) => {
    // The phase is kept with the run, as the service keeps it (TrainingRun.phase): a window that opens mid-run reads it there.
    cache.progress(runId, point, doing);
    // A run started in another window: its entry is read, and it takes the screen unless a run is shown live here.
    const startedElsewhere = !runs.some((r) => r.id === runId);
    if (startedElsewhere) void changed.models();
    if (startedElsewhere && current?.status !== 'running') setShownId(runId);
    else if (runId !== current?.id) return;
    setFraction(f);
  });
  // Announced at its start (use-changes-elsewhere.ts reads the list afresh): it takes the screen, as above.
  useApiEvent('data:changed', ({ change, by }) => {
    if (change.what === 'training-started' && by !== api.windowId && current?.status !== 'running') setShownId(change.id);
  });
  useApiEvent('training:finished', ({ run: finished }) => {
    cache.put(finished);
    if (finished.id === current?.id && finished.status === 'done') setFraction(1);
    if (finished.status === 'failed') report('Training', { kind: 'model', message: finished.error ?? 'training failed' });
    // The model list is read afresh by every window, open on Training or not (use-changes-elsewhere.ts).
  });

  const start = useCallback(
    async (request: TrainingRequest) => {
      setStarting(true);
      setFraction(0);
      const started = await run('Start training', () => api.call('training:start', request));
      setStarting(false);
      // Refused (a run started in another window, a day deleted there): the lists are read afresh.
      if (!started) {
        void changed.models();
        void changed.instances();
        return;
      }
      cache.put(started);
      setShownId(started.id);
    },
    [api, run, cache, changed],
  );

  // A cancel returns once the run has stopped and its model was judged on the held-out days (seconds): until then
  // the view says it is stopping, and Cancel cannot be pressed again.
  const [cancelling, setCancelling] = useState(false);
  const cancel = useCallback(async () => {
    if (!current) return;
    setCancelling(true);
    const stopped = await run('Cancel training', () => api.call('training:cancel', { id: current.id }));
    setCancelling(false);
    if (stopped) cache.put(stopped);
  }, [api, run, current, cache]);

  const activate = useCallback(
    async (id: number) => {
      if (await run('Activate model', () => api.call('models:activate', { id }))) await changed.models();
    },
    [api, run, changed],
  );

  const automatic = useCallback(
    async (model: ModelInfo) => {
      const request = { method: model.card.method, variant: model.card.variant };
      if (await run('Automatic model choice', () => api.call('models:automatic', request))) await changed.models();
    },
    [api, run, changed],
  );

  const remove = useCallback(
    async (model: ModelInfo) => {
      if (await run('Delete model', () => api.call('models:delete', { id: model.id }))) await changed.models();
    },
    [api, run, changed],
  );

  const shownPhase = current?.status === 'running' ? (current.phase ?? null) : null;
  return {
    runs,
    current,
    fraction: shownFraction,
    phase: shownPhase,
    models,
    starting,
    start,
    cancel,
    cancelling,
    activate,
    automatic,
    remove,
    show: setShownId,
  };
}
