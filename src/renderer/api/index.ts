/**
 * Picks the transport once, at start-up: the Electron preload's bridge when it is there, else HTTP to the web
 * mode server that served this page (its token comes in a meta tag, or the URL's ?token=).
 */
import type { Api, Bridge } from '../../shared/api.js';
import { apiFromBridge } from './from-bridge.js';
import { httpBridge } from './http-bridge.js';

declare global {
  interface Window {
    /** Set by the Electron preload only. */
    api?: Bridge;
  }
}

function webToken(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="jampr-token"]')?.content;
  return meta || new URLSearchParams(location.search).get('token') || '';
}

export const transport: 'ipc' | 'http' = window.api ? 'ipc' : 'http';
export const api: Api = apiFromBridge(window.api ?? httpBridge(webToken()));
