/**
 * A dispatcher's lat/lon city day at 1280 x 800: distances in km and times as HH:MM, the compare view giving
 * the same plan as the Plan view for the same method, and nothing wider than the window. Steps build on each
 * other in one page. The day is the only one named "city-day": its history entry is found by that name.
 * The same day's routes in the table and the plan CSVs, and edits to its stops, are in city-day-routes.test.ts;
 * thirty routes in thirty-routes.test.ts; the Training form in training-form.test.ts.
 */
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { type AppSession, openApp, SCREENS } from './support/browser.js';
import { CITY_DAY_CSV, CITY_DAY_STOPS } from './support/fixtures.js';
import { importCsv, openCsvImport } from './support/csv-import.js';
import { cityDaySteps } from './support/city-day-steps.js';

test.describe.configure({ mode: 'serial' });

let session: AppSession;
let page: Page;
const byTest = (id: string) => page.getByTestId(id);
const { expectNoSidewaysScroll, planWith, expectAllStopsInView, pdfPages } = cityDaySteps(() => page);

test.beforeAll(async ({ browser }) => {
  session = await openApp(browser, { unreachableTiles: true });
  page = session.page;
});
test.afterAll(async () => {
  await session?.close();
});

test('a lat/lon day imports with names and shows distance in km and times as HH:MM', async () => {
  await importCsv(page, 'city-day.csv', CITY_DAY_CSV, { vehicles: 3, capacity: 30, speedKmh: 25 });
  await expect(page.locator('[data-testid^="customer-row-"]')).toHaveCount(CITY_DAY_STOPS);
  await expect(byTest('unsaved-badge')).toHaveCount(0);

  await byTest('policy-name').selectOption('tw1');
  await planWith('jampr-ls', '1');
  await expect(byTest('kpi-distance').locator('.kpi-value')).toHaveText(/^[\d,.]+ km$/);
  await expect(byTest('kpi-wait').locator('.kpi-value')).toHaveText(/^(\d+h \d\dm|\d+m)$/);
  await expect(byTest('kpi-early'), 'hard windows wait: earliness would repeat the wait').toHaveCount(0);
  const chip = page.locator('[data-testid^="stop-chip-"]').first();
  await expect(chip).toHaveAttribute('title', /^arrive \d\d:\d\d/);
  await expectNoSidewaysScroll();
  await session.screenshot('city-day-plan');
});

test('compare with JAMPR + local search shows the cost the Plan view gave', async () => {
  const planCost = await byTest('kpi-cost').locator('.kpi-value').textContent();
  await expect(byTest('plan-meta')).toContainText('JAMPR + local search');
  await byTest('tab-compare').click();
  await byTest('compare-a-name').selectOption('tw1');
  await byTest('compare-b-name').selectOption('tw3');
  await byTest('compare-method').selectOption('jampr-ls');
  await byTest('compare-effort').fill('1');
  await byTest('compare-run').click();
  await expect(byTest('compare-kpi-cost')).toBeVisible({ timeout: 90_000 });
  await expect(byTest('compare-kpi-cost').locator('td').first()).toHaveText(planCost!);
  await expect(byTest('compare-kpi-distance').locator('td').first()).toHaveText(/ km$/);
  await expect(byTest('compare-kpi-wait').locator('td').nth(2)).toHaveText(/^(0|[+−](\d+h \d\dm|\d+m))$/);
  await expectNoSidewaysScroll();
  await session.screenshot('city-day-compare');
  // Either plan opens in the Plan view, to edit, print or export.
  const costB = await byTest('compare-kpi-cost').locator('td').nth(1).textContent();
  await byTest('compare-open-b').click();
  await expect(byTest('plan-meta')).toContainText('soft');
  await expect(byTest('kpi-cost').locator('.kpi-value')).toHaveText(costB!);
});

