import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

export const TOKEN_META = 'jampr-token';

/** The page learns the token from a meta tag (works under any script CSP the page sets). */
export const injectToken = (html: string, token: string): string =>
  html.replace(/<head([^>]*)>/i, `<head$1><meta name="${TOKEN_META}" content="${token}">`);

/**
 * Serves the built renderer. The index page gets the token injected and sets it as a cookie so the page's
 * own asset requests pass the token check. Returns false when the file is not there.
 */
export async function serveRenderer(
  res: ServerResponse,
  rendererDir: string,
  pathname: string,
  token: { value: string; cookie: string },
): Promise<boolean> {
  const relative = pathname === '/' ? 'index.html' : decodeURIComponent(pathname.slice(1));
  const path = normalize(join(rendererDir, relative));
  if (!path.startsWith(normalize(rendererDir) + sep)) return false;
  let body: Buffer;
  try {
    body = await readFile(path);
  } catch {
    return false;
  }
  const type = TYPES[extname(path)] ?? 'application/octet-stream';
  const headers: Record<string, string> = { 'Content-Type': type, 'X-Content-Type-Options': 'nosniff' };
  if (relative === 'index.html') {
    headers['Cache-Control'] = 'no-store';
    headers['Set-Cookie'] = `${token.cookie}=${token.value}; HttpOnly; SameSite=Strict; Path=/`;
    res.writeHead(200, headers).end(injectToken(body.toString('utf8'), token.value));
    return true;
  }
  res.writeHead(200, headers).end(body);
  return true;
}
