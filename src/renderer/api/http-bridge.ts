import { type ApiEvents, type Bridge, type CallResult, type EventName, newWindowId, WINDOW_ID_HEADER } from '../../shared/api.js';

/**
 * The web mode's Bridge: calls are POST /api/<name> with the start's token in a header; events come from one
 * shared EventSource (token in the query, as EventSource cannot set headers), opened on the first listener.
 */
export function httpBridge(token: string, base = ''): Bridge {
  let source: EventSource | null = null;
  // The stream's state as the 'connection' event reports it: a loss once, and the recovery once (EventSource retries).
  const connection = new Set<(payload: ApiEvents['connection']) => void>();
  let lost = false;
  const tell = (connected: boolean) => {
    if (lost === !connected) return;
    lost = !connected;
    for (const listener of connection) listener({ connected });
  };
  const events = () => {
    if (!source) {
      source = new EventSource(`${base}/api/events?token=${encodeURIComponent(token)}`);
      source.addEventListener('error', () => tell(false));
      source.addEventListener('open', () => tell(true));
    }
    return source;
  };

  const windowId = newWindowId();

  return {
    windowId,
    async call(name, request) {
      let response: Response;
      try {
        response = await fetch(`${base}/api/${encodeURIComponent(name)}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Jampr-Token': token, [WINDOW_ID_HEADER]: windowId },
          body: JSON.stringify(request),
        });
      } catch (err) {
        return { ok: false, error: { kind: 'internal', message: `the web mode server cannot be reached: ${(err as Error).message}` } };
      }
      const text = await response.text();
      if (response.headers.get('Content-Type')?.startsWith('application/json')) return JSON.parse(text) as CallResult<never>;
      return { ok: false, error: { kind: 'internal', message: `HTTP ${response.status}: ${text.trim()}` } };
    },
    on<E extends EventName>(event: E, listener: (payload: ApiEvents[E]) => void) {
      if (event === 'connection') {
        const watch = listener as (payload: ApiEvents['connection']) => void;
        connection.add(watch);
        events();
        return () => connection.delete(watch);
      }
      const handler = (e: MessageEvent<string>) => listener(JSON.parse(e.data) as ApiEvents[E]);
      events().addEventListener(event, handler);
      return () => events().removeEventListener(event, handler);
    },
  };
}
