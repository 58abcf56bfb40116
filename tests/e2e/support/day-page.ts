import { type BrowserContextOptions, expect, type Page, test } from '@playwright/test';
import { type AppSession, openApp } from './browser.js';
import { type CsvFleet, importCsv } from './csv-import.js';

export interface DayPageOptions {
  /** The window's size, set before the import. */
  viewport?: { width: number; height: number };
  /** What only a new browser context sets: a display scaled to 125 % is `{ deviceScaleFactor: 1.25 }`. */
  context?: BrowserContextOptions;
  /** Planned before the tests with the classical solver for `effort` seconds, under `policy` where given (else the default). */
  plan?: { effort: string; policy?: string };
}

export interface FilePageOptions extends Pick<DayPageOptions, 'context'> {
  /** Run on the page once it is open, before the tests. */
  setUp?: (page: Page) => Promise<void>;
  /** Run on the page after the tests, before it is closed (where it was opened). */
  tearDown?: (page: Page) => Promise<void>;
}

/**
 * One page of the app for a file's serial tests, opened before them in a new browser context (map tiles pointed
 * nowhere, so no test waits on the network) and set up as `setUp` says, closed after them.
 */
export function filePage({ context, setUp, tearDown }: FilePageOptions = {}) {
  test.describe.configure({ mode: 'serial' });
  let session: AppSession | undefined;
  test.beforeAll(async ({ browser }) => {
    session = await openApp(browser, { context, unreachableTiles: true });
    await setUp?.(session.page);
  });
  test.afterAll(async () => {
    if (session) await tearDown?.(session.page);
    await session?.close();
  });
  const opened = (): AppSession => {
    if (!session) throw new Error('the app page is opened before the tests (beforeAll)');
    return session;
  };
  return {
    get session(): AppSession {
      return opened();
    },
    get page(): Page {
      return opened().page;
    },
    byTest: (id: string) => opened().page.getByTestId(id),
  };
}

/**
 * One page of the app for a file's serial tests (filePage), opened before them with `csv` imported as `fileName` with
 * `fleet`, planned where `plan` says.
 */
export function dayPage(fileName: string, csv: string, fleet: CsvFleet, { viewport, context, plan }: DayPageOptions = {}) {
  return filePage({
    context,
    async setUp(page) {
      if (viewport) await page.setViewportSize(viewport);
      await importCsv(page, fileName, csv, fleet);
      if (!plan) return;
      if (plan.policy) await page.getByTestId('policy-name').selectOption(plan.policy);
      await page.getByTestId('method').selectOption('classical');
      await page.getByTestId('method-effort').fill(plan.effort);
      await page.getByTestId('plan-button').click();
      // Attached, not visible: in a small window the plan's figures may lie below the fold.
      await expect(page.getByTestId('plan-meta')).toBeAttached({ timeout: 60_000 });
    },
  });
}