test('after planning every stop is in view, and one route can be shown alone', async () => {
  await expectAllStopsInView();
  const lines = page.locator('[data-testid^="route-line-"]');
  const all = await lines.count();
  expect(all).toBeGreaterThanOrEqual(2);
  // Each toggle names its route to a screen reader, not a bare "only".
  await expect(page.getByRole('button', { name: 'Show only route 2 on the map' })).toHaveCount(1);
  await byTest('focus-route-1').click();
  await expect(lines).toHaveCount(1);
  await expect(byTest('route-line-1')).toBeVisible();
  await session.screenshot('city-day-one-route');
  await byTest('focus-route-1').click();
  await expect(lines).toHaveCount(all);
});

test('JAMPR greedy plans the imported lat/lon day with HH:MM windows and serves every customer', async () => {
  await byTest('policy-name').selectOption('tw1');
  await planWith('jampr-greedy');
  await expect(byTest('plan-meta')).toContainText('jampr-tw1-n20');
  await expect(page.locator('[data-testid^="stop-chip-"]')).toHaveCount(CITY_DAY_STOPS);
  await expect(page.getByText(/not served/i)).toHaveCount(0);
  await session.screenshot('city-day-jampr-greedy');
});

test('sampling that beats no greedy plan says so, and a plan opened from the history brings back the seconds it was given', async () => {
  await planWith('classical', '0.7');
  await expect(byTest('plan-meta')).toContainText('Classical, 0.7 s');
  const classicalId = await byTest('plan-meta').getAttribute('data-plan-id');
  await expect(byTest(`history-plan-${classicalId}`)).toContainText('Classical, 0.7 s');
  // Two draws from a trained model do not beat its eight greedy views on this day: the plan says it kept theirs.
  await planWith('jampr-sample', '2');
  await expect(byTest('plan-meta')).not.toHaveAttribute('data-plan-id', classicalId!);
  await expect(byTest('plan-greedy-kept')).toHaveText(
    "None of the 2 sampled plans beat the best of the model's greedy plans (one for each of the 8 symmetric views of the day, and with fewer vehicles where the demand allows; JAMPR greedy plans the first view only), so the plan is that best greedy plan.",
  );
  await byTest('method').selectOption('jampr-ls');
  await expect(byTest('method-effort')).toHaveValue('5');
  await byTest(`history-plan-${classicalId}`).click();
  await expect(byTest('plan-meta')).toHaveAttribute('data-plan-id', classicalId!);
  await expect(byTest('method')).toHaveValue('classical');
  await expect(byTest('method-effort')).toHaveValue('0.7');
  await expect(byTest('plan-greedy-kept')).toHaveCount(0);
  // One plan is deleted from the history, after a question naming it; declined, nothing goes.
  let question = '';
  page.once('dialog', (dialog) => {
    question = dialog.message();
    void dialog.dismiss();
  });
  await byTest(`delete-plan-${classicalId}`).click();
  await expect
    .poll(() => question)
    .toMatch(/^Delete the plan Classical, 0\.7 s · hard \(α 1\) · cost [\d,.]+ · .+\? It cannot be undone\.$/);
  await expect(byTest(`history-plan-${classicalId}`)).toHaveCount(1);
  page.once('dialog', (dialog) => void dialog.accept());
  await byTest(`delete-plan-${classicalId}`).click();
  await expect(byTest(`history-plan-${classicalId}`)).toHaveCount(0);
  // It was the plan on screen: the view no longer shows it; the day's other plans stay.
  await expect(byTest('plan-meta')).toHaveCount(0);
  await page.locator('[data-testid^="history-plan-"]', { hasText: 'JAMPR greedy' }).first().click();
  await expect(byTest('plan-meta')).toContainText('JAMPR greedy');
});

