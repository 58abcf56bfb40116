/**
 * A small window, or a usual one zoomed to 200 % (1,024 x 700 is 512 x 350 CSS px, 1,280 x 800 is 640 x 400): the top
 * bar wraps so that Plan stays on screen, the page scrolls down, never sideways, and the map keeps a usable height.
 */
import { expect, type Page, test } from '@playwright/test';
import { cityDayPage } from './support/city-day-page.js';

const app = cityDayPage('zoomed.csv', { viewport: { width: 512, height: 350 } });
const byTest = app.byTest;

/** The page's scrolled widths, and a box's right edge and height, px. Text: it runs in the page. */
async function layout(page: Page, testId: string) {
  return (await page.evaluate(`(() => {
    const box = document.querySelector('[data-testid="${testId}"]').getBoundingClientRect();
    return { scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth, right: box.right, height: box.height };
  })()`)) as { scrollWidth: number; clientWidth: number; right: number; height: number };
}

for (const [width, height] of [
  [512, 350],
  [640, 400],
]) {
  test(`at ${width} x ${height} px Plan is on screen, the page does not scroll sideways, and the map is at least 240 px tall`, async () => {
    const { page } = app;
    await page.setViewportSize({ width, height });
    const plan = await layout(page, 'plan-button');
    expect(plan.right, 'Plan inside the window').toBeLessThanOrEqual(width);
    await byTest('method').selectOption('classical');
    await byTest('method-effort').fill('0.5');
    await byTest('plan-button').click();
    await expect(byTest('plan-meta')).toBeAttached({ timeout: 60_000 });
    await byTest('map').scrollIntoViewIfNeeded();
    const map = await layout(page, 'map');
    expect(map.scrollWidth, 'no sideways scrolling').toBeLessThanOrEqual(map.clientWidth);
    expect(map.height).toBeGreaterThanOrEqual(240);
    await byTest('plan-meta').scrollIntoViewIfNeeded();
    await expect(byTest('plan-meta')).toBeInViewport();
    await app.session.screenshot(`zoomed-${width}`);
  });
}
