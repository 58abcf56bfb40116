/**
 * Reloading or closing the page while a plan runs would cancel it (the web mode's server cancels the run of a page
 * that goes: http.ts): the browser asks first, as it does for unsaved edits, and staying keeps the run going.
 */
import { expect, test } from '@playwright/test';
import { cityDayPage } from './support/city-day-page.js';

const app = cityDayPage('leaving.csv');
const byTest = app.byTest;

/** Reloads the page and says which dialog the browser showed first (dismissed: the page stays), or none. */
async function reloadAsked(): Promise<string | null> {
  const dialog = app.page.waitForEvent('dialog', { timeout: 5_000 }).then(
    async (d) => {
      const type = d.type();
      await d.dismiss();
      return type;
    },
    () => null,
  );
  // Not awaited: a reload the dialog stopped never loads.
  void app.page.evaluate('location.reload()').catch(() => undefined);
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
  const reloaded = app.page.waitForEvent('load');
  expect(await reloadAsked()).toBeNull();
  await reloaded;
});
