/** Where our renderer page lives; the IPC sender check and the navigation guard both ask `isRendererUrl`. */
export interface RendererLocation {
  /** file:// URL of the built renderer's index.html. */
  fileUrl: string;
  /** electron-vite's dev server (ELECTRON_RENDERER_URL), in development only. */
  devServerUrl?: string;
}

/** Is this URL our renderer page (the built file, or the dev server's origin) and nothing else? */
export function isRendererUrl(url: string, where: RendererLocation): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === 'file:') return `${parsed.protocol}//${parsed.host}${parsed.pathname}` === where.fileUrl;
  return where.devServerUrl !== undefined && parsed.origin === new URL(where.devServerUrl).origin;
}
