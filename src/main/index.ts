/// <reference types="electron-vite/node" />
/**
 * The desktop app's main process, as a table of contents: open the store, start the ML worker, answer the
 * contract over IPC, open the window. Everything else lives in the modules these calls name.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { app, BrowserWindow, dialog, protocol } from 'electron';
import createMlWorker from './ml-worker?nodeWorker';
import { setupIpc } from './ipc.js';
import { RENDERER_PAGE, RENDERER_SCHEME, type RendererLocation } from './renderer-location.js';
import { rendererResponse } from './renderer-protocol.js';
import { hardenContents } from './security.js';
import { setupServices, setupStore, setupWorker } from './setup.js';
import { sqliteAddonFor } from './store/native-binding.js';
import { DB_FILE } from './store/paths.js';
import type { AppError } from '../shared/errors.js';
import { type AppStop, appStop } from './app-stop.js';
import type { Services } from './services/registry.js';
import type { Store } from './store/index.js';

const RENDERER_DIR = join(import.meta.dirname, '../renderer');
const PRELOAD = join(import.meta.dirname, '../preload/index.cjs');
const renderer: RendererLocation = { devServerUrl: app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL };

// The built renderer comes from app://renderer (renderer-protocol.ts): a standard, secure scheme of its own,
// registered before the app is ready as Electron requires.
protocol.registerSchemesAsPrivileged([{ scheme: RENDERER_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);

let window: BrowserWindow | null = null;
let store: Store | null = null;
let services: Services | null = null;

/** `--db PATH` chooses the database; the default is the user's data folder. */
function dbPath(): string {
  const { values } = parseArgs({ args: process.argv.slice(1), options: { db: { type: 'string' } }, strict: false });
  return typeof values.db === 'string' ? values.db : join(app.getPath('userData'), DB_FILE);
}

function createWindow(): void {
  window = new BrowserWindow({
    width: 1400,
    height: 900,
    // Below this the three columns (customers, map, plan) leave the map too narrow to work on (styles/base.css).
    minWidth: 1100,
    minHeight: 640,
    title: 'JAMPR Dispatch',
    webPreferences: { preload: PRELOAD, contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true },
  });
  window.on('closed', () => (window = null));
  // The page asks before unsaved edits go (beforeunload). Electron shows no question of its own: a prevented unload
  // would keep the window open without a word, so the question is asked here, and "Leave" lets the page go.
  window.webContents.on('will-prevent-unload', (event) => {
    const answer = dialog.showMessageBoxSync({
      type: 'question',
      buttons: ['Leave', 'Stay'],
      defaultId: 1,
      cancelId: 1,
      title: 'JAMPR Dispatch',
      message: 'Leave this page? Edits that are not saved will be lost.',
    });
    if (answer === 0) event.preventDefault();
  });
  if (renderer.devServerUrl) void window.loadURL(renderer.devServerUrl);
  else void window.loadURL(RENDERER_PAGE);
}

async function start(): Promise<void> {
  const root = app.getAppPath();
  const path = dbPath();
  store = setupStore(path, join(root, 'resources', 'models'), { nativeBinding: sqliteAddonFor(root) });
  const worker = setupWorker(createMlWorker);
  services = setupServices(store, worker, (event, payload) => window?.webContents.send(event, payload), {
    version: app.getVersion(),
    transport: 'ipc',
  });
  protocol.handle(RENDERER_SCHEME, (request) => rendererResponse(request.url, RENDERER_DIR));
  setupIpc(services, () => window?.webContents ?? null, renderer);
  hardenContents(renderer);
  // What the start has to say of the database (a log set aside, a rescued copy) the page shows from app:info.
  createWindow();
}

app
  .whenReady()
  .then(start)
  .catch((err: unknown) => {
    dialog.showErrorBox('JAMPR Dispatch cannot start', err instanceof Error ? err.message : String(err));
    app.quit();
  });
app.on('activate', () => {
  if (services && BrowserWindow.getAllWindows().length === 0) createWindow();
});
app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
// The first quit stops in order, as the web mode's first SIGTERM; a second one while that goes on (a training run's step
// under way) quits at once, as a second SIGTERM does: the same stop (app-stop.ts).
let stopper: AppStop | null = null;
let quitting = false;
app.on('before-quit', (event) => {
  if (quitting || !services || !store) return;
  event.preventDefault();
  stopper ??= appStop(services, store);
  // A database file deleted or replaced since the last call is noticed here: the dialog says where its contents went.
  const closed = (lost: AppError | null) => {
    quitting = true;
    if (lost) dialog.showErrorBox('JAMPR Dispatch', lost.message);
    app.quit();
  };
  if (stopper.stopping) {
    void stopper.force().then(closed);
    return;
  }
  void stopper.stop().then((lost) => lost !== 'forced' && closed(lost));
});