test('exports the customers for Excel with decimal commas beside the standard CSV, and the import reads that file back', async () => {
  await byTest('export-instance').click();
  const [file] = await Promise.all([page.waitForEvent('download'), byTest('export-instance-decimal-comma').click()]);
  expect(file.suggestedFilename()).toMatch(/-decimal-comma\.csv$/);
  const text = await readFile((await file.path())!, 'utf8');
  const lines = text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n');
  expect(lines[0]).toBe('type;id;name;address;lat;lon;demand;ready;due;service');
  expect(lines[1]).toBe('depot;D;Central depot;Alexanderplatz 1, Berlin;52,5219;13,4132;0;07:00;18:00;0');
  await openCsvImport(page, file.suggestedFilename(), text, { vehicles: 3, capacity: 30, speedKmh: 25 });
  await expect(byTest('csv-row-count')).toHaveText(String(CITY_DAY_STOPS + 1));
  await expect(byTest('csv-errors')).toHaveCount(0);
  // Named as the day it came from, which is still stored: that is the only thing the import has to say.
  await expect(byTest('csv-warnings').locator('li')).toHaveCount(1);
  await expect(byTest('csv-warnings')).toContainText('an instance named “city-day” is already stored');
  await byTest('csv-cancel').click();
  await expect(byTest('csv-dialog')).toHaveCount(0);
});

test('a driver sheet lists every stop of its route, and prints alone', async () => {
  const chips = await byTest('legend-route-0').locator('[data-testid^="stop-chip-"]').allTextContents();
  // The route's hours in the plan panel are the driver's: from leaving the depot to coming back, as the sheet says.
  const hours = /\d\d:\d\d–\d\d:\d\d/.exec((await byTest('legend-stats-0').textContent())!)?.[0];
  expect(hours).toBeDefined();
  await byTest('open-sheets').click();
  await expect(page.locator('article.sheet')).toHaveCount(await page.locator('[data-testid^="legend-route-"]').count());
  // The keyboard is in the sheets: focus starts on their route menu, and Tab from Close wraps back to it.
  await expect(byTest('sheets-route')).toBeFocused();
  await byTest('sheets-close').focus();
  await page.keyboard.press('Tab');
  await expect(byTest('sheets-route')).toBeFocused();
  await byTest('sheets-route').selectOption('0');
  const sheet = byTest('sheet-0');
  await expect(page.locator('article.sheet')).toHaveCount(1);
  await expect(sheet.getByTestId('sheet-row-stop')).toHaveCount(chips.length);
  const stopIds = await sheet.getByTestId('sheet-row-stop').locator('td:nth-child(2) b').allTextContents();
  expect(stopIds).toEqual(chips);
  await expect(sheet.getByTestId('sheet-row-depart')).toContainText('Central depot');
  await expect(sheet).toContainText(hours!);
  await expect(sheet.getByTestId('sheet-row-return')).toHaveCount(1);
  await expect(sheet.getByTestId('sheet-row-stop').first()).toContainText(/\d\d:\d\d–\d\d:\d\d/);
  await session.screenshot('driver-sheet');
  // In print only the sheet is there: the app is hidden, the toolbar too; Chromium's print pipeline makes a PDF.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('#root')).toBeHidden();
  await expect(byTest('sheets-print')).toBeHidden();
  await expect(sheet.getByTestId('sheet-row-stop')).toHaveCount(chips.length);
  for (const row of await sheet.getByTestId('sheet-row-stop').all()) await expect(row).toBeVisible();
  const pdf = await page.pdf({ path: `${SCREENS}/driver-sheet-route-1.pdf` });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await page.emulateMedia({ media: 'screen' });
  await byTest('sheets-close').click();
  await expect(byTest('driver-sheets')).toHaveCount(0);
});

/** Where each stop id stands in a page's text, in the order given; -1 for a stop that is not there. */
const positions = (text: string, ids: string[]) => ids.map((id) => text.search(new RegExp(`(^|\\s)${id}\\s`)));

