import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * Who may talk to the web mode: requests addressed to a loopback name (a DNS-rebinding page sends its own
 * host name), from no other origin, carrying this start's token.
 */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export const TOKEN_HEADER = 'x-jampr-token';

export function hostIsLoopback(host: string | undefined): boolean {
  if (!host) return false;
  const name = host.replace(/:\d+$/, '').toLowerCase();
  return LOOPBACK_HOSTS.has(name);
}

/** A browser sends Origin on cross-site requests; anything but our own loopback origin is refused. */
export function originAllowed(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' && url.host === req.headers.host && hostIsLoopback(url.host);
  } catch {
    return false;
  }
}

export function sameToken(given: string | null | undefined, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The token from the header or, for EventSource which cannot set headers, the query. Never from a cookie:
 * cookies are not scoped by port, so every other server on this machine would receive it.
 */
export function presentedToken(req: IncomingMessage, url: URL): string | null {
  const header = req.headers[TOKEN_HEADER];
  if (typeof header === 'string') return header;
  return url.searchParams.get('token');
}
