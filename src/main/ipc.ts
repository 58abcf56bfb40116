/**
 * The contract over Electron IPC: one `ipcMain.handle` per call in CALLS, answering with a CallResult. Only
 * our own window's top frame, showing our renderer (the packaged file or the dev server), is answered.
 */
import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { CALL_NAMES, type CallResult } from '../shared/api.js';
import { AppError } from '../shared/errors.js';
import type { Services } from './services/registry.js';

export interface RendererLocation {
  /** file:// URL of the built renderer's index.html. */
  fileUrl: string;
  /** electron-vite's dev server (ELECTRON_RENDERER_URL), in development only. */
  devServerUrl?: string;
}

/** Is this URL our renderer page (and nothing else that might have been loaded)? */
export function isRendererUrl(url: string, where: RendererLocation): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === 'file:') return `${parsed.origin}${parsed.pathname}` === new URL(where.fileUrl).href.replace(/[?#].*$/, '');
  return where.devServerUrl !== undefined && parsed.origin === new URL(where.devServerUrl).origin;
}

const refusal: CallResult<never> = {
  ok: false,
  error: new AppError('input', 'refused: this request did not come from the JAMPR Dispatch window').toData(),
};

export function setupIpc(services: Services, window: () => WebContents | null, where: RendererLocation): void {
  const trusted = (event: IpcMainInvokeEvent) => {
    const frame = event.senderFrame;
    return event.sender === window() && frame !== null && frame === event.sender.mainFrame && isRendererUrl(frame.url, where);
  };
  for (const name of CALL_NAMES) {
    ipcMain.handle(name, (event, request: unknown) => (trusted(event) ? services.handlers[name](request) : refusal));
  }
}
