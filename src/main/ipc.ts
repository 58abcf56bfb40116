/**
 * The contract over Electron IPC: one `ipcMain.handle` per call in CALLS, answering with a CallResult. Only
 * our own window's top frame, showing our renderer (the packaged file or the dev server), is answered.
 */
import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { CALL_NAMES, type CallResult, windowIdSchema } from '../shared/api.js';
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
  const waiting = callsWaiting();
  for (const name of CALL_NAMES) {
    // The preload sends its window id after the request (api-changes.ts): the changes the call makes are announced as its.
    ipcMain.handle(name, async (event, request: unknown, windowId: unknown) => {
      if (!trusted(event)) return refusal;
      const gone = waiting.start(event.sender);
      const caller = windowIdSchema.safeParse(windowId).data;
      try {
        return await services.handlers[name](request, { gone: gone.signal, window: caller });
      } finally {
        waiting.end(event.sender, gone);
      }
    });
  }
}

/**
 * The calls each window waits on, so that a window closed before its answers abandons them (the plan it waited for
 * is cancelled: macOS keeps the app running without windows). One 'destroyed' listener per window, not per call.
 */
function callsWaiting() {
  const byWindow = new WeakMap<WebContents, Set<AbortController>>();
  return {
    start(sender: WebContents): AbortController {
      let calls = byWindow.get(sender);
      if (!calls) {
        const mine = new Set<AbortController>();
        sender.once('destroyed', () => {
          for (const call of mine) call.abort();
        });
        byWindow.set(sender, mine);
        calls = mine;
      }
      const call = new AbortController();
      calls.add(call);
      return call;
    },
    end(sender: WebContents, call: AbortController): void {
      byWindow.get(sender)?.delete(call);
    },
  };
}
