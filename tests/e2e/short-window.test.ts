/**
 * The one-column layout is for a narrow window (640 x 400: 1,280 x 800 zoomed to 200 %) and a short one (1,280 x 400: a
 * laptop zoomed with a panel docked), where three columns that do not scroll left the history one cut entry. In both
 * the first screen shows Plan and the history with the open day and its plan whole, the table shows its rows, and the page
 * scrolls down to the plan, never sideways.
 */
import { expect, type Page, test } from '@playwright/test';
import { cityDayPage } from './support/city-day-page.js';

const app = cityDayPage('short-window.csv', { viewport: { width: 1280, height: 400 } });
const byTest = app.byTest;

/**
 * Where the history and Plan lie, whether the open day's entry (its name and its plans) is cut by the history's box,
 * and the page's widths. The days of the other specs sharing the database may fill the list: it scrolls, and the open
 * day comes first. Text: it runs in the page.
 */
async function firstScreen(page: Page) {
  return (await page.evaluate(`(() => {
    const history = document.querySelector('[data-testid="history"]').getBoundingClientRect();
    const list = document.querySelector('.history-list').getBoundingClientRect();
    const open = document.querySelector('.history-item.current').getBoundingClientRect();
    const plan = document.querySelector('[data-testid="plan-button"]').getBoundingClientRect();
    return {
      historyBottom: history.bottom, listCut: open.top < list.top - 1 || open.bottom > list.bottom + 1, planBottom: plan.bottom, planRight: plan.right,
      scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth,
    };
  })()`)) as { historyBottom: number; listCut: boolean; planBottom: number; planRight: number; scrollWidth: number; clientWidth: number };
}

test('a plan made at 1,280 x 400 px lists under its day in the history', async () => {
  await byTest('method').selectOption('classical');
  await byTest('method-effort').fill('0.5');
  await byTest('plan-button').click();
  await expect(byTest('plan-meta')).toBeAttached({ timeout: 60_000 });
  await expect(byTest('history').locator('.history-plan')).toHaveCount(1);
});

for (const [width, height] of [
  [1280, 400],
  [640, 400],
]) {
  test(`at ${width} x ${height} px the first screen shows Plan and the open day's history; the table and the plan are a scroll away`, async () => {
    const { page } = app;
    await page.setViewportSize({ width, height });
    await page.evaluate('window.scrollTo(0, 0)');
    const seen = await firstScreen(page);
    expect(seen.planBottom, 'Plan on the first screen').toBeLessThanOrEqual(height);
    expect(seen.planRight).toBeLessThanOrEqual(width);
    expect(seen.historyBottom, 'the history on the first screen').toBeLessThanOrEqual(height);
    expect(seen.listCut, "the history's entries cut").toBe(false);
    expect(seen.scrollWidth, 'no sideways scrolling').toBeLessThanOrEqual(seen.clientWidth);
    await app.session.screenshot(`short-window-${width}`);
    // The table keeps rows in sight above the map (its share of a column had collapsed it to its heading, under the map).
    const table = (await page.evaluate(`(() => {
      const scroll = document.querySelector('[data-testid="customer-table-scroll"]').getBoundingClientRect();
      const row = document.querySelector('[data-testid="customer-table"] tbody tr').getBoundingClientRect();
      return { shown: scroll.height, row: row.height, bottom: scroll.bottom, mapTop: document.querySelector('.map-area').getBoundingClientRect().top };
    })()`)) as { shown: number; row: number; bottom: number; mapTop: number };
    expect(table.shown, 'rows of the table in sight').toBeGreaterThanOrEqual(4 * table.row);
    expect(table.bottom, 'the table above the map').toBeLessThanOrEqual(table.mapTop);
    await byTest('plan-meta').scrollIntoViewIfNeeded();
    await expect(byTest('plan-meta')).toBeInViewport();
  });
}
