/**
 * Thirty routes at 1280 x 800 (and a narrow window): thirty colours, the plan panel under the map, and driver sheets
 * that say the plan is out of date once the fleet is cut below its routes. Steps build on each other in one page.
 */
import { expect, type Page, test } from '@playwright/test';
import { type AppSession, openApp } from './support/browser.js';
import { importCsv } from './support/csv-import.js';
import { cityDaySteps } from './support/city-day-steps.js';

test.describe.configure({ mode: 'serial' });

let session: AppSession;
let page: Page;
const byTest = (id: string) => page.getByTestId(id);
const { planWith, expectAllStopsInView, pdfPages } = cityDaySteps(() => page);

test.beforeAll(async ({ browser }) => {
  session = await openApp(browser, { unreachableTiles: true });
  page = session.page;
});
test.afterAll(async () => {
  await session?.close();
});

test('thirty routes are drawn in thirty different colours', async () => {
  // Thirty customers that each fill a vehicle: thirty routes.
  const rows = Array.from({ length: 30 }, (_, i) => {
    const angle = (2 * Math.PI * i) / 30;
    return `${i + 1},${(50 + 40 * Math.cos(angle)).toFixed(1)},${(50 + 40 * Math.sin(angle)).toFixed(1)},10,0,1000,5`;
  });
  const csv = ['id,x,y,demand,ready,due,service', '0,50,50,0,0,1000,0', ...rows].join('\n');
  await importCsv(page, 'thirty.csv', csv, { vehicles: 30, capacity: 10 });
  await byTest('policy-name').selectOption('tw3');
  // Soft windows serve on arrival, also early: the policy field says so where it is chosen.
  await expect(page.locator('label', { has: byTest('policy-name') })).toHaveAttribute('title', /serves on arrival, even hours before/);
  await planWith('classical', '0.5');
  const lines = page.locator('[data-testid^="route-line-"]');
  await expect(lines).toHaveCount(30);
  const colours = await Promise.all((await lines.all()).map((line) => line.getAttribute('data-colour')));
  expect(new Set(colours).size, colours.join(' ')).toBe(30);
  await expectAllStopsInView();
  await session.screenshot('thirty-routes');

  // A narrow window (a laptop's split screen): the plan's panel moves under the map, which keeps its width.
  await page.setViewportSize({ width: 900, height: 800 });
  const map = (await byTest('map').boundingBox())!;
  const panel = (await byTest('plan-panel').boundingBox())!;
  expect(map.width, 'the map keeps most of what the customer list leaves').toBeGreaterThan(500);
  expect(panel.y, 'the plan panel under the map').toBeGreaterThanOrEqual(map.y + map.height - 1);
  await session.screenshot('narrow-window');
  // The Training view stacks: the models table fits its panel, its buttons in reach without scrolling sideways.
  await byTest('tab-training').click();
  const table = byTest('models-table-scroll');
  await table.waitFor();
  const [scrollWidth, clientWidth] = await table.evaluate((el) => {
    const box = el as unknown as { scrollWidth: number; clientWidth: number };
    return [box.scrollWidth, box.clientWidth];
  });
  expect(scrollWidth, 'the models table fits its panel').toBeLessThanOrEqual(clientWidth + 1);
  await session.screenshot('narrow-training');
  await byTest('tab-plan').click();
  await page.setViewportSize({ width: 1280, height: 800 });
  // Every vehicle is out: a new route for a stop is offered as what it is.
  await byTest('stop-chip-1').click();
  if ((await byTest('move-stop-select').count()) === 0) await byTest('stop-chip-1').click();
  await expect(byTest('move-stop-select').locator('option', { hasText: 'a new route' })).toHaveText('a new route (beyond the fleet of 30)');
  await byTest('stop-chip-1').click();

  // The fleet cut below the plan's routes: every driver sheet, on screen and in the PDF, says that the plan is out of
  // date and what it breaks, as the plan panel does.
  await byTest('fleet-vehicles').fill('28');
  await byTest('fleet-vehicles').press('Enter');
  await byTest('save-instance').click();
  await byTest('unsaved-badge').waitFor({ state: 'detached' });
  await expect(byTest('plan-data-changed')).toBeVisible();
  await byTest('open-sheets').click();
  const sheets = page.locator('article.sheet');
  await expect(sheets).toHaveCount(30);
  const warnings = [
    'Out of date: the day was changed after this plan was made; plan again to include the changes',
    'The plan uses 30 vehicles but the fleet has 28',
  ];
  for (const warning of warnings) {
    await expect(sheets.filter({ has: page.getByTestId('sheet-warning').getByText(warning, { exact: true }) })).toHaveCount(30);
  }
  await byTest('sheets-route').selectOption('0');
  const { pages } = await pdfPages('sheets-pdf', 'driver-sheet-beyond-fleet.pdf');
  for (const warning of warnings) expect(pages[0].replace(/\s+/g, ' ')).toContain(warning);
  await byTest('sheets-close').click();
});

test('the page reported no errors of its own', () => {
  expect(session.errors).toEqual([]);
});
