/**
 * A finished comparison comes back: after a reload the Compare tab shows the day's latest comparison from its stored
 * plans (it said "Press Compare to plan the instance under both policies" although both plans stood in the history),
 * with the bar set to how it was made, and nothing is planned until the dispatcher presses Compare.
 */
import { expect, test } from '@playwright/test';
import { cityDayPage } from './support/city-day-page.js';
import { compareHardAndSoft } from './support/compare.js';

const app = cityDayPage('compare-reload.csv');

test('the Compare tab shows the last comparison again after a reload, and plans nothing by itself', async () => {
  const { page, byTest } = app;
  await compareHardAndSoft(page);
  const figures = async () => Promise.all(['cost', 'distance', 'wait', 'late'].map((k) => byTest(`compare-kpi-${k}`).textContent()));
  const before = await figures();
  const customers = await byTest('compare-customers').textContent();
  const name = await byTest('instance-name').inputValue();

  await page.reload();
  // The day that was on screen comes back by itself.
  await expect(byTest('instance-name')).toHaveValue(name);
  await byTest('tab-compare').click();
  await expect(byTest('compare-kpi-distance')).toBeVisible();
  expect(await figures()).toEqual(before);
  expect(await byTest('compare-customers').textContent()).toBe(customers);
  // The bar as the comparison was made, so that Compare would make it again.
  await expect(byTest('compare-a-name')).toHaveValue('tw1');
  await expect(byTest('compare-b-name')).toHaveValue('tw3');
  await expect(byTest('compare-effort')).toHaveValue('0.5');
  await expect(byTest('compare-run')).toHaveText('Compare');

  // The history holds the two plans of that one comparison: showing it planned nothing more.
  await byTest('tab-plan').click();
  const day = page.locator('[data-testid^="history-instance-"]').first();
  await day.getByTestId('history-open').click();
  await page.locator('[data-testid^="history-plan-"]').first().waitFor();
  await expect(page.locator('[data-testid^="compared-from-"]')).toHaveText([/Compare B/, /Compare A/]);
  expect(app.session.errors).toEqual([]);
});
