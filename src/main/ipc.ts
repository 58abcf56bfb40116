/**
 * The contract over Electron IPC: one `ipcMain.handle` per call in CALLS, answering with a CallResult. Only
 * our own window's top frame, showing our renderer (the packaged file or the dev server), is answered.
 */
import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { CALL_NAMES, type CallResult } from '../shared/api.js';
import { AppError } from '../shared/errors.js';
import { isRendererUrl, type RendererLocation } from './renderer-location.js';
import type { Services } from './services/registry.js';

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
