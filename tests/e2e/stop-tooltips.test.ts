/**
 * A stop's tooltip opens where it can be read whole: above the stop, as usual, but below one near the map's top edge
 * (above, it was cut off there), and moved sideways, its pointer still on the stop, for one near a side edge.
 */
import { expect, type Locator, test } from '@playwright/test';
import { cityDayPage } from './support/city-day-page.js';

const app = cityDayPage('tooltips.csv');
const byTest = app.byTest;

type Box = { x: number; y: number; width: number; height: number };
const centre = (b: Box) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });

/** Pans the map (a drag on empty ground) until the stop's centre is at `target`. */
async function panStopTo(marker: Locator, target: { x: number; y: number }) {
  const map = (await byTest('map').boundingBox())!;
  const at = centre((await marker.boundingBox())!);
  // From a point clear of the stops: the middle of the map's bottom edge, a little inside.
  const from = { x: map.x + map.width / 2 + 1, y: map.y + map.height - 60 };
  const page = app.page;
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + target.x - at.x, from.y + target.y - at.y, { steps: 8 });
  // A pause before letting go: Leaflet carries a fast drag on (inertia), past the target on a quick machine.
  await page.waitForTimeout(300);
  await page.mouse.up();
  await expect(byTest('map').locator('.route-map-canvas')).toHaveAttribute('data-moving', 'false');
}

/** Hovers the stop and returns its tooltip's box and the map's. */
async function tooltipOf(id: string) {
  const marker = byTest(`marker-${id}`);
  await marker.hover();
  const tooltip = app.page.locator('.leaflet-tooltip', { hasText: `Customer ${id}` });
  await expect(tooltip).toBeVisible();
  return { tip: (await tooltip.boundingBox())!, map: (await byTest('map').boundingBox())!, stop: (await marker.boundingBox())! };
}

function expectInside(tip: Box, map: Box) {
  const inside = tip.x >= map.x && tip.y >= map.y && tip.x + tip.width <= map.x + map.width && tip.y + tip.height <= map.y + map.height;
  expect(inside, `tooltip ${JSON.stringify(tip)} inside the map ${JSON.stringify(map)}`).toBe(true);
}

test('a stop in the middle of the map has its tooltip above it', async () => {
  const map = (await byTest('map').boundingBox())!;
  await panStopTo(byTest('marker-S10'), { x: map.x + map.width / 2, y: map.y + map.height / 2 });
  const { tip, stop } = await tooltipOf('S10');
  expect(tip.y + tip.height, 'above the stop').toBeLessThanOrEqual(stop.y);
  await app.page.mouse.move(0, 0);
});

test('a stop at the top edge has its tooltip below it, whole', async () => {
  const map = (await byTest('map').boundingBox())!;
  await panStopTo(byTest('marker-S4'), { x: map.x + map.width / 2, y: map.y + 30 });
  const { tip, stop } = await tooltipOf('S4');
  expect(tip.y, 'below the stop').toBeGreaterThanOrEqual(stop.y + stop.height);
  expectInside(tip, map);
  await app.session.screenshot('stop-tooltip-top-edge');
  await app.page.mouse.move(0, 0);
});

test('a stop at a side edge has its tooltip moved inside the map, pointing at the stop', async () => {
  const map = (await byTest('map').boundingBox())!;
  for (const x of [map.x + 20, map.x + map.width - 20]) {
    await panStopTo(byTest('marker-S7'), { x, y: map.y + map.height / 2 });
    const { tip, stop } = await tooltipOf('S7');
    expectInside(tip, map);
    // Where its pointer's tip is across the page (the page's DOM types are not compiled here: read through the fields).
    const arrow = await app.page.locator('.leaflet-tooltip', { hasText: 'Customer S7' }).evaluate((el) => {
      const tooltip = el as unknown as { getBoundingClientRect(): { left: number }; clientLeft: number };
      const view = globalThis as unknown as { getComputedStyle(e: unknown, pseudo: string): { left: string } };
      return tooltip.getBoundingClientRect().left + tooltip.clientLeft + Number.parseFloat(view.getComputedStyle(el, '::before').left);
    });
    expect(Math.abs(arrow - centre(stop).x), `its pointer (${arrow}) on the stop (${centre(stop).x})`).toBeLessThanOrEqual(2);
    await app.page.mouse.move(0, 0);
  }
});

test("a route's first stop tells, on its chip and its map tooltip, the arrival the timeline shows: not the plan's wait", async () => {
  // Hard windows: every shop opens at 07:30 or later and lies minutes from the 07:00 depot, so each driver leaves later.
  await byTest('policy-name').selectOption('tw1');
  await byTest('method').selectOption('classical');
  await byTest('method-effort').fill('0.5');
  await byTest('plan-button').click();
  await expect(byTest('plan-meta')).toBeVisible({ timeout: 60_000 });
  const first = app.page.locator('[data-testid="legend-route-0"] [data-testid^="stop-chip-"]').first();
  const id = (await first.textContent())!.trim();
  // The timeline's service block: "S3: service 07:30–07:45"; the driver starts as the window opens.
  const service = await byTest(`gantt-stop-${id}`).locator('title').textContent();
  const start = /service (\d\d:\d\d)–/.exec(service ?? '')?.[1];
  expect(start, `the timeline's service of ${id}: ${service}`).toBeDefined();
  await expect(first).toHaveAttribute('title', `arrive ${start}`);
  const map = (await byTest('map').boundingBox())!;
  await panStopTo(byTest(`marker-${id}`), { x: map.x + map.width / 2, y: map.y + map.height / 2 });
  await byTest(`marker-${id}`).hover();
  const tooltip = app.page.locator('.leaflet-tooltip', { hasText: `Customer ${id}` });
  await expect(tooltip).toContainText(`arrive ${start}`);
  await expect(tooltip).not.toContainText('early by');
  await app.page.mouse.move(0, 0);
});
