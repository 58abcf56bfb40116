/**
 * Window hardening beyond the BrowserWindow options: no navigation away from our page, no new windows, no
 * webviews, no permission prompts, and no remote code. Remote images stay allowed: the map's tiles.
 */
import { app, session } from 'electron';
import { isRendererUrl, type RendererLocation } from './renderer-location.js';

export function hardenContents(where: RendererLocation): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event, url) => {
      if (!isRendererUrl(url, where)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.webRequest.onBeforeRequest(
    { urls: ['http://*/*', 'https://*/*', 'ws://*/*', 'wss://*/*'] },
    (details, callback) => {
      const devServer = where.devServerUrl !== undefined && isRendererUrl(details.url, where);
      callback({ cancel: !(devServer || details.resourceType === 'image') });
    },
  );
}