test('"Export PDF" downloads one route\'s sheet, and all sheets at once, with every stop of each route in order', async () => {
  const routes = await page.locator('[data-testid^="legend-route-"]').count();
  const stopsOf = (r: number) => byTest(`legend-route-${r}`).locator('[data-testid^="stop-chip-"]').allTextContents();
  await byTest('open-sheets').click();
  await byTest('sheets-route').selectOption('0');
  await expect(byTest('sheets-pdf')).toHaveText('Export PDF (Route 1)');
  const one = await pdfPages('sheets-pdf', 'driver-sheet-route-1-export.pdf');
  expect(one.name).toMatch(/^city-day-Route_1\.pdf$/);
  expect(one.pages).toHaveLength(1);
  const first = await stopsOf(0);
  const at = positions(one.pages[0], first);
  expect(
    at.every((p) => p >= 0),
    `every stop of route 1 is in the PDF: ${first.join(', ')} at ${at.join(', ')}`,
  ).toBe(true);
  expect(at, 'in the order the route visits them').toEqual([...at].sort((a, b) => a - b));
  expect(one.pages[0]).toContain('Central depot');
  // The driver leaves at the shift start (07:00) or later, when the first stop's window opens later.
  const leave = /leave (\d\d:\d\d)[\s\S]*shift end \d\d:\d\d/.exec(one.pages[0])?.[1];
  expect(leave !== undefined && leave >= '07:00', `leaves at ${leave}`).toBe(true);
  expect(one.pages[0]).toMatch(
    /Bakery Moll|Corner Shop Ay|Café Linde|Kiosk Nord|Bio Markt Ost|Deli Süd|Blumen Kraus|Weinhandel Roth|Späti Eck|Buchladen Mitte/,
  );

  await byTest('sheets-route').selectOption('');
  await expect(byTest('sheets-pdf')).toHaveText(`Export PDF (${routes} routes)`);
  const all = await pdfPages('sheets-pdf', 'driver-sheets-all.pdf');
  expect(all.pages).toHaveLength(routes);
  for (let r = 0; r < routes; r++) {
    expect(all.pages[r]).toContain(`Route ${r + 1} · city-day`);
    const ids = await stopsOf(r);
    const where = positions(all.pages[r], ids);
    expect(
      where.every((p) => p >= 0),
      `route ${r + 1}: ${ids.join(', ')} at ${where.join(', ')}`,
    ).toBe(true);
  }
  await session.screenshot('driver-sheets-export');
  await byTest('sheets-close').click();
});

