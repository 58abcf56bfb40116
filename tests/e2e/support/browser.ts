/**
 * One browser page shared by the ordered steps of a test file (the dispatcher's day builds on what came before),
 * opened on the web mode that playwright.config.ts started. Page errors are collected so a file can assert the UI
 * never crashed; `screenshot` keeps a picture of each screen in test-results/screens/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContextOptions, type Page, test } from '@playwright/test';

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

/** Opens the app in a new browser context; `options` set what only a new context can (a display's scale). */
export async function openApp(browser: Browser, options: BrowserContextOptions = {}): Promise<AppSession> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !EXPECTED_NOISE.some((re) => re.test(msg.text()))) errors.push(`console: ${msg.text()}`);
  });
  await page.goto(appUrl());
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
