/**
 * The Plan bar and the Compare bar follow one rule: Enter in any of their fields runs their action as the button does,
 * and while the button is disabled the reason is text beside it, which the button names as its description (it was a
 * tooltip only, which neither the keyboard nor a screen reader reached): the field that holds it back, and its rule.
 */
import { expect, test } from '@playwright/test';
import { cityDayPage } from './support/city-day-page.js';

const app = cityDayPage('action-keys.csv');
const byTest = app.byTest;

test("a field holding a value that is not valid: Plan names it and its rule beside it, as the button's description", async () => {
  const reason = 'α must be at least 0';
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

test('Plan names each field that holds it back with the rule the field says under itself, the bar one row at 1,400 px', async () => {
  const { page } = app;
  await page.setViewportSize({ width: 1400, height: 900 });
  // The widest bar: a soft policy (α and β) and the classical solver's seconds.
  await byTest('policy-name').selectOption('tw3');
  await byTest('method').selectOption('classical');
  const header = page.locator('.app-header');
  const oneRow = (await header.boundingBox())!.height;
  const seconds = byTest('method-effort');
  for (const [field, value, reason] of [
    [seconds, '0', 'seconds must be at least 0.1'],
    [seconds, '-1', 'seconds must be at least 0.1'],
    [seconds, '', 'seconds must be a number'],
    [seconds, '100000', 'seconds must be at most 120'],
    [seconds, '0.05', 'seconds must be at least 0.1'],
    [byTest('policy-alpha'), '-2', 'α must be at least 0'],
    [byTest('policy-beta'), '-1', 'β must be at least 0'],
  ] as const) {
    const before = await field.inputValue();
    await field.fill(value);
    await expect(byTest('plan-button-blocked')).toHaveText(reason);
    // The field says the same rule under itself: one message, from the field.
    const fieldError = field.locator('xpath=..').locator('.field-error');
    await expect(fieldError).toHaveText(reason.replace(/^\S+ /, ''));
    expect((await header.boundingBox())!.height, `the bar with "${reason}" by Plan`).toBe(oneRow);
    // Under the bar, whole in the window, and clear of the field's own error.
    const said = (await byTest('plan-button-blocked').boundingBox())!;
    const under = (await fieldError.boundingBox())!;
    expect(said.x + said.width).toBeLessThanOrEqual(1400);
    expect(said.y, 'below the field error').toBeGreaterThanOrEqual(under.y + under.height);
    if (value === '0') await app.session.screenshot('plan-reason-under-bar-1400');
    await field.fill(before);
    await expect(byTest('plan-button-blocked')).toHaveCount(0);
  }
  await byTest('policy-name').selectOption('tw1');
  await page.setViewportSize({ width: 1280, height: 800 });
});

test("Enter in the Compare bar's effort or α field compares, as Enter in the Plan bar plans", async () => {
  await byTest('tab-compare').click();
  await byTest('compare-method').selectOption('classical');
  await byTest('compare-effort').fill('-5');
  await expect(byTest('compare-run-blocked')).toHaveText('seconds must be at least 0.1');
  await expect(byTest('compare-run')).toHaveAccessibleDescription('seconds must be at least 0.1');
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
