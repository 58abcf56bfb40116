/**
 * The Plan view for a dispatcher on the keyboard or with a screen reader, on the city day planned once:
 * - the planning bar is named and says how far it is;
 * - the map's stops are no Tab stops (the table and the route legend reach every stop), and the exports and driver
 *   sheets are a few Tabs after "Skip to the plan";
 */
import { expect, test } from '@playwright/test';
import { cityDayPage } from './support/city-day-page.js';

const app = cityDayPage('keyboard-reader.csv');
const byTest = app.byTest;

/** What the focused element is, and whether it shows its focus (an outline or a ring). Text: it runs in the page. */
const FOCUSED = `(() => {
  const el = document.activeElement;
  if (!el || el === document.body) return { id: 'body', shown: true };
  const style = getComputedStyle(el);
  const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
  return { id: el.dataset.testid ?? el.tagName.toLowerCase() + '.' + el.className, shown: outline || style.boxShadow !== 'none' };
})()`;

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

test("the map's stops are no Tab stops and no unnamed buttons; the exports and driver sheets are a few Tabs into the plan", async () => {
  const { page } = app;
  await expect(page.locator('[data-testid^="marker-S"]')).toHaveCount(10);
  await expect(page.locator('.leaflet-marker-icon[tabindex], .leaflet-marker-icon[role="button"]')).toHaveCount(0);
  await expect(byTest('marker-S1')).toHaveAttribute('aria-hidden', 'true');
  await byTest('skip-to-plan').focus();
  await page.keyboard.press('Enter');
  const reached: string[] = [];
  for (let i = 0; i < 12 && !reached.includes('open-sheets'); i++) {
    await page.keyboard.press('Tab');
    reached.push(((await page.evaluate(FOCUSED)) as { id: string }).id);
  }
  expect(reached, 'the exports and the driver sheets, before any stop of the routes').toEqual(
    expect.arrayContaining(['export-plan-csv', 'export-plan-csv-decimal-comma', 'export-plan-json', 'open-sheets']),
  );
  expect(reached.filter((id) => id.startsWith('stop-chip-'))).toEqual([]);
});
