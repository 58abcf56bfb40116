/**
 * Picks the transport once, at start-up: the Electron preload's bridge when it is there, else HTTP to the web
 * mode server that served this page (its token comes from the page's address: see web-token.ts).
 */
import type { Api, Bridge } from '../../shared/api.js';
import { apiFromBridge } from './from-bridge.js';
import { httpBridge } from './http-bridge.js';
import { takeWebToken } from './web-token.js';

declare global {
  interface Window {
    /** Set by the Electron preload only. */
    api?: Bridge;
  }
}

export const transport: 'ipc' | 'http' = window.api ? 'ipc' : 'http';
export const api: Api = apiFromBridge(window.api ?? httpBridge(takeWebToken({ location, history, storage: sessionStorage })));