test('stops are added only in add-stop mode; edits undo and redo; unsaved edits are not dropped without asking', async () => {
  const rows = page.locator('[data-testid^="customer-row-"]');
  const map = (await byTest('map').boundingBox())!;
  const spot = { x: map.x + map.width * 0.12, y: map.y + map.height * 0.55 };
  await page.mouse.click(spot.x, spot.y);
  await expect(rows, 'a click on the map adds nothing outside add-stop mode').toHaveCount(CITY_DAY_STOPS);
  await byTest('add-stop-mode').click();
  await page.mouse.click(spot.x, spot.y);
  await expect(rows).toHaveCount(CITY_DAY_STOPS + 1);
  // Escape leaves add mode: the next click adds nothing.
  await page.keyboard.press('Escape');
  await expect(byTest('add-stop-mode')).toHaveAttribute('aria-pressed', 'false');
  await page.mouse.click(spot.x + 20, spot.y);
  await expect(rows).toHaveCount(CITY_DAY_STOPS + 1);
  await page.locator('body').press('Control+z');
  await expect(rows).toHaveCount(CITY_DAY_STOPS);
  await expect(byTest('unsaved-badge')).toHaveCount(0);
  await page.locator('body').press('Control+Shift+Z');
  await expect(rows).toHaveCount(CITY_DAY_STOPS + 1);
  await byTest('undo').click();
  await expect(rows).toHaveCount(CITY_DAY_STOPS);

  // A fleet edit and a route edit, undone in turn.
  await byTest('fleet-vehicles').fill('4');
  await byTest('fleet-vehicles').press('Enter');
  await expect(byTest('unsaved-badge')).toBeVisible();
  const chip = byTest('legend-route-0').locator('[data-testid^="stop-chip-"]').first();
  await chip.click();
  await byTest('move-stop-select').selectOption('1');
  await expect(byTest('edit-bar')).toBeVisible();
  await page.locator('body').press('Control+z');
  await expect(byTest('edit-bar')).toHaveCount(0);
  await expect(byTest('fleet-vehicles')).toHaveValue('4');
  await page.locator('body').press('Control+z');
  await expect(byTest('fleet-vehicles')).toHaveValue('3');
  await expect(byTest('unsaved-badge')).toHaveCount(0);

  // New with an unsaved edit asks first; saying no keeps the edit.
  await byTest('fleet-vehicles').fill('5');
  await byTest('fleet-vehicles').press('Enter');
  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await byTest('new-instance').click();
  await expect.poll(() => asked.length).toBe(1);
  expect(asked[0]).toMatch(/Discard the changes to “city-day”/);
  await expect(byTest('instance-name')).toHaveValue('city-day');
  await expect(byTest('fleet-vehicles')).toHaveValue('5');
  await session.screenshot('unsaved-guard');
  page.once('dialog', (dialog) => void dialog.accept());
  await byTest('new-instance').click();
  await expect(byTest('instance-name')).toHaveValue('New instance');
  await expect(byTest('add-stop-mode'), 'a new, empty instance starts in add-stop mode').toHaveAttribute('aria-pressed', 'true');
  // Back to the stored day: the empty new instance is unsaved too, so the question comes again.
  page.once('dialog', (dialog) => void dialog.accept());
  await page.locator('[data-testid^="history-instance-"]', { hasText: 'city-day' }).getByTestId('history-open').click();
  await expect(byTest('instance-name')).toHaveValue('city-day');
  await expect(byTest('fleet-vehicles')).toHaveValue('3');
  // A stored day opens with its latest plan, as it was left, not with "press Plan".
  const plans = page
    .locator('[data-testid^="history-instance-"]', { hasText: 'city-day' })
    .first()
    .locator('[data-testid^="history-plan-"]');
  await plans.first().waitFor();
  const ids = (await Promise.all((await plans.all()).map((p) => p.getAttribute('data-testid')))).map((t) => Number(t!.split('-').pop()));
  await expect(byTest('plan-meta')).toHaveAttribute('data-plan-id', String(Math.max(...ids)));
});

test('a customer removed after planning is named on the plan until the next one, and a saved hand edit leaves it out', async () => {
  await planWith('classical', '0.5');
  const chipId = async (route: number, nth: number) =>
    (await byTest(`legend-route-${route}`).locator('[data-testid^="stop-chip-"]').nth(nth).textContent())!;
  const removed = await chipId(0, 0);
  await byTest(`customer-row-${removed}`)
    .getByRole('button', { name: `Remove customer ${removed}` })
    .click();
  await byTest('save-instance').click();
  await byTest('unsaved-badge').waitFor({ state: 'detached' });
  await expect(byTest('plan-removed-customers')).toHaveText(
    `Customer ${removed}, removed from the instance since, still stands on the routes.`,
  );
  // A hand edit keeps the note, and says what saving it does with the removed customer.
  const moved = await chipId(0, 1);
  await byTest(`stop-chip-${moved}`).click();
  if ((await byTest('move-stop-select').count()) === 0) await byTest(`stop-chip-${moved}`).click();
  await byTest('move-stop-select').selectOption(String(-1));
  await expect(byTest('plan-removed-customers')).toContainText('Save edited plan leaves it out.');
  await byTest('save-edited').click();
  await expect(byTest('edit-bar')).toHaveCount(0);
  await expect(byTest('plan-removed-customers')).toHaveCount(0);
  await expect(byTest(`stop-chip-${removed}`)).toHaveCount(0);
  await expect(page.locator('[data-testid^="stop-chip-"]')).toHaveCount(CITY_DAY_STOPS - 2);
  // The saved edit took no planning time (no "0 s"), and the history says what it breaks: one customer left out.
  await expect(byTest('plan-meta')).toContainText('Edited by hand');
  await expect(byTest('plan-meta')).not.toContainText(' s ·');
  const planId = await byTest('plan-meta').getAttribute('data-plan-id');
  await expect(byTest(`history-plan-${planId}`)).toContainText('· 1 not served');
  // It names the plan it was edited from.
  await expect(byTest(`edited-from-${planId}`)).toHaveText(/^ ?from Classical, 0\.5 s of .+$/);
});

