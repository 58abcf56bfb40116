import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { CONTENT_SECURITY_POLICY } from '../content-security.js';

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

/**
 * A file of the built renderer for a decoded URL path ('/' is index.html), or null when the path leaves the
 * folder. The desktop app's custom protocol resolves its URLs with the same function.
 */
export function rendererFile(rendererDir: string, decodedPath: string): string | null {
  const relative = decodedPath === '/' || decodedPath === '' ? 'index.html' : decodedPath.replace(/^\/+/, '');
  if (relative.includes('\0')) return null;
  const root = normalize(rendererDir);
  const path = normalize(join(root, relative));
  return path.startsWith(root.endsWith(sep) ? root : root + sep) ? path : null;
}

/** The headers every renderer file is served with: its type, no sniffing, and the policy on pages. */
export function rendererHeaders(path: string): Record<string, string> {
  const type = TYPES[extname(path)] ?? 'application/octet-stream';
  const headers: Record<string, string> = { 'Content-Type': type, 'X-Content-Type-Options': 'nosniff' };
  if (extname(path) === '.html') {
    headers['Content-Security-Policy'] = CONTENT_SECURITY_POLICY;
    headers['Cache-Control'] = 'no-store';
  }
  return headers;
}

/**
 * Serves the built renderer. Its files are the app's code and hold no data, so they need no token: the page
 * takes the token from its address (see renderer/api/web-token.ts) and every call carries it. Returns false
 * when the file is not there.
 */
export async function serveRenderer(res: ServerResponse, rendererDir: string, decodedPath: string): Promise<boolean> {
  const path = rendererFile(rendererDir, decodedPath);
  if (!path) return false;
  let body: Buffer;
  try {
    body = await readFile(path);
  } catch {
    return false;
  }
  res.writeHead(200, rendererHeaders(path)).end(body);
  return true;
}
