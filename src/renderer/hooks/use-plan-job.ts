/**
 * A planning or comparison run in main's worker: progress from 'plan:progress' events, cancel via plans:cancel.
 * Each run has its own job id, so a second window or browser tab planning at the same time neither shows this
 * one's progress nor cancels it. The overlay only appears after a short delay so instant plans do not flash a
 * progress bar.
 *
 * The progress itself (fraction, message) lives in a small store that only the progress card reads: a state of the
 * app would redraw the whole page (an 800-stop table and map) at every report, slowing the page while it plans.
 */
import { useCallback, useRef, useState, useSyncExternalStore } from 'react';
import { transport } from '../api/index.js';
import { useApi, useApiEvent } from './use-api.js';
import { useLeaveWarning } from './use-leave-warning.js';
import { useNotices, useRunner } from './use-notices.js';
import type { JobProgress } from '../panels/progress-words.js';

export type { JobProgress } from '../panels/progress-words.js';

/** The running job's progress: read by the card that shows it, set by the events. */
export interface ProgressStore {
  get(): JobProgress;
  set(next: JobProgress): void;
  subscribe(listener: () => void): () => void;
}

export interface JobState {
  label: string;
  /** True once the run has lasted long enough to deserve a progress bar. */
  visible: boolean;
  /** A sentence shown with the bar for the whole run (a learned model on a large day takes minutes). */
  notice: string | null;
  progress: ProgressStore;
}

const SHOW_AFTER_MS = 250;

function progressStore(initial: JobProgress): ProgressStore {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The progress of a job, for the component that draws it (it alone redraws at each report). */
export function useJobProgress(job: JobState): JobProgress {
  return useSyncExternalStore(job.progress.subscribe, job.progress.get);
}

export function usePlanJob() {
  const api = useApi();
  const run = useRunner();
  const { dismissAction } = useNotices();
  const [job, setJob] = useState<JobState | null>(null);
  const active = useRef<{ id: string; progress: ProgressStore } | null>(null);

  // The web mode's server cancels a run whose page goes (a reload, a closed tab: http.ts): leaving asks first, as
  // unsaved edits do. Not in Electron, where a prevented unload keeps the window open without a word.
  useLeaveWarning(job !== null && transport === 'http');

  useApiEvent('plan:progress', ({ fraction, message, indeterminate, jobId }) => {
    if (active.current !== null && jobId === active.current.id) active.current.progress.set({ fraction, message, indeterminate });
  });

  const start = useCallback(
    async <T>(label: string, fn: (jobId: string) => Promise<T>, notice: string | null = null): Promise<T | undefined> => {
      // Unique enough to tell this page's runs from another page's (randomUUID needs a secure context).
      // A new run of the same action makes its last failure or cancel old news.
      dismissAction(label);
      const jobId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
      // Nothing measured before the first report: not "0 %".
      const progress = progressStore({ fraction: 0, message: 'Starting…', indeterminate: true });
      active.current = { id: jobId, progress };
      setJob({ label, visible: false, progress, notice });
      const timer = setTimeout(() => setJob((j) => (j ? { ...j, visible: true } : j)), SHOW_AFTER_MS);
      try {
        return await run(label, () => fn(jobId));
      } finally {
        clearTimeout(timer);
        active.current = null;
        setJob(null);
      }
    },
    [run, dismissAction],
  );

  const cancel = useCallback(async () => {
    const current = active.current;
    if (current === null) return;
    current.progress.set({ ...current.progress.get(), message: 'Cancelling…' });
    await run('Cancel', () => api.call('plans:cancel', { jobId: current.id }));
  }, [api, run]);

  return { job, start, cancel };
}
