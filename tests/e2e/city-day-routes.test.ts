/**
 * The city day's routes at 1280 x 800, planned with JAMPR greedy under tw1 before the tests: the table sorted by
 * route, the plan CSVs, a stop taken off its route and a customer added by its typed position.
 * Steps build on each other in one page. (Imported as "day-routes", not "city-day": city-day.test.ts finds its day by
 * that name.)
 */
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { type AppSession, openApp } from './support/browser.js';
import { CITY_DAY_CSV, CITY_DAY_STOPS } from './support/fixtures.js';
import { importCsv } from './support/csv-import.js';
import { cityDaySteps } from './support/city-day-steps.js';
import { focusPageStart } from './support/page-start.js';

test.describe.configure({ mode: 'serial' });

let session: AppSession;
let page: Page;
const byTest = (id: string) => page.getByTestId(id);
const { planWith } = cityDaySteps(() => page);

test.beforeAll(async ({ browser }) => {
  session = await openApp(browser, { unreachableTiles: true });
  page = session.page;
  await importCsv(page, 'day-routes.csv', CITY_DAY_CSV, { vehicles: 3, capacity: 30, speedKmh: 25 });
  await byTest('policy-name').selectOption('tw1');
  await planWith('jampr-greedy');
});
test.afterAll(async () => {
  await session?.close();
});

test("sorted by route, the table reads each route's stops in the order they are driven; sorted headings keep their label", async () => {
  await byTest('sort-route').click();
  const idsAfter = (prefix: string) =>
    page
      .locator(`[data-testid^="${prefix}"]`)
      .evaluateAll((els, p) => els.map((el) => (el as unknown as { dataset: { testid: string } }).dataset.testid.slice(p.length)), prefix);
  const chips = await idsAfter('stop-chip-');
  const rows = await idsAfter('customer-row-');
  expect(rows).toEqual(chips);
  // Descending, the routes come last first, each still in driven order.
  const routes = await page.locator('[data-testid^="legend-route-"]').count();
  const byRoute = await Promise.all(
    Array.from({ length: routes }, (_, r) => byTest(`legend-route-${r}`).locator('[data-testid^="stop-chip-"]').allTextContents()),
  );
  await byTest('sort-route').click();
  expect(await idsAfter('customer-row-')).toEqual(byRoute.reverse().flat());
  await byTest('sort-route').click();
  const cut: string[] = [];
  for (const key of ['id', 'demand', 'ready', 'due', 'service', 'route']) {
    if (key !== 'route') await byTest(`sort-${key}`).click();
    const [scroll, client] = (await byTest(`sort-${key}`).evaluate((el) => {
      const th = el as unknown as { scrollWidth: number; clientWidth: number };
      return [th.scrollWidth, th.clientWidth];
    })) as [number, number];
    if (scroll > client) cut.push(`${key} (${scroll} px in ${client})`);
  }
  expect(cut, 'headings cut when sorted').toEqual([]);
  await byTest('sort-id').click();
});

test('names and addresses are kept: in the table, the tooltip and the plan CSV with depot rows', async () => {
  await expect(byTest('customer-id-S1')).toContainText('Bakery Moll');
  await expect(byTest('customer-id-S1')).toHaveAttribute('title', /Torstraße 12, Berlin/);
  // The id first: the cell clips a long one.
  await expect(byTest('customer-id-S1')).toHaveAttribute('title', /^S1\n/);
  const [file] = await Promise.all([page.waitForEvent('download'), byTest('export-plan-csv').click()]);
  const text = await readFile((await file.path())!, 'utf8');
  expect(text.startsWith('\uFEFF'), 'a byte-order mark first, so that Excel reads the names in UTF-8').toBe(true);
  const lines = text.trim().split('\n');
  expect(lines[0]).toBe('route,stop,kind,id,name,address,lat,lon,arrival,wait (min),start,departure,early (min),late (min),load,note');
  // The driver leaves at the shift start (07:00), or later where the first stop waits: that wait is then the depart row's.
  const depart = /^1,0,depart,D,Central depot,"Alexanderplatz 1, Berlin",52.5219,13.4132,,([\d.]*),,(\d\d:\d\d),/.exec(lines[1]);
  expect(depart, lines[1]).not.toBeNull();
  expect(depart![1] === '' ? depart![2] === '07:00' : depart![2] > '07:00', lines[1]).toBe(true);
  expect(lines.filter((l) => /^\d+,\d+,stop,/.test(l))).toHaveLength(CITY_DAY_STOPS);
  expect(lines.some((l) => l.includes('Bakery Moll') && l.includes('"Torstraße 12, Berlin"'))).toBe(true);
  expect(lines.filter((l) => /,return,D,/.test(l)).length).toBeGreaterThanOrEqual(1);
});

test("exports the plan CSV for Excel in a comma-decimal language: ';' between columns, positions with a decimal comma", async () => {
  const [file] = await Promise.all([page.waitForEvent('download'), byTest('export-plan-csv-decimal-comma').click()]);
  expect(file.suggestedFilename()).toMatch(/-decimal-comma\.csv$/);
  const text = await readFile((await file.path())!, 'utf8');
  expect(text.startsWith('\uFEFF'), 'a byte-order mark first, as the standard file has').toBe(true);
  const lines = text.trim().split('\n');
  expect(lines[0]).toBe('route;stop;kind;id;name;address;lat;lon;arrival;wait (min);start;departure;early (min);late (min);load;note');
  // The address's comma is no separator here: the cell needs no quotes.
  // A wait at the depot (the first stop's, where the driver leaves later) is written with a decimal comma too.
  expect(lines[1]).toMatch(/^1;0;depart;D;Central depot;Alexanderplatz 1, Berlin;52,5219;13,4132;;(\d+(,\d+)?)?;;\d\d:\d\d;/);
  expect(lines.filter((l) => /^\d+;\d+;stop;/.test(l))).toHaveLength(CITY_DAY_STOPS);
});

