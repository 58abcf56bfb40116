/**
 * Web mode: the app's services over HTTP + server-sent events on 127.0.0.1, for a browser instead of the
 * Electron window. Started by `npm run web` (bin/web.mjs); prints the URL to open, with its access token.
 *   --port N    listen on port N (0 or none: the last start's port where it is free, else any free port)
 *   --db PATH   the SQLite file (default: the per-user data folder, e.g. ~/.local/share/jampr-dispatch/jampr.sqlite)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppError } from '../shared/errors.js';
import { optionalNumberFlag, parseFlags } from '../cli/args.js';
import { sendAgain, type StopSignal, signalStatus } from '../cli/interrupt.js';
import { appStop } from './app-stop.js';
import { createWebServer } from './http.js';
import { createEventHub } from './http/events.js';
import { setupServices, setupStore, setupWorker } from './setup.js';
import { startNotes } from './start-notices.js';
import { defaultDbPath } from './store/paths.js';
import { readWebSession, webSessionPath, writeWebSession } from './web-session.js';
import { launchSourceWorker } from './worker-source.js';

const root = (relative: string) => fileURLToPath(new URL(`../../${relative}`, import.meta.url));

const USAGE = 'usage: npm run web -- [--port N] [--db PATH]';

/**
 * The command line, read by the rules `jampr` reads its own by (cli/args.ts): an unknown option, an argument too many,
 * a flag given twice or a value out of range is one line with the usage, not a stack trace or the last flag winning.
 */
function options() {
  const flags = { port: { type: 'string' }, db: { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const;
  let values: { port?: string; db?: string; help?: boolean };
  let port: number | null;
  try {
    ({ values } = parseFlags('web', process.argv.slice(2), flags, 0, 'npm run web'));
    port = optionalNumberFlag(values, 'port', { min: 0, max: 65535, integer: true }) ?? null;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    console.error(`error: ${err.message}\n${USAGE}`);
    process.exit(1);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  return { port, dbPath: values.db ?? defaultDbPath() };
}

/**
 * A checkout that never built the renderer builds it once, after the command line is read: `--help` or a mistyped
 * option answers at once rather than after a minute's build.
 */
function buildRendererOnce(): void {
  if (existsSync(root('out/renderer/index.html'))) return;
  console.log('building the renderer first (npx electron-vite build)...');
  const build = spawnSync('npx', ['electron-vite', 'build'], { cwd: root('.'), stdio: 'inherit' });
  if (build.status !== 0) console.warn('the build failed: starting with the API only');
}

async function main(): Promise<void> {
  const { port, dbPath } = options();
  buildRendererOnce();
  const version = (JSON.parse(readFileSync(root('package.json'), 'utf8')) as { version: string }).version;
  // The folder and the file are made where missing: a mistyped path opens a new, empty database, which is said.
  const created = !existsSync(dbPath);
  const store = setupStore(dbPath, root('resources/models'));
  if (created) console.log(`created a new database at ${resolve(dbPath)}`);
  for (const note of startNotes(store)) console.warn(`note: ${note}`);
  const worker = setupWorker(launchSourceWorker);
  const hub = createEventHub();
  const services = setupServices(store, worker, hub.emit, { version, transport: 'http' });
  const rendererDir = root('out/renderer');
  // The last start's link where it can be had again: the tabs still open on it carry on, unsaved edits included.
  const sessionFile = webSessionPath(dbPath);
  const last = readWebSession(sessionFile);
  const token = last.token;
  const web = createWebServer({ services, hub, token, rendererDir: existsSync(rendererDir) ? rendererDir : null });
  const url = await listen(web, port, last.port);
  writeWebSession(sessionFile, { port: Number(new URL(url).port), token });
  if (!existsSync(rendererDir)) console.warn('the renderer is not built (npm run build): only the API is served');
  console.log(`JAMPR Dispatch web mode: ${url}/?token=${token}`);
  console.log(`database: ${dbPath}`);

  // The first SIGTERM or Ctrl-C stops in order; a second one while that goes on quits at once (app-stop.ts).
  const stopper = appStop(services, store);
  let closing: Promise<void> | null = null;
  const stop = async (signal: StopSignal) => {
    if (stopper.stopping) return quitNow(signal);
    // Calls in progress still get their answer: the server drains while the shutdown cancels their plans. A training run
    // is stopped as Cancel stops it, not judged after the signal, and what becomes of it is said at once.
    closing = web.close();
    const lost = await stopper.stop((line) => console.error(`stopping: ${line} (${sendAgain(signal)} to quit at once)`));
    if (lost === 'forced') return;
    await closing;
    // A database file deleted or replaced since the last call is noticed here, and where its contents went is said.
    if (lost) console.error(`error: ${lost.message}`);
    process.exit(lost ? 1 : 0);
  };
  let quitting = false;
  const quitNow = async (signal: StopSignal) => {
    if (quitting) return;
    quitting = true;
    const lost = await stopper.force();
    console.error(
      `stopped at once by a second ${signal}: the database is closed; a training run under way keeps its last complete checkpoint and is recorded as interrupted at the next start`,
    );
    if (lost) console.error(`error: ${lost.message}`);
    process.exit(signalStatus(signal));
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/**
 * On --port N, or else (none, or 0: "any free port") the last start's port where it is free, so that a restart keeps
 * the link the open tabs use, or else any free port.
 */
async function listen(web: ReturnType<typeof createWebServer>, port: number | null, lastPort: number | null): Promise<string> {
  if ((port === null || port === 0) && lastPort !== null) {
    try {
      return await web.listen(lastPort);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
      // Said, so that a dispatcher knows why a tab left open on the old link no longer reaches the app.
      console.warn(
        `note: port ${lastPort} of the last start is in use by another program, so the link changed: tabs still open on the old link cannot reach this server (open the new one)`,
      );
    }
  }
  return web.listen(port ?? 0).catch((err: NodeJS.ErrnoException) => {
    throw err.code === 'EADDRINUSE'
      ? new AppError('input', `port ${port} is already in use: choose another with --port, or leave it out for any free port`)
      : err;
  });
}

main().catch((err: unknown) => {
  console.error(err instanceof AppError ? `error: ${err.message}` : err);
  process.exit(1);
});
