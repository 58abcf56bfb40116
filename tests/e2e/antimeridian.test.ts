/**
 * A day on both sides of the antimeridian (Taveuni, Fiji: longitudes 179.9° and −179.9°) is one small island,
 * not the width of the world: the map zooms to its stops and every route line stays inside the map.
 */
import { expect, test } from '@playwright/test';
import { type AppSession, openApp } from './support/browser.js';
import { importCsv } from './support/csv-import.js';

const FIJI_CSV = [
  'type,id,name,lat,lon,demand,ready,due,service',
  'depot,D,Depot Waiyevo,-16.790,179.985,0,07:00,17:00,0',
  'customer,F1,Store Somosomo,-16.770,179.970,5,08:00,12:00,10',
  'customer,F2,Store Matei,-16.690,-179.880,6,08:00,16:00,10',
  'customer,F3,Store Naqara,-16.760,179.995,4,09:00,13:00,10',
  'customer,F4,Store Vuna,-16.880,-179.960,5,10:00,15:00,10',
  'customer,F5,Store Qeleni,-16.720,-179.930,3,08:00,16:00,10',
].join('\n');

let session: AppSession;

test.afterAll(async () => {
  await session?.close();
});

test('a day across the antimeridian is shown as one place, and its routes stay inside the map', async ({ browser }) => {
  session = await openApp(browser, { unreachableTiles: true });
  const { page } = session;
  const byTest = (id: string) => page.getByTestId(id);
  await importCsv(page, 'taveuni.csv', FIJI_CSV, { vehicles: 2, capacity: 20, speedKmh: 30 });
  await expect(page.locator('[data-testid^="customer-row-"]')).toHaveCount(5);

  await byTest('method').selectOption('jampr-greedy');
  await byTest('plan-button').click();
  await expect(byTest('plan-meta')).toBeVisible({ timeout: 60_000 });
  await expect(byTest('not-served')).toHaveCount(0);

  const canvas = page.locator('.route-map-canvas').first();
  await expect(canvas).toHaveAttribute('data-moving', 'false');
  const zoom = Number((await canvas.getAttribute('data-view'))?.split('/')[0]);
  expect(zoom, 'zoomed to an island about 30 km across, not to the whole world').toBeGreaterThanOrEqual(8);
  const map = (await byTest('map').boundingBox())!;
  const lines = page.locator('[data-testid^="route-line-"]');
  expect(await lines.count()).toBeGreaterThan(0);
  for (const line of await lines.all()) {
    const box = (await line.boundingBox())!;
    expect(box.width, 'a route line no wider than the map').toBeLessThan(map.width);
  }

  // A stop added east of the antimeridian (where the map goes on past 180°) gets a longitude in [−180°, 180°].
  await byTest('add-stop-mode').click();
  await page.mouse.click(map.x + map.width * 0.9, map.y + map.height * 0.5);
  await expect(page.locator('[data-testid^="customer-row-"]')).toHaveCount(6);
  const places: string[] = [];
  for (const cell of await page.locator('[data-testid^="customer-id-"]').all()) places.push((await cell.getAttribute('title')) ?? '');
  // The title's last line is the position, latitude first: "-16.8, 179.9".
  const longitudes = places.map((title) => Number(/-?[\d.]+, (-?[\d.]+)$/.exec(title)?.[1]));
  expect(
    longitudes.every((lon) => Math.abs(lon) <= 180),
    `longitudes ${longitudes.join(', ')}`,
  ).toBe(true);
  expect(longitudes.some((lon) => lon < 0) && longitudes.some((lon) => lon > 0)).toBe(true);
});
