/**
 * The web mode's server: the same calls as the desktop app over HTTP (POST /api/<call>, a CallResult as JSON)
 * and its events as server-sent events (GET /api/events), plus the built renderer. Bound to 127.0.0.1 only;
 * every call needs this start's random token, a loopback Host header and, if it has an Origin, our own.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CALL_NAMES, type CallResult, isCallName, WINDOW_ID_HEADER, windowIdSchema } from '../shared/api.js';
import { AppError, type ErrorKind, inputError } from '../shared/errors.js';
import { announcesTooLarge, BodyNotUtf8, BodyTooLarge, contentTypeRefusal, readBody } from './http/body.js';
import type { EventHub } from './http/events.js';
import { hostIsLoopback, originAllowed, presentedToken, sameToken } from './http/guard.js';
import { serveRenderer } from './http/static.js';
import type { Services } from './services/registry.js';

export const LISTEN_HOST = '127.0.0.1';

/**
 * The HTTP status of a call's answer: 200 with its value, else by the error's kind (the body says the rest), so that
 * a script can tell a refused request from the server's own failure without reading the body.
 */
const STATUS_OF_KIND: Record<ErrorKind, number> = {
  input: 400,
  model: 422,
  conflict: 409,
  busy: 429,
  cancelled: 409,
  // Nobody cancelled it: the server is going away, and the same request may succeed once it runs again.
  unavailable: 503,
  storage: 500,
  internal: 500,
};
export const statusOf = (kind: ErrorKind): number => STATUS_OF_KIND[kind];

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
  const json = (res: ServerResponse, status: number, value: CallResult<unknown>, headers: Record<string, string> = {}) =>
    void head(res, status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers }).end(
      JSON.stringify(value),
    );
  /** A call's answer: 200 with its value, else the status of its error's kind. */
  const result = (res: ServerResponse, value: CallResult<unknown>) => json(res, value.ok ? 200 : statusOf(value.error.kind), value);
  /** A request the API refuses before any call runs: JSON like every API answer, with the status that says why. */
  const refuse = (res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) =>
    json(res, status, { ok: false, error: inputError(message).toData() }, headers);
  /** 413 and the connection closed after it: the rest of the body is never read. */
  const tooLarge = (req: IncomingMessage, res: ServerResponse) => {
    res.once('finish', () => req.destroy());
    refuse(res, 413, `refused: ${new BodyTooLarge().message}`, { Connection: 'close' });
  };

  /**
   * A request that arrives once the server is closing runs nothing: 503 (the same request may succeed once the server
   * runs again) and the connection closed after it. Its body is read first, so that the close does not reset the
   * connection under the answer.
   */
  const stopping = (req: IncomingMessage, res: ServerResponse, api: boolean) => {
    const message = 'the server is stopping: nothing was done; send this again once the server runs again';
    req.once('end', () =>
      api ? json(res, 503, { ok: false, error: new AppError('unavailable', message).toData() }) : text(res, 503, message),
    );
    req.resume();
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', `http://${LISTEN_HOST}`);
    // The API answers in JSON, refusals included; the pages in plain text.
    const api = url.pathname.startsWith('/api/');
    if (closing) return stopping(req, res, api);
    const no = (status: number, message: string) => (api ? refuse(res, status, message) : text(res, status, message));
    if (!hostIsLoopback(req.headers.host)) return no(403, 'refused: this server only answers requests addressed to 127.0.0.1 or localhost');
    if (!originAllowed(req)) return no(403, 'refused: cross-origin request');
    const path = decodePath(url.pathname);
    if (path === null) return no(400, `malformed URL: ${url.pathname.slice(0, 200)} has a broken %-escape`);

    if (!api) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return text(res, 405, 'method not allowed');
      if (!rendererDir) return text(res, 404, 'this server was started without a renderer');
      const served = await serveRenderer(res, rendererDir, path);
      if (!served) text(res, 404, path === '/' ? 'the renderer is not built: run `npm run build`' : 'not found');
      return;
    }
    if (!sameToken(presentedToken(req, url), token))
      return refuse(res, 401, 'missing or wrong access token: open the URL printed when the web mode started');
    if (url.pathname === '/api/events') {
      if (req.method !== 'GET') return refuse(res, 405, 'use GET for /api/events', { Allow: 'GET' });
      if (!hub.attach(res)) refuse(res, 503, 'refused: too many event streams are open; close other tabs of this app');
      return;
    }
    const name = path.slice('/api/'.length);
    if (!isCallName(name)) return refuse(res, 404, `unknown call ${name}: the calls are ${CALL_NAMES.join(', ')}`);
    if (req.method !== 'POST') return refuse(res, 405, 'calls are POST requests', { Allow: 'POST' });
    // Which tab calls, so that the changes it makes are announced as its own (api-changes.ts); a script may send none.
    const windowId = req.headers[WINDOW_ID_HEADER.toLowerCase()];
    if (windowId !== undefined && !windowIdSchema.safeParse(windowId).success)
      return refuse(res, 400, `refused: the ${WINDOW_ID_HEADER} header must be 1 to 64 letters, digits or dashes`);
    if (announcesTooLarge(req)) return tooLarge(req, res);
    const unreadable = contentTypeRefusal(req);
    if (unreadable) return refuse(res, 415, `refused: ${unreadable}`);
    let request: unknown;
    try {
      const body = await readBody(req);
      request = body.length ? JSON.parse(body) : {};
    } catch (err) {
      if (err instanceof BodyTooLarge) return tooLarge(req, res);
      if (err instanceof BodyNotUtf8) return refuse(res, 400, `refused: ${err.message}`);
      return refuse(res, 400, `unreadable request body: ${(err as Error).message}`);
    }
    // A tab closed (or reloaded) before its answer drops the connection: the plan it waited for is cancelled.
    const gone = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) gone.abort();
    });
    return result(res, await services.dispatch(name, request, { gone: gone.signal, window: windowId as string | undefined }));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) result(res, { ok: false, error: { kind: 'internal', message: `internal error: ${(err as Error).message}` } });
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
     * plan stopped by the shutdown answers 'unavailable', 503) before the connections close.
     */
    async close(): Promise<void> {
      closing = true;
      hub.close();
      // server.close() drops the idle kept-alive connections at once, and with them a call a client has just sent on one
      // that the server has not read yet: the client would see its connection closed instead of an answer. So the
      // server first reads what has arrived (the event loop polls the sockets once more: two turns), answering it 503.
      await new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const force = setTimeout(() => server.closeAllConnections(), DRAIN_MS);
      return closed.finally(() => clearTimeout(force));
    },
  };
}
