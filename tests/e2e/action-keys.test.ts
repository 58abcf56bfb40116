/**
 * The Plan bar and the Compare bar follow one rule: Enter in any of their fields runs their action as the button does,
 * and while the button is disabled the reason is text beside it, which the button names as its description (it was a
 * tooltip only, which neither the keyboard nor a screen reader reached).
 */
import { expect, test } from '@playwright/test';
import { cityDayPage } from './support/city-day-page.js';

const app = cityDayPage('action-keys.csv');
const byTest = app.byTest;

test("a field holding a value that is not valid: Plan says why beside it, as the button's description", async () => {
  const reason = 'A field holds a value that is not valid: fix it first';
  await byTest('policy-alpha').fill('-5');
  await expect(byTest('plan-button')).toBeDisabled();
  await expect(byTest('plan-button-blocked')).toBeVisible();
  await expect(byTest('plan-button-blocked')).toHaveText(reason);
  await expect(byTest('plan-button')).toHaveAccessibleDescription(reason);
  // Enter plans nothing while the button waits.
  await byTest('policy-alpha').press('Enter');
  await expect(byTest('plan-progress')).toHaveCount(0);
  await expect(byTest('plan-meta')).toHaveCount(0);
  await byTest('policy-alpha').fill('1');
  await expect(byTest('plan-button')).toBeEnabled();
  await expect(byTest('plan-button-blocked')).toHaveCount(0);
  await expect(byTest('plan-button')).not.toHaveAttribute('aria-describedby');
});

test("Enter in the Compare bar's effort or α field compares, as Enter in the Plan bar plans", async () => {
  await byTest('tab-compare').click();
  await byTest('compare-method').selectOption('classical');
  await byTest('compare-effort').fill('-5');
  await expect(byTest('compare-run-blocked')).toHaveText('A field holds a value that is not valid: fix it first');
  await expect(byTest('compare-run')).toHaveAccessibleDescription('A field holds a value that is not valid: fix it first');
  await byTest('compare-effort').fill('0.5');
  await expect(byTest('compare-run-blocked')).toHaveCount(0);
  await byTest('compare-effort').press('Enter');
  await expect(byTest('compare-kpi-wait')).toBeVisible({ timeout: 60_000 });
  // Again from α, with another α: the comparison made is of the new settings.
  await byTest('compare-b-alpha').fill('2');
  await byTest('compare-b-alpha').press('Enter');
  await expect(byTest('compare-map-b')).toContainText('α 2', { timeout: 60_000 });
  expect(app.session.errors).toEqual([]);
});
