/**
 * A planning or comparison run in main's worker: progress from 'plan:progress' events, cancel via plans:cancel.
 * The overlay only appears after a short delay so instant plans do not flash a progress bar.
 */
import { useCallback, useRef, useState } from 'react';
import { useApi, useApiEvent } from './use-api.js';
import { useRunner } from './use-notices.js';

export interface JobState {
  label: string;
  fraction: number;
  message: string;
  /** True once the run has lasted long enough to deserve a progress bar. */
  visible: boolean;
}

const SHOW_AFTER_MS = 250;

export function usePlanJob() {
  const api = useApi();
  const run = useRunner();
  const [job, setJob] = useState<JobState | null>(null);
  const active = useRef(false);

  useApiEvent('plan:progress', ({ fraction, message }) => {
    if (active.current) setJob((j) => (j ? { ...j, fraction, message } : j));
  });

  const start = useCallback(
    async <T>(label: string, fn: () => Promise<T>): Promise<T | undefined> => {
      active.current = true;
      setJob({ label, fraction: 0, message: 'Starting…', visible: false });
      const timer = setTimeout(() => setJob((j) => (j ? { ...j, visible: true } : j)), SHOW_AFTER_MS);
      try {
        return await run(label, fn);
      } finally {
        clearTimeout(timer);
        active.current = false;
        setJob(null);
      }
    },
    [run],
  );

  const cancel = useCallback(async () => {
    setJob((j) => (j ? { ...j, message: 'Cancelling…' } : j));
    await run('Cancel', () => api.call('plans:cancel', {}));
  }, [api, run]);

  return { job, start, cancel };
}
