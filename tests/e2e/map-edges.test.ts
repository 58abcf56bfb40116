/**
 * The map at 1024 x 700, where a plan's timeline leaves the map short: after planning every stop is whole inside it,
 * and the depot's tooltip, the depot panned into the top left corner, is not under the zoom buttons.
 */
import { expect, test } from '@playwright/test';
import { cityDayPage } from './support/city-day-page.js';

const app = cityDayPage('edges.csv', { viewport: { width: 1024, height: 700 } });
const byTest = app.byTest;

test('after planning every stop is whole inside the shorter map', async () => {
  const before = (await byTest('map').boundingBox())!;
  await byTest('method').selectOption('classical');
  await byTest('method-effort').fill('1');
  await byTest('plan-button').click();
  await expect(byTest('plan-meta')).toBeVisible({ timeout: 60_000 });
  const map = (await byTest('map').boundingBox())!;
  expect(map.height, 'the timeline takes room from the map').toBeLessThan(before.height);
  for (const marker of await app.page.locator('[data-testid^="marker-"]').all()) {
    const box = (await marker.boundingBox())!;
    const inside = box.x >= map.x && box.y >= map.y && box.x + box.width <= map.x + map.width && box.y + box.height <= map.y + map.height;
    expect(inside, `${await marker.getAttribute('data-testid')} is wholly inside the map`).toBe(true);
  }
});

test("the depot's tooltip in the top left corner is clear of the zoom buttons", async () => {
  const map = (await byTest('map').boundingBox())!;
  const depot = (await byTest('marker-depot').boundingBox())!;
  // Pan the map (a drag on empty ground) until the depot sits at the top, just right of the zoom buttons.
  const target = { x: map.x + 72, y: map.y + 24 };
  const from = { x: map.x + map.width - 40, y: map.y + map.height - 50 };
  const to = { x: from.x - (depot.x + depot.width / 2 - target.x), y: from.y - (depot.y + depot.height / 2 - target.y) };
  await app.page.mouse.move(from.x, from.y);
  await app.page.mouse.down();
  await app.page.mouse.move(to.x, to.y, { steps: 8 });
  // A pause before letting go: Leaflet carries a fast drag on (inertia), past the target on a quick machine.
  await app.page.waitForTimeout(300);
  await app.page.mouse.up();
  await byTest('marker-depot').hover();
  const tooltip = app.page.locator('.leaflet-tooltip', { hasText: 'Depot · shift' });
  await expect(tooltip).toBeVisible();
  const tip = (await tooltip.boundingBox())!;
  const zoom = (await app.page.locator('.leaflet-control-zoom').boundingBox())!;
  const overlaps = tip.x < zoom.x + zoom.width && zoom.x < tip.x + tip.width && tip.y < zoom.y + zoom.height && zoom.y < tip.y + tip.height;
  expect(overlaps, `tooltip ${JSON.stringify(tip)}, zoom buttons ${JSON.stringify(zoom)}`).toBe(false);
  expect(tip.y, 'the tooltip inside the map').toBeGreaterThanOrEqual(map.y);
  await app.session.screenshot('depot-tooltip-corner');
});
