import { readFile } from 'node:fs/promises';
import { rendererFile, rendererHeaders } from './http/static.js';
import { RENDERER_HOST } from './renderer-location.js';

/**
 * The desktop app serves its built renderer through a custom protocol (app://renderer/…) instead of file://,
 * so the page has an origin of its own, no file:// privileges and the same Content-Security-Policy header as
 * the web mode. Electron calls this from protocol.handle; it is a plain function so it is tested without Electron.
 * Only our host is answered, and only files inside the renderer folder.
 */
export async function rendererResponse(url: string, rendererDir: string): Promise<Response> {
  const notFound = () => new Response('not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return notFound();
  }
  if (parsed.host !== RENDERER_HOST) return notFound();
  let decoded: string;
  try {
    decoded = decodeURIComponent(parsed.pathname);
  } catch {
    return notFound();
  }
  const path = rendererFile(rendererDir, decoded);
  if (!path) return notFound();
  try {
    return new Response(new Uint8Array(await readFile(path)), { status: 200, headers: rendererHeaders(path) });
  } catch {
    return notFound();
  }
}
