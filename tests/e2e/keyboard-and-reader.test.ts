/**
 * The Plan view for a dispatcher on the keyboard or with a screen reader, on the city day planned once:
 * - the planning bar is named and says how far it is;
 */
import { expect, test } from '@playwright/test';
import { cityDayPage } from './support/city-day-page.js';

const app = cityDayPage('keyboard-reader.csv');
const byTest = app.byTest;

test('the planning bar is named and says how far it is in words', async () => {
  const { page } = app;
  await byTest('method').selectOption('classical');
  await byTest('method-effort').fill('3');
  await byTest('plan-button').click();
  const bar = byTest('plan-progress').getByRole('progressbar');
  await expect(bar).toHaveAccessibleName('Planning');
  await expect(bar).toHaveAttribute('aria-valuetext', /^Planning: \d+ %, \S/);
  await expect(byTest('plan-meta')).toBeVisible({ timeout: 60_000 });
  expect(await page.locator('[data-testid^="legend-route-"]').count()).toBeGreaterThan(1);
});
