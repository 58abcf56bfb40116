/**
 * Finding stops on a long day: the box above the customer table (in its panel's title line) narrows the rows to the
 * customers whose id, name or address contains the typed text, and the title's count says how many it shows; the id
 * column's heading sorts by name too. Both only change what is shown: edits, a pasted block, the keyboard's moves and
 * Undo act on the customers seen, and the day keeps its customers in their stored order.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import Papa from 'papaparse';
import { cityDayPage } from './support/city-day-page.js';
import { importCsv } from './support/csv-import.js';
import { CITY_DAY_CSV } from './support/fixtures.js';

const app = cityDayPage('filter.csv');
const byTest = app.byTest;
/** The ids of the rows shown, top to bottom. */
const shownRows = () =>
  app.page
    .locator('[data-testid^="customer-row-"]:visible')
    .evaluateAll((rows) => rows.map((r) => (r as unknown as { dataset: { testid: string } }).dataset.testid.slice('customer-row-'.length)));
/** The city day by name: Bakery Moll, Bio Markt Ost, Blumen Kraus, Buchladen Mitte, Café Linde, Corner Shop Ay, ... */
const BY_NAME = ['S1', 'S5', 'S7', 'S10', 'S3', 'S2', 'S6', 'S4', 'S9', 'S8'];
/**
 * Each customer's demand in the day on screen, in the day's order, as Export CSV writes it: the customers the box
 * hides are not on the page (the table draws the rows it shows), so the day is read, not their cells.
 */
async function dayDemands(): Promise<Record<string, string>> {
  await byTest('export-instance').click();
  const [file] = await Promise.all([app.page.waitForEvent('download'), byTest('export-instance-csv').click()]);
  const rows = Papa.parse<Record<string, string>>(await readFile((await file.path())!, 'utf8'), { header: true }).data;
  return Object.fromEntries(rows.filter((row) => row.type === 'customer').map((row) => [row.id, row.demand]));
}

test('the box shows the customers whose id, name or address holds the text, whatever its case, and counts them', async () => {
  const filter = byTest('customer-filter');
  await expect(byTest('customer-filter-count')).toHaveText('10');
  const tableAt = async () => (await byTest('customer-table').boundingBox())!.y;
  const before = await tableAt();
  await filter.fill('ALLEE');
  expect(await shownRows()).toEqual(['S3', 'S4', 'S5', 'S10']);
  await expect(byTest('customer-filter-count')).toHaveText('4 of 10');
  // The box stays in the title's line beside the longer count: the table does not move as the dispatcher types.
  expect(await tableAt()).toBe(before);
  await filter.fill('bakery');
  expect(await shownRows()).toEqual(['S1']);
  await filter.fill('s1');
  expect(await shownRows()).toEqual(['S1', 'S10']);
  await expect(byTest('customer-filter-count')).toHaveText('2 of 10');
  await filter.fill('Potsdam');
  expect(await shownRows()).toEqual([]);
  await expect(byTest('customer-filter-none')).toHaveText(
    "No customer's id, name or address contains “Potsdam”: clear the box to see them all.",
  );
  // Escape (or emptying the box) shows them all again.
  await filter.press('Escape');
  await expect(filter).toHaveValue('');
  expect(await shownRows()).toEqual(['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8', 'S9', 'S10']);
  await expect(byTest('customer-filter-count')).toHaveText('10');
});

test('the id heading sorts by id, then the reverse, then by name and its reverse, and back to the ids', async () => {
  const ids = ['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8', 'S9', 'S10'];
  expect(await shownRows()).toEqual(ids);
  await byTest('sort-id').click();
  expect(await shownRows()).toEqual([...ids].reverse());
  await byTest('sort-id').click();
  expect(await shownRows()).toEqual(BY_NAME);
  // The heading says what it sorts by now.
  await expect(byTest('sort-id')).toHaveText('Name\u2009▴');
  await expect(byTest('sort-id')).toHaveAttribute('aria-sort', 'ascending');
  await byTest('sort-id').click();
  expect(await shownRows()).toEqual([...BY_NAME].reverse());
  await byTest('sort-id').click();
  expect(await shownRows()).toEqual(ids);
  await expect(byTest('sort-id')).toHaveText('ID\u2009▴');
});

