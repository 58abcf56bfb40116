import type { ServerResponse } from 'node:http';
import type { EventName } from '../../shared/api.js';
import type { Emit } from '../services/context.js';

const HEARTBEAT_MS = 20_000;
/** Open event streams at most: a few tabs need a few; each one holds a socket and a file descriptor. */
export const MAX_EVENT_STREAMS = 64;

/** Server-sent events: every connected browser tab gets every event. */
export function createEventHub() {
  const clients = new Set<ServerResponse>();
  const heartbeat = setInterval(() => {
    for (const res of clients) res.write(': keep-alive\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();

  const emit: Emit = (event: EventName, payload) => {
    const frame = `event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`;
    for (const res of clients) res.write(frame);
  };

  return {
    emit,
    /** Turns a response into an event stream until the browser goes away; false when too many are open. */
    attach(res: ServerResponse): boolean {
      if (clients.size >= MAX_EVENT_STREAMS) return false;
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
      });
      res.write('retry: 2000\n\n');
      clients.add(res);
      res.on('close', () => clients.delete(res));
      return true;
    },
    close(): void {
      clearInterval(heartbeat);
      for (const res of clients) res.end();
      clients.clear();
    },
  };
}

export type EventHub = ReturnType<typeof createEventHub>;
