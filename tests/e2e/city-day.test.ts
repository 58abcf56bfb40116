/**
 * A dispatcher's lat/lon city day at 1280 x 800: distances in km and times as HH:MM, the compare view giving
 * the same plan as the Plan view for the same method, and nothing wider than the window. Steps build on each
 * other in one page.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { extractText } from 'unpdf';
import { type AppSession, openApp, SCREENS } from './support/browser.js';
import { CITY_DAY_CSV, CITY_DAY_STOPS } from './support/fixtures.js';
import { importCsv, openCsvImport } from './support/csv-import.js';

test.describe.configure({ mode: 'serial' });

let session: AppSession;
let page: Page;
const byTest = (id: string) => page.getByTestId(id);

test.beforeAll(async ({ browser }) => {
  session = await openApp(browser, { unreachableTiles: true });
  page = session.page;
});
test.afterAll(async () => {
  await session?.close();
});

/** The page is no wider than the window: nothing to scroll sideways. */
async function expectNoSidewaysScroll() {
  const widths = await page.evaluate('[document.documentElement.scrollWidth, document.documentElement.clientWidth]');
  const [scroll, client] = widths as [number, number];
  expect(scroll, `page ${scroll} px wide in a ${client} px window`).toBeLessThanOrEqual(client);
}

/** Plans the day on screen and waits for the new plan (a plan may be on screen already: the day's latest). */
async function planWith(method: string, effort?: string) {
  await byTest('method').selectOption(method);
  if (effort) await byTest('method-effort').fill(effort);
  const before = (await byTest('plan-meta').count()) > 0 ? await byTest('plan-meta').getAttribute('data-plan-id') : null;
  await byTest('plan-button').click();
  await expect(byTest('plan-meta')).toBeVisible({ timeout: 60_000 });
  if (before !== null) await expect(byTest('plan-meta')).not.toHaveAttribute('data-plan-id', before, { timeout: 60_000 });
}

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

/** Every stop's marker lies wholly inside the map (none cut off under the timeline or the panels). */
async function expectAllStopsInView() {
  const map = (await byTest('map').boundingBox())!;
  for (const marker of await page.locator('[data-testid^="marker-"]').all()) {
    const box = (await marker.boundingBox())!;
    const inside = box.x >= map.x && box.y >= map.y && box.x + box.width <= map.x + map.width && box.y + box.height <= map.y + map.height;
    expect(inside, `${await marker.getAttribute('data-testid')} is wholly inside the map`).toBe(true);
  }
}

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

/** Downloads the PDF a click gives, keeps it in test-results/screens/ and returns its text page by page. */
async function pdfPages(button: string, keepAs: string): Promise<{ name: string; pages: string[] }> {
  const [file] = await Promise.all([page.waitForEvent('download'), byTest(button).click()]);
  const bytes = await readFile((await file.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  await writeFile(`${SCREENS}/${keepAs}`, bytes);
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: false });
  return { name: file.suggestedFilename(), pages: text };
}

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
  await page.evaluate(`(() => {
    const start = document.createElement('div');
    start.tabIndex = -1;
    document.body.prepend(start);
    start.focus();
    start.remove();
  })()`);
  await page.keyboard.press('Tab');
  await expect(byTest('skip-to-plan')).toBeFocused();
  await expect(byTest('skip-to-plan')).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#plan-side')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.locator('#plan-side *:focus')).toHaveCount(1);
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

test('a training size typed by hand stays when days are ticked, even typed as the size offered', async () => {
  await byTest('tab-training').click();
  await expect(byTest('train-size')).toHaveValue('20');
  // Typed over the offered 20 as a person types it, key by key.
  await byTest('train-size').fill('');
  await byTest('train-size').pressSequentially('20');
  await page.locator('[data-testid^="train-instance-"]').first().check();
  await expect(byTest('train-size')).toHaveValue('20');
  await page.locator('[data-testid^="train-instance-"]').first().uncheck();
  await byTest('tab-plan').click();
});

test("the Training form starts on the Plan view's policy, and keeps what was filled in over a look at the Plan view", async () => {
  await byTest('policy-name').selectOption('tw2');
  await byTest('tab-training').click();
  await expect(byTest('train-variant')).toHaveValue('tw2');
  await byTest('train-name').fill('kept-over-tabs');
  await byTest('train-minutes').fill('2.5');
  await byTest('train-minutes').press('Enter');
  await page.locator('[data-testid^="train-instance-"]').first().check();
  await byTest('tab-plan').click();
  await byTest('policy-name').selectOption('tw1');
  await byTest('tab-training').click();
  await expect(byTest('train-name')).toHaveValue('kept-over-tabs');
  await expect(byTest('train-minutes')).toHaveValue('2.5');
  await expect(page.locator('[data-testid^="train-instance-"]').first()).toBeChecked();
  // Chosen here, the policy no longer follows the Plan view; left alone, it does.
  await expect(byTest('train-variant')).toHaveValue('tw1');
  await byTest('train-variant').selectOption('tw3');
  await byTest('tab-plan').click();
  await byTest('tab-training').click();
  await expect(byTest('train-variant')).toHaveValue('tw3');
  await page.locator('[data-testid^="train-instance-"]').first().uncheck();
  // Of two ticked days the one stored last is held out to judge the new model, and the list says which.
  const picks = page.locator('[data-testid^="train-instance-"]');
  await expect(page.locator('[data-testid^="train-held-out-"]')).toHaveCount(0);
  for (const k of [0, 1]) await picks.nth(k).check();
  await expect(page.locator('[data-testid^="train-held-out-"]')).toHaveCount(1);
  for (const k of [0, 1]) await picks.nth(k).uncheck();
  await byTest('train-name').fill('');
  await byTest('tab-plan').click();
});

test('the page reported no errors of its own', () => {
  expect(session.errors).toEqual([]);
});
