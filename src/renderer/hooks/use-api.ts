/**
 * The renderer reaches main only through the typed `Api` (IPC in Electron, HTTP + SSE in the web mode). It is
 * provided once at the root so components never pick a transport themselves, and tests can hand in their own.
 */
import { createContext, useContext, useEffect, useRef } from 'react';
import type { Api, ApiEvents, EventName } from '../../shared/api.js';

const ApiContext = createContext<Api | null>(null);
export const ApiProvider = ApiContext.Provider;

export function useApi(): Api {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi outside <ApiProvider>');
  return api;
}

/** Subscribes to a main-process event for the component's lifetime; the latest listener is always called. */
export function useApiEvent<E extends EventName>(event: E, listener: (payload: ApiEvents[E]) => void): void {
  const api = useApi();
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    const unsubscribe = api.on(event, (payload) => latest.current(payload));
    return () => unsubscribe();
  }, [api, event]);
}
