/**
 * The training run on screen (started here or still running from before) and the model list. Progress and the
 * learning curve come from 'training:progress' events; the run's end from 'training:finished'.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ModelInfo, TrainingRequest, TrainingRun } from '../../shared/api.js';
import { useApi, useApiEvent } from '../hooks/use-api.js';
import { useNotices, useRunner } from '../hooks/use-notices.js';

export function useTraining() {
  const api = useApi();
  const run = useRunner();
  const { report } = useNotices();
  const [current, setCurrent] = useState<TrainingRun | null>(null);
  const [fraction, setFraction] = useState(0);
  const [models, setModels] = useState<ModelInfo[]>([]);
  const [starting, setStarting] = useState(false);

  const refreshModels = useCallback(async () => {
    const list = await run('Load models', () => api.call('models:list', {}));
    if (list) setModels(list);
  }, [api, run]);

  useEffect(() => {
    void refreshModels();
    void run('Load training runs', () => api.call('training:list', {})).then((runs) => {
      const running = runs?.find((r) => r.status === 'running');
      if (running) setCurrent(running);
    });
  }, [api, run, refreshModels]);

  useApiEvent('training:progress', ({ runId, point, fraction: f }) => {
    setCurrent((c) => (c && c.id === runId ? { ...c, points: [...c.points, point] } : c));
    setFraction(f);
  });
  useApiEvent('training:finished', ({ run: finished }) => {
    setCurrent((c) => (c && c.id === finished.id ? finished : c));
    if (finished.status === 'done') setFraction(1);
    if (finished.status === 'failed') report('Training', { kind: 'model', message: finished.error ?? 'training failed' });
    void refreshModels();
  });

  const start = useCallback(
    async (request: TrainingRequest) => {
      setStarting(true);
      setFraction(0);
      const started = await run('Start training', () => api.call('training:start', request));
      setStarting(false);
      if (started) setCurrent(started);
    },
    [api, run],
  );

  const cancel = useCallback(async () => {
    if (!current) return;
    const stopped = await run('Cancel training', () => api.call('training:cancel', { id: current.id }));
    if (stopped) setCurrent(stopped);
  }, [api, run, current]);

  const activate = useCallback(
    async (id: number) => {
      if (await run('Activate model', () => api.call('models:activate', { id }))) await refreshModels();
    },
    [api, run, refreshModels],
  );

  return { current, fraction, models, starting, start, cancel, activate };
}
