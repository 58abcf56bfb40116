/**
 * A planning or comparison run in main's worker: progress from 'plan:progress' events, cancel via plans:cancel.
 * Each run has its own job id, so a second window or browser tab planning at the same time neither shows this
 * one's progress nor cancels it. The overlay only appears after a short delay so instant plans do not flash a
 * progress bar.
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
  const active = useRef<string | null>(null);

  useApiEvent('plan:progress', ({ fraction, message, jobId }) => {
    if (active.current !== null && jobId === active.current) setJob((j) => (j ? { ...j, fraction, message } : j));
  });

  const start = useCallback(
    async <T>(label: string, fn: (jobId: string) => Promise<T>): Promise<T | undefined> => {
      // Unique enough to tell this page's runs from another page's (randomUUID needs a secure context).
      const jobId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
      active.current = jobId;
      setJob({ label, fraction: 0, message: 'Starting…', visible: false });
      const timer = setTimeout(() => setJob((j) => (j ? { ...j, visible: true } : j)), SHOW_AFTER_MS);
      try {
        return await run(label, () => fn(jobId));
      } finally {
        clearTimeout(timer);
        active.current = null;
        setJob(null);
      }
    },
    [run],
  );

  const cancel = useCallback(async () => {
    const jobId = active.current;
    if (jobId === null) return;
    setJob((j) => (j ? { ...j, message: 'Cancelling…' } : j));
    await run('Cancel', () => api.call('plans:cancel', { jobId }));
  }, [api, run]);

  return { job, start, cancel };
}
