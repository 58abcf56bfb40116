/**
 * Opens the app (web mode, started by bin/e2e.mjs) in Debian's Chromium through playwright-core: a fresh, empty
 * user-data dir, no sandbox, no GPU, no background network; the browser is never downloaded. Page errors are
 * collected so a test can assert the UI never crashed.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const APP_URL = required('E2E_URL');
export const ARTIFACTS = process.env.E2E_ARTIFACTS ?? 'test-results';

const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the e2e tests through "node bin/e2e.mjs"`);
  return value;
}

export interface AppSession {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and console errors seen so far. */
  errors: string[];
  screenshot(name: string): Promise<string>;
  close(): Promise<void>;
}

/** Console noise that is expected offline and says nothing about the app (map tiles, favicon). */
const EXPECTED_NOISE = [/Failed to load resource/i, /favicon/i, /tile\.openstreetmap/i];

export async function openApp(): Promise<AppSession> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'jampr-e2e-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: { width: 1600, height: 940 },
    acceptDownloads: true,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(20_000);
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !EXPECTED_NOISE.some((re) => re.test(msg.text()))) errors.push(`console: ${msg.text()}`);
  });
  await page.goto(APP_URL);
  mkdirSync(ARTIFACTS, { recursive: true });
  return {
    context,
    page,
    errors,
    async screenshot(name) {
      const path = join(ARTIFACTS, `${name}.png`);
      await page.screenshot({ path });
      return path;
    },
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Drops a file on the window the way a file manager would (a real DataTransfer carrying a File). The script is
 * text because it runs in the page, whose DOM types this Node-side project does not compile against.
 */
export async function dropFile(page: Page, fileName: string, text: string): Promise<void> {
  const script = `(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([${JSON.stringify(text)}], ${JSON.stringify(fileName)}, { type: 'text/csv' }));
    for (const type of ['dragover', 'drop']) {
      window.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }
  })()`;
  await page.evaluate(script);
}