test('a stop taken off its route is listed as not served, with the reason, and can be put back', async () => {
  const chip = byTest('legend-route-0').locator('[data-testid^="stop-chip-"]').first();
  const id = (await chip.textContent())!;
  await chip.click();
  await byTest('move-stop-select').selectOption(String(-1));
  const entry = byTest(`not-served-${id}`);
  await expect(entry).toBeVisible();
  // The reason is the check's own, without repeating whose it is (the entry under it names the customer): the
  // dispatcher took it off, the planner did not leave it out.
  const reason = byTest('not-served-group').filter({ has: entry }).getByTestId('not-served-reason');
  await expect(reason).toHaveText('it was taken off its route by hand');
  await expect(reason).not.toContainText('is not served');
  await expect(byTest('plan-feasible')).toHaveText('⚠ 1 not served');
  await session.screenshot('not-served');
  await byTest(`serve-${id}`).selectOption('0');
  await expect(byTest('not-served')).toHaveCount(0);
  await byTest('reset-edit').click();
  // Removed while selected, the stop is not selected any more: nothing offers to move it onto a route.
  // (A click on the chip of the selected stop clears the selection: it takes one or two to have it selected.)
  if ((await byTest('move-stop-select').count()) === 0) await chip.click();
  await expect(byTest('move-stop-select')).toBeVisible();
  await byTest(`customer-row-${id}`)
    .getByRole('button', { name: `Remove customer ${id}` })
    .click();
  await expect(byTest('move-stop-select')).toHaveCount(0);
  await byTest('map').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+z');
  await expect(byTest(`customer-row-${id}`)).toBeVisible();
  await expect(byTest('unsaved-badge')).toHaveCount(0);
});

test('a customer is added by its typed position, from the keyboard alone', async () => {
  const rows = page.locator('[data-testid^="customer-row-"]');
  await byTest('add-customer').focus();
  await page.keyboard.press('Enter');
  await byTest('add-customer-dialog').waitFor();
  await page.keyboard.type('Bike Shop Ost');
  await page.keyboard.press('Tab');
  await page.keyboard.type('152.5');
  await expect(byTest('add-customer-dialog')).toContainText('must be between −90 and 90');
  await expect(byTest('add-customer-confirm')).toBeDisabled();
  // A degree typed wrong, 400 km north: a comma before three digits is a decimal comma in degrees, and the point is
  // warned about as the table would (no van reaches it at 25 km/h in the shift), without refusing it.
  await byTest('add-customer-first').fill('56,152');
  await byTest('add-customer-second').fill('13.4420');
  await expect(byTest('add-customer-warning')).toContainText('customer S11 cannot be reached in time');
  await expect(byTest('add-customer-confirm'), 'a warning, not a refusal').toBeEnabled();
  // A position pasted as a map copies it, latitude first, into either field: split into latitude and longitude.
  await byTest('add-customer-first').fill('52.5150, 13.4420');
  await expect(byTest('add-customer-first')).toHaveValue('52.5150');
  await expect(byTest('add-customer-second')).toHaveValue('13.4420');
  await byTest('add-customer-second').fill('(56.152; 13.442)');
  await expect(byTest('add-customer-first')).toHaveValue('56.152');
  await expect(byTest('add-customer-second')).toHaveValue('13.442');
  await byTest('add-customer-second').fill('');
  await byTest('add-customer-first').fill('52,5150');
  await page.keyboard.press('Tab');
  await page.keyboard.type('13.4420');
  await page.keyboard.press('Tab');
  // An order bigger than a van (30) is taken with the warning that no plan serves it, as the import takes it.
  await page.keyboard.type('40');
  await expect(byTest('add-customer-warning')).toContainText(
    "customer S11 cannot be served: its demand is more than a vehicle's capacity of 30 (demand 40), so every plan leaves it unserved",
  );
  await expect(byTest('add-customer-confirm'), 'a warning, not a refusal').toBeEnabled();
  await byTest('add-customer-demand').fill('7');
  await expect(byTest('add-customer-warning')).toHaveCount(0);
  await session.screenshot('add-customer');
  await page.keyboard.press('Enter');
  await byTest('add-customer-dialog').waitFor({ state: 'detached' });
  await expect(rows).toHaveCount(CITY_DAY_STOPS + 1);
  // Numbered in the day's own form of ids, after the last: S11.
  const added = byTest('customer-id-S11');
  await expect(added).toHaveAttribute('title', /Bike Shop Ost/);
  await expect(added).toHaveAttribute('title', /\b52\.515, 13\.442$/);
  await expect(byTest('edit-demand-S11')).toHaveValue('7');
  await page.locator('body').press('Control+z');
  await expect(rows).toHaveCount(CITY_DAY_STOPS);
  await expect(byTest('unsaved-badge')).toHaveCount(0);
  // The plan is one Tab and Enter away from the page's start, past the top bar, the table and the map: the skip link,
  // the first Tab stop, shows when reached.
  await focusPageStart(page);
  await page.keyboard.press('Tab');
  await expect(byTest('skip-to-plan')).toBeFocused();
  await expect(byTest('skip-to-plan')).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#plan-side')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.locator('#plan-side *:focus')).toHaveCount(1);
});

test('the page reported no errors of its own', () => {
  expect(session.errors).toEqual([]);
});
