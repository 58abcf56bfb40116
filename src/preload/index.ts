/**
 * The preload exposes exactly the contract and nothing else: `window.api = { call, on }` (a Bridge), with
 * call and event names checked against api.ts. Sandboxed, so it is bundled as one CommonJS file.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { CALL_NAMES, EVENT_NAMES, type Bridge, type CallResult, newWindowId } from '../shared/api.js';

const calls = new Set<string>(CALL_NAMES);
const events = new Set<string>(EVENT_NAMES);

const windowId = newWindowId();

const bridge: Bridge = {
  windowId,
  call(name, request) {
    if (!calls.has(name)) {
      return Promise.resolve({ ok: false, error: { kind: 'input', message: `unknown call ${String(name)}` } });
    }
    return ipcRenderer.invoke(name, request, windowId) as Promise<CallResult<never>>;
  },
  on(event, listener) {
    if (!events.has(event)) throw new Error(`unknown event ${String(event)}`);
    const handler = (_e: IpcRendererEvent, payload: Parameters<typeof listener>[0]) => listener(payload);
    ipcRenderer.on(event, handler);
    return () => void ipcRenderer.removeListener(event, handler);
  },
};

contextBridge.exposeInMainWorld('api', bridge);