test('filtered and sorted, a pasted block, Enter, the arrows and Undo act on the customers shown; the day keeps its order', async () => {
  const { page } = app;
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const all = ['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8', 'S9', 'S10'];
  const before = await dayDemands();
  await byTest('customer-filter').fill('allee');
  // Sorted by id: two clicks on its heading sort by name.
  for (let i = 0; i < 2; i++) await byTest('sort-id').click();
  // Bio Markt Ost, Buchladen Mitte, Café Linde, Kiosk Nord.
  expect(await shownRows()).toEqual(['S5', 'S10', 'S3', 'S4']);
  // A column of three pasted at Buchladen Mitte fills the rows below it on screen, past the customers hidden between.
  await page.evaluate(`navigator.clipboard.writeText(${JSON.stringify('11\r\n12\r\n13\r\n')})`);
  await byTest('edit-demand-S10').focus();
  await page.keyboard.press('Control+v');
  expect(await dayDemands()).toEqual({ ...before, S10: '11', S3: '12', S4: '13' });
  await app.session.screenshot('table-filter-pasted');
  // Enter commits and goes down to the next row shown; the arrow comes back up.
  await byTest('edit-demand-S3').fill('9');
  await page.keyboard.press('Enter');
  await expect(byTest('edit-demand-S4')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(byTest('edit-demand-S3')).toBeFocused();
  await expect(byTest('edit-demand-S3')).toHaveValue('9');
  // Undo takes back the typed value, then the whole block, from the customers they were made on.
  await byTest('undo').click();
  await expect(byTest('edit-demand-S3')).toHaveValue('12');
  await byTest('undo').click();
  expect(await dayDemands()).toEqual(before);
  await byTest('redo').click();
  // Sorting and filtering left the day's order alone: the exported day lists the customers as imported.
  await byTest('export-instance').click();
  const [file] = await Promise.all([page.waitForEvent('download'), byTest('export-instance-csv').click()]);
  const ids = (await readFile((await file.path())!, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => /^customer,([^,]+),/.exec(line)?.[1])
    .filter(Boolean);
  expect(ids).toEqual(all);
  // Removed from the keyboard, a customer hands the keyboard to the next row shown (Blumen Kraus lies hidden between).
  await page.getByRole('button', { name: 'Remove customer S5', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(byTest('customer-row-S5')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Remove customer S10', exact: true })).toBeFocused();
  await page.keyboard.press('Control+z');
  await expect(byTest('customer-row-S5')).toHaveCount(1);
  await byTest('customer-filter').fill('');
  expect(await shownRows()).toEqual(BY_NAME);
  for (let i = 0; i < 2; i++) await byTest('sort-id').click();
});

test('a refused entry in a row the filter hides stops Save and Plan, which say so, empty the box and put the keyboard in its cell', async () => {
  const { page } = app;
  // An edit to save (Save is offered only then), and an entry that its cell refused.
  await byTest('edit-demand-S2').fill('7');
  await page.keyboard.press('Enter');
  await byTest('edit-demand-S8').fill('twelve');
  await page.keyboard.press('Enter');
  await expect(byTest('edit-demand-S8')).toHaveAttribute('aria-invalid', 'true');
  for (const [button, again] of [
    ['save-instance', 'save'],
    ['plan-button', 'plan'],
  ] as const) {
    await byTest('customer-filter').fill('bakery');
    expect(await shownRows()).toEqual(['S1']);
    await byTest(button).click();
    await expect(page.locator('.banner-stack')).toContainText(
      `Demand of S8 holds “twelve”, which it refused, in a row the find box hid: the box is cleared to show it; correct it, or press Escape in it to keep the old value, then ${again} again`,
    );
    await expect(byTest('customer-filter')).toHaveValue('');
    await expect(byTest('edit-demand-S8')).toBeFocused();
    await expect(byTest('edit-demand-S8')).toHaveValue('twelve');
  }
  await page.keyboard.press('Escape');
  await expect(byTest('edit-demand-S8')).toHaveValue('6');
  // With the old value kept, the day saves: nothing is left unsaved for the next day opened to ask about.
  await byTest('save-instance').click();
  await expect(byTest('unsaved-badge')).toHaveCount(0);
  while ((await page.getByTestId('dismiss-error').count()) > 0) await page.getByTestId('dismiss-error').first().click();
});

test('the map fades the stops the box hides, so that it finds them on the map too, and shows them all once it is cleared', async () => {
  // A marker's opacity is set on its host, the element Leaflet places (markers.ts draws the stop inside it).
  const marker = (id: string) => byTest(`marker-${id}`).locator('xpath=..');
  const all = ['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8', 'S9', 'S10'];
  const found = ['S3', 'S4', 'S5', 'S10'];
  await byTest('customer-filter').fill('allee');
  for (const id of all) await expect(marker(id), id).toHaveCSS('opacity', found.includes(id) ? '1' : '0.3');
  await byTest('customer-filter').press('Escape');
  for (const id of all) await expect(marker(id), id).toHaveCSS('opacity', '1');
});

test('the box is cleared when another day is opened: its count is of the day on screen, not of a filter typed on another', async () => {
  const { page } = app;
  const entry = (name: string) => page.locator('[data-testid^="history-instance-"]', { hasText: name }).first();
  await byTest('customer-filter').fill('allee');
  await expect(byTest('customer-filter-count')).toHaveText('4 of 10');
  // Another day imported is opened with every customer shown.
  await importCsv(page, 'second-day.csv', CITY_DAY_CSV, { vehicles: 3, capacity: 30, speedKmh: 25 });
  await expect(byTest('instance-name')).toHaveValue('second-day');
  await expect(byTest('customer-filter')).toHaveValue('');
  await expect(byTest('customer-filter-count')).toHaveText('10');
  // So is a day opened from the history.
  await byTest('customer-filter').fill('bakery');
  await expect(byTest('customer-filter-count')).toHaveText('1 of 10');
  await entry('filter').click();
  await expect(byTest('instance-name')).toHaveValue('filter');
  await expect(byTest('customer-filter')).toHaveValue('');
  expect(await shownRows()).toHaveLength(10);
});

test('a customer added while the box hides it empties the box, so that its row shows to be filled in; one it finds keeps it', async () => {
  const add = async (name: string) => {
    await byTest('add-customer').click();
    await byTest('add-customer-name').fill(name);
    await byTest('add-customer-first').fill('52.5150');
    await byTest('add-customer-second').fill('13.4420');
    await byTest('add-customer-demand').fill('2');
    await byTest('add-customer-confirm').click();
    await byTest('add-customer-dialog').waitFor({ state: 'detached' });
  };
  await byTest('customer-filter').fill('allee');
  await expect(byTest('customer-filter-count')).toHaveText('4 of 10');
  // Its name holds the text: the box stays, and counts it.
  await add('Kiosk Allee');
  await expect(byTest('customer-filter')).toHaveValue('allee');
  await expect(byTest('customer-filter-count')).toHaveText('5 of 11');
  await expect(byTest('customer-row-S11')).toBeVisible();
  // It does not: the box is emptied and the new row shows.
  await add('Bike Shop Ost');
  await expect(byTest('customer-filter')).toHaveValue('');
  await expect(byTest('customer-row-S12')).toBeVisible();
  expect(await shownRows()).toHaveLength(12);
});
