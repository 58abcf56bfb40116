/**
 * Days on the map, in one browser page against the web mode with its map tiles pointed nowhere: a lat/lon day with
 * clock times shown offline, then a day drawn by clicking the map, saved, and deleted while on screen. Steps build on
 * each other, so they run in order in one page. The dispatcher's planar day is imported first (as "drawn-day"): the
 * lat/lon import leaves the fleet as offered, which is the capacity that import typed.
 */
import { expect, type Page, test } from '@playwright/test';
import { type AppSession, openApp } from './support/browser.js';
import { importCsv } from './support/csv-import.js';
import { CAPACITY, GEO_CSV, GEO_SPEED_KMH, GOOD_CSV, VEHICLES } from './support/fixtures.js';

test.describe.configure({ mode: 'serial' });

let session: AppSession;
let page: Page;
const byTest = (id: string) => page.getByTestId(id);

test.beforeAll(async ({ browser }) => {
  session = await openApp(browser, { unreachableTiles: true });
  page = session.page;
  await importCsv(page, 'drawn-day.csv', GOOD_CSV, { vehicles: VEHICLES, capacity: CAPACITY });
});
test.afterAll(async () => {
  await session?.close();
});

test('a lat/lon file with clock times shows HH:MM and a plain map when tiles cannot load', async () => {
  // The page was opened with its tiles pointed nowhere (unreachableTiles): the planar days before drew no tiles.
  await importCsv(page, 'berlin.csv', GEO_CSV, { speedKmh: GEO_SPEED_KMH });
  await byTest('tiles-offline-note').waitFor({ timeout: 15_000 });
  await expect(byTest('edit-due-C1')).toHaveValue('10:00');
  await expect(page.locator('img.leaflet-tile:visible'), 'no broken tile images').toHaveCount(0);
  await byTest('marker-C3').waitFor();
  await session.screenshot('geo-offline');
});

test('a new instance is drawn by clicking the map, and a stop is dragged', async () => {
  await byTest('new-instance').click();
  const map = (await byTest('map').boundingBox())!;
  for (const [fx, fy] of [
    [0.3, 0.3],
    [0.7, 0.35],
    [0.5, 0.75],
  ])
    await page.mouse.click(map.x + map.width * fx, map.y + map.height * fy);
  await expect(page.locator('[data-testid^="customer-row-"]')).toHaveCount(3);
  const before = await page.locator('[data-testid="customer-row-1"] td').first().getAttribute('title');
  const marker = (await byTest('marker-1').boundingBox())!;
  await page.mouse.move(marker.x + marker.width / 2, marker.y + marker.height / 2);
  await page.mouse.down();
  await page.mouse.move(marker.x + 80, marker.y + 60, { steps: 6 });
  await page.mouse.up();
  await expect(page.locator('[data-testid="customer-row-1"] td').first(), 'the drag moved customer 1').not.toHaveAttribute(
    'title',
    before!,
  );
  await expect(page.locator('[data-testid^="customer-row-"]'), 'dragging added nothing').toHaveCount(3);
  await byTest('instance-name').fill('drawn by hand');
  await byTest('save-instance').click();
  await page.locator('[data-testid^="history-instance-"]', { hasText: 'drawn by hand' }).waitFor();
  // Saving halfway through drawing the day keeps the mode: the next click adds the fourth stop.
  await expect(byTest('add-stop-mode')).toHaveAttribute('aria-pressed', 'true');
  await page.mouse.click(map.x + map.width * 0.2, map.y + map.height * 0.7);
  await expect(page.locator('[data-testid^="customer-row-"]')).toHaveCount(4);
  await byTest('save-instance').click();
  await expect(byTest('unsaved-badge')).toHaveCount(0);
});

test('deleting the instance on screen goes back to the start screen, with no error and nothing unsaved', async () => {
  // Its plan list is open in the history: it must not be asked for again once the instance is gone.
  const entry = page.locator('[data-testid^="history-instance-"]', { hasText: 'drawn by hand' });
  const toggle = entry.locator('.chevron');
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  await entry.getByText('No plans yet.').waitFor();
  page.once('dialog', (dialog) => void dialog.accept());
  await entry.getByRole('button', { name: 'Delete drawn by hand' }).click();
  await expect(entry).toHaveCount(0);
  await byTest('welcome').waitFor();
  await expect(byTest('unsaved-badge')).toHaveCount(0);
  await expect(byTest('error-banner')).toHaveCount(0);
});

test('the page reported no errors of its own', () => {
  expect(session.errors).toEqual([]);
});
