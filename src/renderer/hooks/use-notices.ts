/**
 * Errors from every async action end up in one visible, dismissible banner. Whatever a transport throws (an
 * AppError, its plain-data form, a network failure) is normalised to {kind, message, details} here.
 */
import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import { type AppErrorData, ERROR_KINDS, type ErrorKind, type MissingRecord } from '../../shared/errors.js';
import { namedAsKnown } from '../state/known-names.js';

export interface Notice extends AppErrorData {
  id: number;
  /** What the user was doing, e.g. "Import CSV". */
  action: string;
  /** The banner's heading where the error's kind would misname it (notice-title.ts). */
  title?: string;
}

export function asErrorData(err: unknown): AppErrorData {
  if (err && typeof err === 'object') {
    const candidate = err as {
      kind?: unknown;
      message?: unknown;
      details?: unknown;
      error?: unknown;
      missing?: MissingRecord;
      warnings?: unknown;
    };
    if (candidate.error && typeof candidate.error === 'object') return asErrorData(candidate.error);
    if (typeof candidate.kind === 'string' && (ERROR_KINDS as readonly string[]).includes(candidate.kind)) {
      const details = Array.isArray(candidate.details) ? candidate.details.map(String) : undefined;
      const message = firstLine(String(candidate.message ?? 'Unknown error'));
      const warnings = Array.isArray(candidate.warnings) ? candidate.warnings.map(String) : [];
      const data: AppErrorData = {
        kind: candidate.kind as ErrorKind,
        message,
        details: details?.length ? details : undefined,
        ...(warnings.length ? { warnings } : {}),
      };
      // A day or plan gone, named by its id: said with the name this window knows it by (known-names.ts).
      return namedAsKnown(candidate.missing ? { ...data, missing: candidate.missing } : data);
    }
  }
  return { kind: 'internal', message: err instanceof Error ? err.message : String(err) };
}

/** AppError's message repeats its details after a newline; the banner lists details itself. */
const firstLine = (message: string) => message.split('\n')[0];

export interface NoticeApi {
  notices: Notice[];
  /** `title`: the banner's heading, where the kind's ("Unexpected error") would misname what happened. */
  report(action: string, err: unknown, title?: string): AppErrorData;
  dismiss(id: number): void;
  /** Removes the notices of one action (of one kind only, where `kind` is given), e.g. a failed save once a save succeeds. */
  dismissAction(action: string, kind?: ErrorKind): void;
  clear(): void;
}

/** How long the confirmation of a cancel stays. */
const CANCELLED_NOTICE_MS = 6000;

/**
 * The notices `keep` keeps: the very list when it keeps them all. A dismissal of nothing (the Plan view dismisses a
 * refused save's notice after every live check that finds no problem) then changes no state and redraws nothing.
 */
export function keptNotices(list: Notice[], keep: (notice: Notice) => boolean): Notice[] {
  const kept = list.filter(keep);
  return kept.length === list.length ? list : kept;
}

const NoticeContext = createContext<NoticeApi | null>(null);
export const NoticeProvider = NoticeContext.Provider;

export function useNoticeState(): NoticeApi {
  const [notices, setNotices] = useState<Notice[]>([]);
  const report = useCallback((action: string, err: unknown, title?: string) => {
    const data = asErrorData(err);
    const id = Date.now() + Math.random();
    // The same failure again replaces its notice rather than stacking a copy.
    setNotices((list) => [
      ...list.filter((n) => !(n.action === action && n.message === data.message)).slice(-4),
      { ...data, action, id, ...(title ? { title } : {}) },
    ]);
    // A cancel is the dispatcher's own doing: its notice confirms it, then goes (it sat over the controls for good).
    if (data.kind === 'cancelled') setTimeout(() => setNotices((list) => list.filter((n) => n.id !== id)), CANCELLED_NOTICE_MS);
    return data;
  }, []);
  const dismiss = useCallback((id: number) => setNotices((list) => keptNotices(list, (n) => n.id !== id)), []);
  const dismissAction = useCallback(
    (action: string, kind?: ErrorKind) =>
      setNotices((list) => keptNotices(list, (n) => n.action !== action || (kind !== undefined && n.kind !== kind))),
    [],
  );
  const clear = useCallback(() => setNotices([]), []);
  return useMemo(() => ({ notices, report, dismiss, dismissAction, clear }), [notices, report, dismiss, dismissAction, clear]);
}

export function useNotices(): NoticeApi {
  const value = useContext(NoticeContext);
  if (!value) throw new Error('useNotices outside <NoticeProvider>');
  return value;
}

/**
 * Runs an async action, reporting any failure to the banner; resolves to undefined on failure so callers can
 * simply `if (!result) return`. `onError` lets a form show the same error inline as well.
 */
export function useRunner() {
  const { report } = useNotices();
  return useCallback(
    async <T>(action: string, fn: () => Promise<T>, onError?: (err: AppErrorData) => void): Promise<T | undefined> => {
      try {
        return await fn();
      } catch (err) {
        const data = report(action, err);
        onError?.(data);
        return undefined;
      }
    },
    [report],
  );
}
