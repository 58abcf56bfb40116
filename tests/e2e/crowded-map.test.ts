/**
 * A dense lat/lon day seen whole: markers overlap, and the ids of those under others are hidden rather than run
 * together; zoomed in, they come back. Each stop is still named by its tooltip.
 */
import { expect, type Page, test } from '@playwright/test';
import { openApp } from './support/browser.js';
import { importCsv } from './support/csv-import.js';
import { seededRandom } from './support/fixtures.js';

/** 110 stops within about 3 km of a depot in Lyon, as on a busy city day (a fixed pseudo-random spread). */
function crowdedDay(): string {
  const random = seededRandom(11);
  const rows = ['type,id,lat,lon,demand,ready,due,service', 'depot,D,45.7310,4.8330,0,07:00,18:00,0'];
  for (let i = 1; i <= 110; i++) {
    const lat = (45.745 + (random() - 0.5) * 0.05).toFixed(5);
    const lon = (4.84 + (random() - 0.5) * 0.07).toFixed(5);
    rows.push(`customer,K${String(i).padStart(3, '0')},${lat},${lon},${1 + Math.floor(random() * 10)},08:00,17:00,5`);
  }
  return `${rows.join('\n')}\n`;
}

/** The screen boxes of the ids shown on markers. */
async function shownLabels(page: Page) {
  const spans = page.locator('.stop-marker-host:not(.label-hidden) .stop-marker span');
  return Promise.all((await spans.all()).map(async (s) => ({ id: await s.textContent(), box: (await s.boundingBox())! })));
}

test('a crowded day seen whole shows ids that never run into each other, each stop keeps its tooltip, and zoomed in the ids come back', async ({
  browser,
}) => {
  const session = await openApp(browser, { unreachableTiles: true });
  const { page } = session;
  try {
    await importCsv(page, 'crowded.csv', crowdedDay(), { vehicles: 8, capacity: 100, speedKmh: 30 });
    await expect(page.locator('[data-testid^="marker-K"]')).toHaveCount(110);
    const hidden = page.locator('.stop-marker-host.label-hidden');
    await expect.poll(() => hidden.count()).toBeGreaterThan(0);
    const labels = await shownLabels(page);
    expect(labels.length).toBeGreaterThan(10);
    for (const [i, a] of labels.entries())
      for (const b of labels.slice(i + 1)) {
        const apart =
          a.box.x + a.box.width <= b.box.x ||
          b.box.x + b.box.width <= a.box.x ||
          a.box.y + a.box.height <= b.box.y ||
          b.box.y + b.box.height <= a.box.y;
        expect(apart, `the ids ${a.id} and ${b.id} do not overlap`).toBe(true);
      }
    // A stop without its id on the map is named when pointed at.
    const dot = hidden.first().locator('.stop-marker');
    const id = (await dot.getAttribute('data-testid'))!.replace('marker-', '');
    await dot.hover({ force: true });
    await expect(page.locator('.leaflet-tooltip')).toContainText(id);
    await session.screenshot('crowded-map-whole');
    const hiddenWhole = await hidden.count();
    for (let step = 0; step < 3; step++) {
      await page.getByRole('button', { name: 'Zoom in' }).click();
      await page.waitForTimeout(400);
    }
    await expect.poll(() => hidden.count()).toBeLessThan(hiddenWhole / 2);
  } finally {
    await session.close();
  }
});
