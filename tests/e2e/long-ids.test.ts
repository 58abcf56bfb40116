/**
 * A day whose ids are longer than a marker is wide ("mon-03-shop"), at 1920 x 1080: each id on the map is written
 * whole on one line, on its marker (a circle showed "mon-" and cut the rest), and named whole by its tooltip; on the
 * timeline, an id is written only on a block it fits (they ran into one another), and every block names its stop when
 * pointed at.
 */
import { expect, test } from '@playwright/test';
import { cityDayPage } from './support/city-day-page.js';
import { CITY_DAY_CSV } from './support/fixtures.js';

/** The city day with S1 to S5 renamed mon-01-shop to mon-05-shop; S6 to S10 keep their short ids. */
const LONG_IDS = CITY_DAY_CSV.replace(/customer,S([1-5]),/g, (_, n: string) => `customer,mon-0${n}-shop,`);
const app = cityDayPage('long-ids.csv', { viewport: { width: 1920, height: 1080 }, csv: LONG_IDS });
const byTest = app.byTest;

type Box = { x: number; y: number; width: number; height: number };
const within = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;
const apart = (a: Box, b: Box) => a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;

test('each id on the map is written whole, on one line, on its marker, and named whole when pointed at', async () => {
  const markers = app.page.locator('.stop-marker-host:not(.label-hidden) .stop-marker');
  await expect(markers).toHaveCount(10);
  for (const marker of await markers.all()) {
    const id = (await marker.getAttribute('data-testid'))!.replace('marker-', '');
    const label = marker.locator('span');
    await expect(label).toHaveText(id);
    const [text, box] = [(await label.boundingBox())!, (await marker.boundingBox())!];
    expect(within(text, box), `${id}: its label ${JSON.stringify(text)} on its marker ${JSON.stringify(box)}`).toBe(true);
    expect(text.height, `${id} on one line`).toBeLessThan(14);
    // Nothing of it cut off: the text is as wide as the id's letters.
    const [scroll, client] = await label.evaluate((el) => {
      const span = el as unknown as { scrollWidth: number; clientWidth: number };
      return [span.scrollWidth, span.clientWidth];
    });
    expect(scroll, `${id} is not cut`).toBeLessThanOrEqual(client);
  }
  await byTest('marker-mon-03-shop').hover();
  await expect(app.page.locator('.leaflet-tooltip')).toContainText('Customer mon-03-shop');
  await app.session.screenshot('long-ids-map');
  await app.page.mouse.move(0, 0);
});

test('on the timeline at 1920 px ids never run into one another, each on its own block', async () => {
  await byTest('method').selectOption('classical');
  await byTest('method-effort').fill('1');
  await byTest('plan-button').click();
  await expect(byTest('plan-meta')).toBeVisible({ timeout: 60_000 });
  const blocks = app.page.locator('[data-testid^="gantt-stop-"]');
  await expect(blocks).toHaveCount(10);
  const shown: { id: string; box: Box }[] = [];
  for (const block of await blocks.all()) {
    const id = (await block.getAttribute('data-testid'))!.replace('gantt-stop-', '');
    await expect(block.locator('title'), 'named when pointed at').toContainText(id);
    const text = block.locator('text');
    if ((await text.count()) === 0) continue;
    const box = (await text.boundingBox())!;
    expect(within(box, (await block.locator('rect').boundingBox())!), `${id} within its block`).toBe(true);
    shown.push({ id, box });
  }
  // The short ids of ten-minute stops fit their blocks; the long ones fit none (a five-minute stop's block is too
  // narrow even for S9).
  expect(shown.map((s) => s.id)).toEqual(expect.arrayContaining(['S6', 'S7', 'S8']));
  expect(shown.filter((s) => s.id.startsWith('mon-'))).toEqual([]);
  for (const [i, a] of shown.entries())
    for (const b of shown.slice(i + 1)) expect(apart(a.box, b.box), `the ids ${a.id} and ${b.id} do not overlap`).toBe(true);
  await app.session.screenshot('long-ids-timeline');
});
