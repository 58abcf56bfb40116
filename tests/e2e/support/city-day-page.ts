import { type BrowserContextOptions, type Page, test } from '@playwright/test';
import { type AppSession, openApp } from './browser.js';
import { importCsv } from './csv-import.js';
import { CITY_DAY_CSV, UNREACHABLE_TILES } from './fixtures.js';

/**
 * One page of the app for a file's serial tests, opened before them with the fixtures' city day imported as
 * `fileName` (3 vans of 30 at 25 km/h; map tiles pointed nowhere, so no test waits on the network), closed after them.
 * A window size, where given, is set before the import; `context` sets what only a new browser context can (a display
 * scaled to 125 %: `{ deviceScaleFactor: 1.25 }`).
 */
export function cityDayPage(fileName: string, viewport?: { width: number; height: number }, context?: BrowserContextOptions) {
  test.describe.configure({ mode: 'serial' });
  let session: AppSession | undefined;
  test.beforeAll(async ({ browser }) => {
    session = await openApp(browser, context);
    if (viewport) await session.page.setViewportSize(viewport);
    await session.page.evaluate(`localStorage.setItem('jampr.tileUrl', ${JSON.stringify(UNREACHABLE_TILES)})`);
    await importCsv(session.page, fileName, CITY_DAY_CSV, { vehicles: 3, capacity: 30, speedKmh: 25 });
  });
  test.afterAll(async () => {
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
