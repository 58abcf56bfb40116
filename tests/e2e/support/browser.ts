/**
 * One browser page shared by the ordered steps of a test file (the dispatcher's day builds on what came before),
 * opened on the web mode that playwright.config.ts started. Page errors are collected so a file can assert the UI
 * never crashed; `screenshot` keeps a picture of each screen in test-results/screens/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContextOptions, type Page, test } from '@playwright/test';
import { UNREACHABLE_TILES } from './fixtures.js';

export const SCREENS = join('test-results', 'screens');

export interface AppSession {
  page: Page;
  /** Uncaught page errors and console errors seen so far. */
  errors: string[];
  screenshot(name: string): Promise<string>;
  close(): Promise<void>;
}

/** Console noise that is expected offline and says nothing about the app (map tiles). */
const EXPECTED_NOISE = [/Failed to load resource/i, /tile\.openstreetmap/i];

export function appUrl(): string {
  const url = process.env.E2E_URL;
  if (!url) throw new Error('E2E_URL is not set: run the e2e tests through "npm run test:e2e" (Playwright starts the web mode)');
  return url;
}

export interface OpenAppOptions {
  /** What only a new browser context sets: a display scaled to 125 % is `{ deviceScaleFactor: 1.25 }`. */
  context?: BrowserContextOptions;
  /**
   * Map tiles pointed at a server that refuses connections (UNREACHABLE_TILES), so that a lat/lon map shows its offline
   * background at once and no test waits on the network. Set once the page has loaded (the setting lives in the app's
   * localStorage, which the page before it does not share) and before anything is imported: a map reads it when drawn.
   */
  unreachableTiles?: boolean;
}

/** Opens the app in a new browser context. */
export async function openApp(
  browser: Browser,
  { context: contextOptions = {}, unreachableTiles = false }: OpenAppOptions = {},
): Promise<AppSession> {
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !EXPECTED_NOISE.some((re) => re.test(msg.text()))) errors.push(`console: ${msg.text()}`);
  });
  await page.goto(appUrl());
  if (unreachableTiles) await page.evaluate(`localStorage.setItem('jampr.tileUrl', ${JSON.stringify(UNREACHABLE_TILES)})`);
  mkdirSync(SCREENS, { recursive: true });
  return {
    page,
    errors,
    async screenshot(name) {
      const path = join(SCREENS, `${name}.png`);
      await page.screenshot({ path });
      await test.info().attach(name, { path, contentType: 'image/png' });
      return path;
    },
    close: () => context.close(),
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
