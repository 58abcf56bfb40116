/**
 * Removes the temporary database folder the e2e web server used (created in playwright.config.ts), once the server has
 * stopped: Playwright runs this teardown before it stops the web server, whose close checks its database file (the
 * store's file guard), and a file removed under it is reported as deleted with what the app held lost. So a detached
 * process removes the folder a few seconds later, after this run has ended.
 */
import { spawn } from 'node:child_process';

const AFTER_SERVER_STOPS_MS = 10_000;

export default function teardown(): void {
  const dir = process.env.E2E_DB_DIR;
  if (!dir) return;
  const remove = `setTimeout(() => require('node:fs').rmSync(${JSON.stringify(dir)}, { recursive: true, force: true }), ${AFTER_SERVER_STOPS_MS})`;
  spawn(process.execPath, ['-e', remove], { detached: true, stdio: 'ignore' }).unref();
}
