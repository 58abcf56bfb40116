#!/usr/bin/env node
// End-to-end UI tests: starts the web mode (the built renderer in out/renderer, a temporary database, a free
// loopback port), then runs tests/e2e/*.test.ts with node:test; they drive Debian's Chromium through
// playwright-core. Builds nothing and downloads nothing: run `npm run build` first, install the `chromium` package.
// Usage: node bin/e2e.mjs [test files...]    Screenshots and the server log go to test-results/.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const chromium = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium';
const artifacts = join(root, 'test-results');
const SERVER_START_MS = 120_000;

function fail(message) {
  console.error(`e2e: ${message}`);
  process.exit(2);
}

if (!existsSync(join(root, 'out/renderer/index.html'))) fail('out/renderer/index.html is missing: run `npm run build` first');
if (!existsSync(chromium)) fail(`${chromium} is missing: install Debian's browser (apt-get install -y chromium); it is never downloaded`);

/** A port the OS reports free on the loopback interface. */
function freePort() {
  return new Promise((res, rej) => {
    const probe = createServer();
    probe.once('error', rej);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => res(port));
    });
  });
}

/** Resolves with the first http://127.0.0.1 URL the server prints, or rejects if it exits or takes too long. */
function waitForUrl(server, log) {
  return new Promise((res, rej) => {
    let seen = '';
    const timer = setTimeout(() => rej(new Error(`the web mode printed no URL within ${SERVER_START_MS / 1000} s`)), SERVER_START_MS);
    const onData = (chunk) => {
      log.write(chunk);
      seen += chunk.toString();
      const match = /https?:\/\/(?:127\.0\.0\.1|localhost):\d+\S*/.exec(seen);
      if (match) {
        clearTimeout(timer);
        res(match[0]);
      }
    };
    server.stdout.on('data', onData);
    server.stderr.on('data', (chunk) => log.write(chunk));
    server.once('exit', (code) => {
      clearTimeout(timer);
      rej(new Error(`the web mode exited with code ${code} before printing its URL (see test-results/web-server.log)`));
    });
  });
}

function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((res) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(force);
      res();
    });
    child.kill('SIGTERM');
  });
}

const tests = process.argv.slice(2).length
  ? process.argv.slice(2)
  : readdirSync(join(root, 'tests/e2e'))
      .filter((f) => f.endsWith('.test.ts'))
      .sort()
      .map((f) => join('tests/e2e', f));

mkdirSync(artifacts, { recursive: true });
const tmp = mkdtempSync(join(tmpdir(), 'jampr-e2e-'));
const port = await freePort();
const log = createWriteStream(join(artifacts, 'web-server.log'));
const server = spawn(process.execPath, [join(root, 'bin/web.mjs'), '--port', String(port), '--db', join(tmp, 'e2e.sqlite')], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'pipe'],
});

let code = 1;
try {
  const url = await waitForUrl(server, log);
  console.log(`e2e: web mode at ${url.replace(/token=[^&\s]+/, 'token=…')}`);
  const runner = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...tests], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, E2E_URL: url, E2E_CHROMIUM: chromium, E2E_ARTIFACTS: artifacts },
  });
  code = await new Promise((res) => runner.once('exit', (c, signal) => res(c ?? (signal ? 1 : 0))));
} catch (err) {
  console.error(`e2e: ${err.message}`);
} finally {
  await stop(server);
  log.end();
  rmSync(tmp, { recursive: true, force: true });
}
process.exit(code);
