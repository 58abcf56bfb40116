/**
 * Reloading or closing the page while a plan runs would cancel it (the web mode's server cancels the run of a page
 * that goes: http.ts): the browser asks first, as it does for unsaved edits, and staying keeps the run going.
 */
import { expect, type Page, test } from '@playwright/test';
import { type AppSession, openApp } from './support/browser.js';
import { CITY_DAY_CSV, UNREACHABLE_TILES } from './support/fixtures.js';
import { importCsv } from './support/csv-import.js';

test.describe.configure({ mode: 'serial' });

let session: AppSession;
let page: Page;
const byTest = (id: string) => page.getByTestId(id);

test.beforeAll(async ({ browser }) => {
  session = await openApp(browser);
  page = session.page;
  await page.evaluate(`localStorage.setItem('jampr.tileUrl', ${JSON.stringify(UNREACHABLE_TILES)})`);
  await importCsv(page, 'leaving.csv', CITY_DAY_CSV, { vehicles: 3, capacity: 30, speedKmh: 25 });
});
test.afterAll(async () => {
  await session?.close();
});

/** Reloads the page and says which dialog the browser showed first (dismissed: the page stays), or none. */
async function reloadAsked(): Promise<string | null> {
  const dialog = page.waitForEvent('dialog', { timeout: 5_000 }).then(
    async (d) => {
      const type = d.type();
      await d.dismiss();
      return type;
    },
    () => null,
  );
  // Not awaited: a reload the dialog stopped never loads.
  void page.evaluate('location.reload()').catch(() => undefined);
  return dialog;
}

test('a reload while a plan runs asks first; staying keeps the plan running', async () => {
  await byTest('method').selectOption('classical');
  await byTest('method-effort').fill('60');
  await byTest('plan-button').click();
  await expect(byTest('plan-progress')).toBeVisible();
  expect(await reloadAsked()).toBe('beforeunload');
  await expect(byTest('plan-progress')).toBeVisible();
  await byTest('cancel-plan').click();
  await expect(byTest('plan-progress')).toHaveCount(0, { timeout: 30_000 });
});

test('with no plan running and nothing unsaved a reload asks nothing', async () => {
  const reloaded = page.waitForEvent('load');
  expect(await reloadAsked()).toBeNull();
  await reloaded;
});
