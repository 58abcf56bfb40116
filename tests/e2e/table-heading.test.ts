/**
 * The customer table's sticky heading on a display scaled to 125 % (Windows' usual laptop setting; a browser zoom does
 * the same): there the table's top edge falls inside a device pixel, and the rows scrolled under the heading showed
 * through a line above it. The strip from the frame's border to the heading's text looks the same however far the
 * table is scrolled.
 */
import { expect, test } from '@playwright/test';
import { cityDayPage } from './support/city-day-page.js';

const SCALE = 1.25;
const app = cityDayPage('heading.csv', { viewport: { width: 1280, height: 700 }, context: { deviceScaleFactor: SCALE } });

test('rows scrolled under the heading never show above it', async () => {
  const { page } = app;
  const scroll = app.byTest('customer-table-scroll');
  const heading = app.byTest('customer-table').locator('thead th').first();
  await page.mouse.move(0, 0);
  const th = (await heading.boundingBox())!;
  // The page's DOM types are not compiled here: the scrolling box is read through the fields it has.
  type Scroller = { clientWidth: number; clientHeight: number; scrollHeight: number; scrollTop: number };
  const { width, room } = await scroll.evaluate((el) => {
    const box = el as unknown as Scroller;
    return { width: box.clientWidth, room: box.scrollHeight - box.clientHeight };
  });
  expect((th.y * SCALE) % 1, "the heading's top edge falls inside a device pixel (what this test is about)").not.toBe(0);
  expect(room, 'the table scrolls').toBeGreaterThan(60);
  // The frame's border and the 3 px above the heading's text, clear of the rounded corners and the scrollbar.
  const strip = () => page.screenshot({ clip: { x: th.x + 6, y: th.y - 1, width: width - 12, height: 4 } });
  const atRest = await strip();
  for (let top = 3; top <= room; top += 13) {
    await scroll.evaluate((el, to) => {
      (el as unknown as Scroller).scrollTop = to;
    }, top);
    await expect(heading).toBeInViewport();
    expect((await strip()).equals(atRest), `scrolled by ${top} px, the strip above the heading is as at rest`).toBe(true);
  }
});
