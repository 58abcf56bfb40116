/**
 * The web mode's server: the same calls as the desktop app over HTTP (POST /api/<call>, a CallResult as JSON)
 * and its events as server-sent events (GET /api/events), plus the built renderer. Bound to 127.0.0.1 only;
 * every request needs this start's random token, a loopback Host header and, if it has an Origin, our own.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CallResult } from '../shared/api.js';
import { inputError } from '../shared/errors.js';
import type { EventHub } from './http/events.js';
import { hostIsLoopback, originAllowed, presentedToken, sameToken, tokenCookie } from './http/guard.js';
import { serveRenderer } from './http/static.js';
import type { Services } from './services/registry.js';

const MAX_BODY_BYTES = 64 * 1024 * 1024;
export const LISTEN_HOST = '127.0.0.1';

export interface WebServerOptions {
  services: Services;
  hub: EventHub;
  token: string;
  /** The built renderer (out/renderer); null serves the API only. */
  rendererDir: string | null;
}

export function createWebServer({ services, hub, token, rendererDir }: WebServerOptions) {
  let port = 0;

  const text = (res: ServerResponse, status: number, message: string) =>
    void res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`${message}\n`);
  const result = (res: ServerResponse, status: number, value: CallResult<unknown>) =>
    void res
      .writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' })
      .end(JSON.stringify(value));

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!hostIsLoopback(req.headers.host))
      return text(res, 403, 'refused: this server only answers requests addressed to 127.0.0.1 or localhost');
    if (!originAllowed(req)) return text(res, 403, 'refused: cross-origin request');
    const url = new URL(req.url ?? '/', `http://${LISTEN_HOST}`);
    const api = url.pathname.startsWith('/api/');
    // The cookie only opens the page and its assets; calls need the header or query token, which a
    // cross-site form cannot send.
    const given = presentedToken(req, url, api ? null : tokenCookie(port));
    if (!sameToken(given, token)) return text(res, 401, 'missing or wrong access token: open the URL printed when the web mode started');

    if (url.pathname === '/api/events') {
      if (req.method !== 'GET') return text(res, 405, 'use GET for /api/events');
      return hub.attach(res);
    }
    if (api) {
      if (req.method !== 'POST') return text(res, 405, 'calls are POST requests');
      const name = decodeURIComponent(url.pathname.slice('/api/'.length));
      let request: unknown;
      try {
        const body = await readBody(req);
        request = body.length ? JSON.parse(body) : {};
      } catch (err) {
        return result(res, 400, { ok: false, error: inputError(`unreadable request body: ${(err as Error).message}`).toData() });
      }
      return result(res, 200, await services.dispatch(name, request));
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return text(res, 405, 'method not allowed');
    if (!rendererDir) return text(res, 404, 'this server was started without a renderer');
    const served = await serveRenderer(res, rendererDir, url.pathname, { value: token, cookie: tokenCookie(port) });
    if (!served) text(res, 404, url.pathname === '/' ? 'the renderer is not built: run `npm run build`' : 'not found');
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
          port = (server.address() as AddressInfo).port;
          resolve(`http://${LISTEN_HOST}:${port}`);
        });
      });
    },
    close(): Promise<void> {
      hub.close();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error(`larger than ${MAX_BODY_BYTES / 1024 / 1024} MiB`));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
