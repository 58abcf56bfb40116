/**
 * Moving a stop from the keyboard: the move picker is the next Tab after the selected stop's chip (it came after the
 * rest of its route's chips, up to ~25 Tabs away), and once the stop is moved the keyboard is on its chip in its new
 * route, or on its not-served entry's picker when it was left off every route (it fell to the page's top). Escape
 * closes the picker and deselects the stop, the keyboard on its chip. Opening a plan from Compare puts the keyboard on
 * the plan's panel, not on the page's top.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { cityDayPage } from './support/city-day-page.js';
import { compareHardAndSoft } from './support/compare.js';

const app = cityDayPage('move-keyboard.csv');
const byTest = app.byTest;

/** The chips of the route with the most stops, and that route's row in the legend. */
async function longestRoute(page: Page): Promise<{ route: Locator; chips: string[] }> {
  const routes = page.locator('[data-testid^="legend-route-"]');
  let best = { route: routes.first(), chips: [] as string[] };
  for (const route of await routes.all()) {
    const chips = (await route.locator('[data-testid^="stop-chip-"]').allTextContents()).map((id) => id.trim());
    if (chips.length > best.chips.length) best = { route, chips };
  }
  return best;
}

/** The route row in the legend that holds the stop's chip. */
const routeOf = (page: Page, id: string) =>
  page.locator('[data-testid^="legend-route-"]', { has: page.getByTestId(`stop-chip-${id}`) }).getAttribute('data-testid');

test('the move picker is the next Tab after the selected chip; moved by the keyboard, the stop keeps the focus on its chip in the new route', async () => {
  const { page } = app;
  await byTest('policy-name').selectOption('tw1');
  await byTest('method').selectOption('jampr-greedy');
  await byTest('plan-button').click();
  await expect(byTest('plan-meta')).toBeVisible({ timeout: 60_000 });

  const { route, chips } = await longestRoute(page);
  expect(chips.length, 'a route of several stops: the picker could land after the others').toBeGreaterThan(2);
  const [first] = chips;
  const from = await route.getAttribute('data-testid');
  await byTest(`stop-chip-${first}`).focus();
  await page.keyboard.press('Enter');
  await expect(byTest('move-stop')).toContainText(`Move customer ${first}`);
  await page.keyboard.press('Tab');
  await expect(byTest('move-stop-select')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(byTest(`stop-chip-${first}`)).toBeFocused();

  // The arrows browse the routes; Enter moves the stop there.
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await byTest('edit-bar').waitFor();
  await expect.poll(() => routeOf(page, first)).not.toBe(from);
  await expect(byTest(`stop-chip-${first}`)).toBeFocused();
  // Its picker follows it, the next Tab again.
  await page.keyboard.press('Tab');
  await expect(byTest('move-stop-select')).toBeFocused();
  await expect(byTest('move-stop')).toContainText(`Move customer ${first}`);
});

test("left off every route, the stop keeps the keyboard on its not-served entry's picker; put back on a route, on its chip there", async () => {
  const { page } = app;
  const moved = (await byTest('move-stop').locator('b').first().textContent())!;
  await byTest('move-stop-select').focus();
  await byTest('move-stop-select').selectOption({ label: 'no route (leave it unserved)' });
  await expect(byTest(`serve-${moved}`)).toBeFocused();
  await expect(byTest(`stop-chip-${moved}`)).toHaveCount(0);

  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(byTest(`stop-chip-${moved}`)).toBeFocused();
  await expect(byTest(`not-served-${moved}`)).toHaveCount(0);
  await byTest('reset-edit').click();
});

test('Escape closes the move picker, from the chip or from the picker, deselects the stop and leaves the keyboard on its chip', async () => {
  const { page } = app;
  const { chips } = await longestRoute(page);
  const [id] = chips;
  const chip = byTest(`stop-chip-${id}`);
  const routeBefore = await routeOf(page, id);
  // Selected with Enter (unless it still is, from the steps before: Enter would deselect it).
  await chip.focus();
  if (!/\bselected\b/.test((await chip.getAttribute('class')) ?? '')) await page.keyboard.press('Enter');
  await expect(byTest('move-stop')).toContainText(`Move customer ${id}`);
  await page.keyboard.press('Escape');
  await expect(byTest('move-stop')).toHaveCount(0);
  await expect(chip).not.toHaveClass(/\bselected\b/);
  await expect(chip).toBeFocused();

  // From the picker, with a route browsed to and not chosen: nothing moves, and the keyboard is back on the chip.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(byTest('move-stop-select')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Escape');
  await expect(byTest('move-stop')).toHaveCount(0);
  await expect(chip).not.toHaveClass(/\bselected\b/);
  await expect(chip).toBeFocused();
  expect(await routeOf(page, id)).toBe(routeBefore);
  await expect(byTest('edit-bar')).toHaveCount(0);
});

test('Open on a compared plan puts the keyboard on the plan panel of the plan opened', async () => {
  const { page } = app;
  await compareHardAndSoft(page);
  const opened = await byTest('compare-open-b').getAttribute('title');
  expect(opened).toContain('plan B');
  await byTest('compare-open-b').focus();
  await page.keyboard.press('Enter');
  await expect(byTest('plan-meta')).toContainText('soft');
  await expect(page.getByRole('complementary', { name: 'Plan' })).toBeFocused();
  // On from there, the keyboard goes through the plan's panel.
  await page.keyboard.press('Tab');
  expect(await page.evaluate("document.activeElement.closest('#plan-side') !== null")).toBe(true);
});
