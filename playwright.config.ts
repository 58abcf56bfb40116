/**
 * Browser end-to-end tests (`npm run test:e2e`, after `npm run build`): Playwright starts the web mode on a free
 * loopback port with a fresh temporary database, and drives Debian's Chromium (/usr/bin/chromium, never
 * downloaded) at 1280 x 800. Traces and screenshots of failures, and the screenshots the tests take of each
 * screen, go to test-results/.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// The config is loaded again in every worker: the first load creates the database folder and hands it on
// through the environment, so the server and the teardown agree on one folder.
process.env.E2E_DB_DIR ??= mkdtempSync(join(tmpdir(), 'jampr-e2e-'));

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '*.test.ts',
  outputDir: 'test-results',
  // One server and one database: files run one after another, tests inside a file in order.
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  globalTeardown: './tests/e2e/support/teardown.ts',
  use: {
    viewport: { width: 1280, height: 800 },
    acceptDownloads: true,
    actionTimeout: 20_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: `node bin/web.mjs --port 0 --db ${JSON.stringify(join(process.env.E2E_DB_DIR, 'e2e.sqlite'))}`,
    // The URL the web mode prints carries its access token; the named group lands in process.env.E2E_URL.
    wait: { stdout: /web mode: (?<e2e_url>http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/ },
    timeout: 120_000,
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5000 },
  },
});
