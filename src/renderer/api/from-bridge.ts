import type { Api, Bridge } from '../../shared/api.js';
import { fromErrorData } from '../../shared/errors.js';

/** The renderer's Api over any Bridge: a failed call rejects with an AppError that keeps its kind. */
export function apiFromBridge(bridge: Bridge): Api {
  return {
    windowId: bridge.windowId,
    async call(name, request) {
      const result = await bridge.call(name, request);
      if (result.ok) return result.value;
      throw fromErrorData(result.error);
    },
    on: (event, listener) => bridge.on(event, listener),
  };
}