test("a lat/lon day's speed is shown and can be changed, and a shift end before its start is said to run overnight", async () => {
  await page.locator('[data-testid^="history-instance-"]', { hasText: 'city-day' }).getByTestId('history-open').click();
  await expect(byTest('fleet-speed')).toHaveValue('25');
  // A slip is named where it was typed and changes nothing: no speed of 0, no half vehicle.
  await byTest('fleet-speed').fill('0');
  await byTest('fleet-speed').press('Enter');
  await expect(page.locator('td', { has: byTest('fleet-speed') }).locator('.cell-error')).toHaveText('must be more than 0');
  await byTest('fleet-speed').press('Escape');
  await byTest('fleet-vehicles').fill('2.5');
  await byTest('fleet-vehicles').press('Enter');
  await expect(page.locator('td', { has: byTest('fleet-vehicles') }).locator('.cell-error')).toHaveText('must be a whole number');
  await byTest('fleet-vehicles').press('Escape');
  // Beyond what an instance may hold: named beside the field, not first at Save.
  for (const [field, typed, said] of [
    ['fleet-vehicles', '10001', 'must be at most 10000'],
    ['fleet-capacity', '1e12', 'must be at most 1000000000'],
    ['fleet-speed', '5000', 'must be at most 1000'],
  ] as const) {
    await byTest(field).fill(typed);
    await byTest(field).press('Enter');
    await expect(page.locator('td', { has: byTest(field) }).locator('.cell-error')).toHaveText(said);
    await byTest(field).press('Escape');
  }
  await expect(byTest('unsaved-badge')).toHaveCount(0);
  await byTest('fleet-speed').fill('30');
  await byTest('fleet-speed').press('Enter');
  await byTest('save-instance').click();
  await byTest('unsaved-badge').waitFor({ state: 'detached' });
  await expect(byTest('fleet-speed')).toHaveValue('30');
  await expect(byTest('fleet-overnight')).toHaveCount(0);
  // A shift cut to end at 09:00: a route card whose van is back later says so, as its driver sheet does.
  await page.locator('[data-testid^="history-plan-"]').first().click();
  await expect(byTest('legend-stats-0')).toBeVisible();
  const afterShift = page.locator('[data-testid^="legend-after-shift-"]');
  await expect(afterShift).toHaveCount(0);
  await byTest('fleet-depot-due').fill('09:00');
  await byTest('fleet-depot-due').press('Enter');
  await byTest('save-instance').click();
  await byTest('unsaved-badge').waitFor({ state: 'detached' });
  const late = afterShift.first();
  await expect(late).toHaveAttribute('title', 'back after the shift ends at 09:00');
  await expect(late).toHaveText(/^\d\d:\d\d \(after the shift\)$/);
  await byTest('fleet-depot-due').fill('05:00');
  await byTest('fleet-depot-due').press('Enter');
  await expect(byTest('fleet-overnight')).toContainText(/runs overnight: 07:00 to 05:00\+1 \(22h 00m\)/);
});

test('the page reported no errors of its own', () => {
  expect(session.errors).toEqual([]);
});
