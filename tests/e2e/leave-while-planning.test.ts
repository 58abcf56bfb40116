/**
 * Reloading or closing the page while a plan runs would cancel it (the web mode's server cancels the run of a page
 * that goes: http.ts): the browser asks first, as it does for unsaved edits, and staying keeps the run going.
 */
import { expect, test } from '@playwright/test';
import { cityDayPage } from './support/city-day-page.js';
import { reloadAsked } from './support/reload-asked.js';

const app = cityDayPage('leaving.csv');
const byTest = app.byTest;

test('a reload while a plan runs asks first; staying keeps the plan running', async () => {
  await byTest('method').selectOption('classical');
  await byTest('method-effort').fill('60');
  await byTest('plan-button').click();
  await expect(byTest('plan-progress')).toBeVisible();
  expect(await reloadAsked(app.page)).toBe('beforeunload');
  await expect(byTest('plan-progress')).toBeVisible();
  await byTest('cancel-plan').click();
  await expect(byTest('plan-progress')).toHaveCount(0, { timeout: 30_000 });
});

test('with no plan running and nothing unsaved a reload asks nothing', async () => {
  const reloaded = app.page.waitForEvent('load');
  expect(await reloadAsked(app.page)).toBeNull();
  await reloaded;
});
