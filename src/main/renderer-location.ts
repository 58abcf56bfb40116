/**
 * Where our renderer page lives; the IPC sender check and the navigation guard both ask `isRendererUrl`. The
 * built page is served by the custom protocol of renderer-protocol.ts, never from file://.
 */
export const RENDERER_SCHEME = 'app';
export const RENDERER_HOST = 'renderer';
export const RENDERER_PAGE = `${RENDERER_SCHEME}://${RENDERER_HOST}/index.html`;

export interface RendererLocation {
  /** electron-vite's dev server (ELECTRON_RENDERER_URL), in development only. */
  devServerUrl?: string;
}

/** Is this URL our renderer page (the built page, or the dev server's origin) and nothing else? */
export function isRendererUrl(url: string, where: RendererLocation): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === `${RENDERER_SCHEME}:`) return `${parsed.protocol}//${parsed.host}${parsed.pathname}` === RENDERER_PAGE;
  return where.devServerUrl !== undefined && parsed.origin === new URL(where.devServerUrl).origin;
}
