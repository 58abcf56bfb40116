import { type BrowserContextOptions, type Page, test } from '@playwright/test';
import { type AppSession, openApp } from './browser.js';
import { importCsv } from './csv-import.js';
import { CITY_DAY_CSV } from './fixtures.js';

export interface CityDayOptions {
  /** The window's size, set before the import. */
  viewport?: { width: number; height: number };
  /** What only a new browser context sets: a display scaled to 125 % is `{ deviceScaleFactor: 1.25 }`. */
  context?: BrowserContextOptions;
  /** Another day to import in the same form (the city day with other ids, say). */
  csv?: string;
}

/**
 * One page of the app for a file's serial tests, opened before them with the fixtures' city day imported as
 * `fileName` (3 vans of 30 at 25 km/h; map tiles pointed nowhere, so no test waits on the network), closed after them.
 */
export function cityDayPage(fileName: string, { viewport, context, csv = CITY_DAY_CSV }: CityDayOptions = {}) {
  test.describe.configure({ mode: 'serial' });
  let session: AppSession | undefined;
  test.beforeAll(async ({ browser }) => {
    session = await openApp(browser, { context, unreachableTiles: true });
    if (viewport) await session.page.setViewportSize(viewport);
    await importCsv(session.page, fileName, csv, { vehicles: 3, capacity: 30, speedKmh: 25 });
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
