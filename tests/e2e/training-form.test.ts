/**
 * The Training form over two stored days (the city day twice, imported before the tests): a size typed by hand, and
 * what the form keeps over a look at the Plan view. Steps build on each other in one page.
 */
import { expect, type Page, test } from '@playwright/test';
import { type AppSession, openApp } from './support/browser.js';
import { CITY_DAY_CSV } from './support/fixtures.js';
import { importCsv } from './support/csv-import.js';

test.describe.configure({ mode: 'serial' });

let session: AppSession;
let page: Page;
const byTest = (id: string) => page.getByTestId(id);

test.beforeAll(async ({ browser }) => {
  session = await openApp(browser, { unreachableTiles: true });
  page = session.page;
  for (const name of ['training-form-a.csv', 'training-form-b.csv']) {
    await importCsv(page, name, CITY_DAY_CSV, { vehicles: 3, capacity: 30, speedKmh: 25 });
  }
});
test.afterAll(async () => {
  await session?.close();
});

test('a training size typed by hand stays when days are ticked, even typed as the size offered', async () => {
  await byTest('tab-training').click();
  await expect(byTest('train-size')).toHaveValue('20');
  // Typed over the offered 20 as a person types it, key by key.
  await byTest('train-size').fill('');
  await byTest('train-size').pressSequentially('20');
  await page.locator('[data-testid^="train-instance-"]').first().check();
  await expect(byTest('train-size')).toHaveValue('20');
  await page.locator('[data-testid^="train-instance-"]').first().uncheck();
  await byTest('tab-plan').click();
});

test("the Training form starts on the Plan view's policy, and keeps what was filled in over a look at the Plan view", async () => {
  await byTest('policy-name').selectOption('tw2');
  await byTest('tab-training').click();
  await expect(byTest('train-variant')).toHaveValue('tw2');
  await byTest('train-name').fill('kept-over-tabs');
  await byTest('train-minutes').fill('2.5');
  await byTest('train-minutes').press('Enter');
  await page.locator('[data-testid^="train-instance-"]').first().check();
  await byTest('tab-plan').click();
  await byTest('policy-name').selectOption('tw1');
  await byTest('tab-training').click();
  await expect(byTest('train-name')).toHaveValue('kept-over-tabs');
  await expect(byTest('train-minutes')).toHaveValue('2.5');
  await expect(page.locator('[data-testid^="train-instance-"]').first()).toBeChecked();
  // Chosen here, the policy no longer follows the Plan view; left alone, it does.
  await expect(byTest('train-variant')).toHaveValue('tw1');
  await byTest('train-variant').selectOption('tw3');
  await byTest('tab-plan').click();
  await byTest('tab-training').click();
  await expect(byTest('train-variant')).toHaveValue('tw3');
  await page.locator('[data-testid^="train-instance-"]').first().uncheck();
  // Of two ticked days the one stored last is held out to judge the new model, and the list says which.
  const picks = page.locator('[data-testid^="train-instance-"]');
  await expect(page.locator('[data-testid^="train-held-out-"]')).toHaveCount(0);
  for (const k of [0, 1]) await picks.nth(k).check();
  await expect(page.locator('[data-testid^="train-held-out-"]')).toHaveCount(1);
  for (const k of [0, 1]) await picks.nth(k).uncheck();
  await byTest('train-name').fill('');
  await byTest('tab-plan').click();
});

test('the page reported no errors of its own', () => {
  expect(session.errors).toEqual([]);
});
