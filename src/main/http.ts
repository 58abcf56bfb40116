/**
 * The web mode's server: the same calls as the desktop app over HTTP (POST /api/<call>, a CallResult as JSON)
 * and its events as server-sent events (GET /api/events), plus the built renderer. Bound to 127.0.0.1 only;
 * every call needs this start's random token, a loopback Host header and, if it has an Origin, our own.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CallResult } from '../shared/api.js';
import { inputError } from '../shared/errors.js';
import { announcesTooLarge, BodyTooLarge, readBody } from './http/body.js';
import type { EventHub } from './http/events.js';
import { hostIsLoopback, originAllowed, presentedToken, sameToken } from './http/guard.js';
import { serveRenderer } from './http/static.js';
import type { Services } from './services/registry.js';

export const LISTEN_HOST = '127.0.0.1';
/** How long a closing server waits for the answers still being computed before it drops their connections. */
const DRAIN_MS = 10_000;

export interface WebServerOptions {
  services: Services;
  hub: EventHub;
  token: string;
  /** The built renderer (out/renderer); null serves the API only. */
  rendererDir: string | null;
}

/** A URL path decoded, or null when it holds a malformed %-escape. */
function decodePath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

export function createWebServer({ services, hub, token, rendererDir }: WebServerOptions) {
  let closing = false;
  /** While closing, every answer also closes its connection, so the server is not kept open by idle ones. */
  const head = (res: ServerResponse, status: number, headers: Record<string, string>) =>
    res.writeHead(status, closing ? { ...headers, Connection: 'close' } : headers);
  const text = (res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) =>
    void head(res, status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers }).end(`${message}\n`);
  const result = (res: ServerResponse, status: number, value: CallResult<unknown>) =>
    void head(res, status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }).end(JSON.stringify(value));
  /** 413 and the connection closed after it: the rest of the body is never read. */
  const tooLarge = (req: IncomingMessage, res: ServerResponse) => {
    res.once('finish', () => req.destroy());
    text(res, 413, `refused: ${new BodyTooLarge().message}`, { Connection: 'close' });
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!hostIsLoopback(req.headers.host))
      return text(res, 403, 'refused: this server only answers requests addressed to 127.0.0.1 or localhost');
    if (!originAllowed(req)) return text(res, 403, 'refused: cross-origin request');
    const url = new URL(req.url ?? '/', `http://${LISTEN_HOST}`);
    const path = decodePath(url.pathname);
    if (path === null) return text(res, 400, `malformed URL: ${url.pathname.slice(0, 200)} has a broken %-escape`);

    if (!url.pathname.startsWith('/api/')) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return text(res, 405, 'method not allowed');
      if (!rendererDir) return text(res, 404, 'this server was started without a renderer');
      const served = await serveRenderer(res, rendererDir, path);
      if (!served) text(res, 404, path === '/' ? 'the renderer is not built: run `npm run build`' : 'not found');
      return;
    }
    if (!sameToken(presentedToken(req, url), token))
      return text(res, 401, 'missing or wrong access token: open the URL printed when the web mode started');
    if (url.pathname === '/api/events') {
      if (req.method !== 'GET') return text(res, 405, 'use GET for /api/events');
      if (!hub.attach(res)) text(res, 503, 'refused: too many event streams are open; close other tabs of this app');
      return;
    }
    if (req.method !== 'POST') return text(res, 405, 'calls are POST requests');
    if (announcesTooLarge(req)) return tooLarge(req, res);
    let request: unknown;
    try {
      const body = await readBody(req);
      request = body.length ? JSON.parse(body) : {};
    } catch (err) {
      if (err instanceof BodyTooLarge) return tooLarge(req, res);
      return result(res, 400, { ok: false, error: inputError(`unreadable request body: ${(err as Error).message}`).toData() });
    }
    // A tab closed (or reloaded) before its answer drops the connection: the plan it waited for is cancelled.
    const gone = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) gone.abort();
    });
    return result(res, 200, await services.dispatch(path.slice('/api/'.length), request, { gone: gone.signal }));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) text(res, 500, `internal error: ${(err as Error).message}`);
      else res.end();
    });
  });

  return {
    server,
    /** Listens on 127.0.0.1 (port 0: any free port); resolves with the base URL. */
    listen(requestedPort: number): Promise<string> {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(requestedPort, LISTEN_HOST, () => {
          server.off('error', reject);
          resolve(`http://${LISTEN_HOST}:${(server.address() as AddressInfo).port}`);
        });
      });
    },
    /**
     * Stops accepting connections and ends the event streams, but lets every call in progress answer (a
     * plan cancelled by the shutdown answers 'cancelled') before the connections close.
     */
    close(): Promise<void> {
      closing = true;
      hub.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const force = setTimeout(() => server.closeAllConnections(), DRAIN_MS);
      return closed.finally(() => clearTimeout(force));
    },
  };
}
