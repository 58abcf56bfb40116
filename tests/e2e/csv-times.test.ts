/**
 * Times in a dispatcher's CSV at 1280 x 800: a dotted "7.30" or an hour past midnight ("25:00") in a file of
 * HH:MM times is refused with its row, and a file whose rows break several rules lists every problem of every
 * row, each named by its CSV row and with its times as HH:MM. Nothing is imported from a refused file. Then, on
 * the imported clock-time day: a window edited shut is explained in its row at once, edits undo as a dispatcher
 * expects (a typed name in one step, customer edits across a new plan), and the tables fit their panels.
 */
import { expect, type Page, test } from '@playwright/test';
import { type AppSession, openApp } from './support/browser.js';
import { clockCsv } from './support/fixtures.js';
import { confirmCsvImport, importCsv, openCsvImport } from './support/csv-import.js';

test.describe.configure({ mode: 'serial' });

let session: AppSession;
let page: Page;
const byTest = (id: string) => page.getByTestId(id);
const savedInstances = () => page.locator('[data-testid^="history-instance-"]');
let savedBefore = 0;

test.beforeAll(async ({ browser }) => {
  session = await openApp(browser);
  page = session.page;
  await page.locator('[data-testid="history"][data-loaded="true"]').waitFor();
  savedBefore = await savedInstances().count();
});
test.afterAll(async () => {
  await session?.close();
});

/** Opens the import dialog on `csv` with a fleet filled in and returns the listed problems once they show. */
async function problemsOf(fileName: string, csv: string): Promise<string[]> {
  await openCsvImport(page, fileName, csv, { vehicles: 3, capacity: 30 });
  await byTest('csv-error-row').first().waitFor();
  await expect(byTest('csv-confirm'), 'Import is not offered for a refused file').toBeDisabled();
  return byTest('csv-error-row').allTextContents();
}

async function cancelImport() {
  await byTest('csv-cancel').click();
  await byTest('csv-dialog').waitFor({ state: 'detached' });
  await expect(savedInstances(), 'nothing was imported').toHaveCount(savedBefore);
}

test('a dotted time "7.30" in a file of HH:MM times is refused with its row and the HH:MM it should be', async () => {
  const problems = await problemsOf('dotted.csv', clockCsv({ 2: { ready: '7.30' } }));
  expect(problems).toEqual([
    "row 4, column ready: '7.30' is a plain number, but this file's times are HH:MM: write it as a time of day, e.g. 07:30",
  ]);
  await session.screenshot('csv-dotted-time');
  await cancelImport();
});

test('"25:00" is refused as a time of day', async () => {
  const problems = await problemsOf('late-hour.csv', clockCsv({ 3: { due: '25:00' } }));
  expect(problems).toEqual([
    "row 5, column due: '25:00' is not a number, a time of day HH:MM (00:00 to 24:00, or 9:00 AM) or a date and time (2026-11-27 08:00)",
  ]);
  await session.screenshot('csv-hour-past-midnight');
  await cancelImport();
});

test('every problem of every row is listed, named by its CSV row, with times as HH:MM', async () => {
  // Row 3: a bad demand and a window that closes before it opens; row 5: two bad cells; row 6: closes before it opens.
  const csv = clockCsv({
    1: { demand: 'lots', ready: '11:00', due: '09:30' },
    3: { ready: '8.15', due: '25:00' },
    4: { ready: '13:00', due: '12:00' },
  });
  const problems = await problemsOf('many-problems.csv', csv);
  expect(problems).toEqual([
    "row 3, column demand: 'lots' is not a number",
    "row 3, columns ready, due: ready time '11:00' is after due time '09:30' for customer C1",
    "row 5, column due: '25:00' is not a number, a time of day HH:MM (00:00 to 24:00, or 9:00 AM) or a date and time (2026-11-27 08:00)",
    "row 5, column ready: '8.15' is a plain number, but this file's times are HH:MM: write it as a time of day, e.g. 08:15",
    "row 6, columns ready, due: ready time '13:00' is after due time '12:00' for customer C4",
  ]);
  await expect(byTest('csv-errors')).toContainText('5 problems');
  await session.screenshot('csv-every-problem');
  await cancelImport();
});

test('a refused file shows its warnings under its problems: the due time without PM that closed the window before it opened', async () => {
  const csv = [
    'id,x,y,demand,ready,due,service',
    'D,50,50,0,6:00 AM,6:00 PM,0',
    'A,50.1,50,5,11:00 AM,1:00,5',
    'B,50,50.1,5,9:00 AM,3:00 PM,5',
  ];
  const problems = await problemsOf('pm-missing.csv', csv.join('\n'));
  expect(problems).toEqual(["row 3, columns ready, due: ready time '11:00 AM' is after due time '1:00' for customer A"]);
  await expect(byTest('csv-warning')).toHaveText([
    "row 3, column due: '1:00' is written without AM or PM where the file's other times have them: read as 01:00, before the shift opens at '6:00 AM'. If the afternoon is meant, write 1:00 PM",
  ]);
  await expect(byTest('csv-warnings')).toBeInViewport();
  await session.screenshot('csv-refused-with-warning');
  await cancelImport();
});

test('a file written with dotted times only ("7.30", no HH:MM) is warned about before it can be imported', async () => {
  const csv = ['id,x,y,demand,ready,due,service', 'D,50,50,0,7,18,0', 'A,50.1,50,5,7.30,11.00,0.1', 'B,50,50.1,5,8.15,12,0.1'].join('\n');
  await openCsvImport(page, 'dotted-only.csv', csv, { capacity: 30 });
  await byTest('csv-preview').waitFor();
  await expect(byTest('csv-warning')).toHaveText(
    "row 3, column ready: '7.30' and 2 more look like times of day written with a dot; they are read as minutes (7.30 = 7.3 minutes). If they are clock times, write them as HH:MM, e.g. 07:30",
  );
  await expect(byTest('csv-confirm'), 'warned, not refused: the dispatcher decides').toBeEnabled();
  await session.screenshot('csv-dotted-times-warning');
  await cancelImport();
});

test('a due time before the ready time is explained in its row as soon as the cell is left, in HH:MM, before any save', async () => {
  // The file is dropped on a dialog opened for another one: the fleet typed there is the fleet imported, as shown.
  const other = ['id,x,y,demand,ready,due,service', 'D,50,50,0,0,1000,0', 'A,51,50,5,0,100,1'].join('\n');
  await openCsvImport(page, 'first-try.csv', other, { vehicles: 3, capacity: 30 });
  await byTest('csv-preview').waitFor();
  await byTest('csv-file-input').setInputFiles({ name: 'clock-day.csv', mimeType: 'text/csv', buffer: Buffer.from(clockCsv()) });
  await expect(byTest('csv-dialog')).toContainText('clock-day.csv');
  await expect(byTest('csv-vehicles')).toHaveValue('3');
  await confirmCsvImport(page);
  await expect(byTest('fleet-vehicles')).toHaveValue('3');
  await expect(byTest('fleet-capacity')).toHaveValue('30');
  await expect(byTest('edit-due-C2')).toHaveValue('12:00');

  await byTest('edit-due-C2').fill('08:30');
  await byTest('edit-due-C2').press('Tab');
  await expect(byTest('customer-errors-C2')).toHaveText('ready time 09:00 is after due time 08:30 for customer C2');
  await expect(byTest('customer-row-C2')).toHaveClass(/row-invalid/);
  await expect(byTest('error-banner'), 'nothing was saved, so no save failed').toHaveCount(0);
  await expect(byTest('edit-due-C2'), 'the edit is kept').toHaveValue('08:30');
  await expect(page.locator('[data-testid^="customer-errors-"]'), 'only the broken row is flagged').toHaveCount(1);
  await session.screenshot('customer-window-inline-error');

  await byTest('edit-due-C2').fill('12:00');
  await byTest('edit-due-C2').press('Enter');
  await expect(byTest('customer-errors-C2')).toHaveCount(0);
});

test('typing a name is one undo step, and customer edits stay undoable after planning', async () => {
  const name = byTest('instance-name');
  await expect(name).toHaveValue('clock-day');
  await name.press('End');
  await name.pressSequentially(' v2');
  await expect(name).toHaveValue('clock-day v2');
  // Inside the field Ctrl+Z is the field's own text undo; the app's undo works once the field is left.
  await name.press('Tab');
  await page.keyboard.press('Control+z');
  await expect(name, 'one undo takes back the whole word').toHaveValue('clock-day');
  await page.locator('body').press('Control+Shift+Z');
  await expect(name).toHaveValue('clock-day v2');

  await byTest('edit-demand-C1').fill('7');
  await byTest('edit-demand-C1').press('Enter');
  await byTest('method').selectOption('classical');
  await byTest('method-effort').fill('0.5');
  await byTest('plan-button').click();
  await expect(byTest('plan-meta')).toBeVisible({ timeout: 60_000 });
  await expect(byTest('undo'), 'a new plan keeps the edits undoable').toBeEnabled();
  await page.locator('body').press('Control+z');
  await expect(byTest('edit-demand-C1')).toHaveValue('5');
  await page.locator('body').press('Control+z');
  await expect(name).toHaveValue('clock-day');
  await expect(byTest('unsaved-badge'), 'undoing saved edits leaves them to save again').toBeVisible();
  await page.locator('body').press('Control+Shift+Z');
  await page.locator('body').press('Control+Shift+Z');
  await expect(byTest('edit-demand-C1')).toHaveValue('7');
  await expect(name).toHaveValue('clock-day v2');
});

/** The element shows all its content across: nothing to scroll sideways inside it. */
async function expectFitsAcross(testId: string) {
  const script = `(() => { const el = document.querySelector('[data-testid="${testId}"]'); return [el.scrollWidth, el.clientWidth]; })()`;
  const [scroll, client] = (await page.evaluate(script)) as [number, number];
  expect(scroll, `${testId}: content ${scroll} px wide in ${client} px`).toBeLessThanOrEqual(client);
}

test('the customer and models tables fit their panels at 1280 px without sideways scrolling', async () => {
  await expectFitsAcross('customer-table-scroll');
  await session.screenshot('customer-table-fits');
  await byTest('tab-training').click();
  await byTest('models-table').waitFor();
  await expectFitsAcross('models-table-scroll');
  // The widest row: an active model shows its badge and the "Automatic choice" button. Put back afterwards.
  const row = page.locator('[data-testid^="model-row-"]', { hasText: 'am-tw3-n50' });
  await row.locator('[data-testid^="activate-model-"]').click();
  await row.locator('[data-testid^="model-active-"]').waitFor();
  await expectFitsAcross('models-table-scroll');
  await session.screenshot('models-table-fits');
  await row.locator('[data-testid^="automatic-model-"]').click();
  await row.locator('[data-testid^="activate-model-"]').waitFor();
  await byTest('tab-plan').click();
});

test('a CSV a spreadsheet saved in Windows-1252 shows its names intact, accents and ß included, and says how it was read', async () => {
  const csv = [
    'id,name,x,y,demand,ready,due,service',
    'D,Lager Süd,50,50,0,07:00,18:00,0',
    'C1,Bäckerei Straße,52,50,5,08:00,11:00,10',
  ].join('\n');
  // Each character one byte, as Windows-1252 writes them: ä E4, ü FC, ß DF (not valid UTF-8).
  const bytes = Buffer.from(Uint8Array.from(csv, (ch) => ch.charCodeAt(0)));
  await page.getByTestId('csv-file-input').setInputFiles({ name: 'ansi.csv', mimeType: 'text/csv', buffer: bytes });
  await byTest('csv-dialog').waitFor();
  // The dialog takes the keyboard: focus starts in its first field and Tab never leaves it for the page behind.
  await expect(byTest('csv-vehicles')).toBeFocused();
  for (let k = 0; k < 8; k++) await page.keyboard.press('Tab');
  await expect(page.locator('[data-testid="csv-dialog"] :focus')).toHaveCount(1);
  await page.keyboard.press('Shift+Tab');
  await expect(page.locator('[data-testid="csv-dialog"] :focus')).toHaveCount(1);
  await byTest('csv-capacity').fill('30');
  await expect(byTest('csv-preview')).toContainText('Bäckerei Straße');
  await expect(byTest('csv-warnings')).toContainText("read in the code page Windows-1252 (Western European), as in 'Süd'");
  // A fleet value that is not a number holds Import back and says why; it never imports the earlier value (30).
  await expect(byTest('csv-confirm')).toBeEnabled();
  await byTest('csv-capacity').fill('1,000');
  await expect(byTest('csv-dialog')).toContainText('write 1000, without the comma');
  await expect(byTest('csv-confirm')).toBeDisabled();
  await byTest('csv-capacity').fill('1000');
  await expect(byTest('csv-confirm')).toBeEnabled();
  await byTest('csv-vehicles').fill('2.5');
  await expect(byTest('csv-dialog')).toContainText('must be a whole number');
  await expect(byTest('csv-confirm')).toBeDisabled();
  await byTest('csv-cancel').click();
  await byTest('csv-dialog').waitFor({ state: 'detached' });
});

test('a CSV saved in Windows-1250 (Polish Excel) shows its names as written, and the dialog says which code page it read', async () => {
  const csv = ['id,name,x,y,demand,ready,due,service', 'D,Magazyn Łódź,50,50,0,07:00,18:00,0', 'C1,Dvořák,52,50,5,08:00,11:00,10'].join(
    '\n',
  );
  const cp1250: Record<string, number> = { Ł: 0xa3, ó: 0xf3, ź: 0x9f, ř: 0xf8, á: 0xe1 };
  const bytes = Buffer.from(Uint8Array.from(csv, (ch) => cp1250[ch] ?? ch.charCodeAt(0)));
  await page.getByTestId('csv-file-input').setInputFiles({ name: 'polish.csv', mimeType: 'text/csv', buffer: bytes });
  await byTest('csv-dialog').waitFor();
  await byTest('csv-capacity').fill('30');
  await expect(byTest('csv-preview')).toContainText('Dvořák');
  await expect(byTest('csv-warnings')).toContainText('read in the code page windows-1250 (Central European)');
  await byTest('csv-cancel').click();
  await byTest('csv-dialog').waitFor({ state: 'detached' });
});

test('blank window cells follow the shift when its hours change; a typed window keeps its own', async () => {
  const csv = [
    'id,lat,lon,demand,ready,due,service',
    'D,53.55,9.99,0,07:00,18:00,0',
    'ALL,53.56,10.00,3,,,10',
    'SHOP,53.54,9.98,3,07:00,18:00,10',
  ].join('\n');
  await importCsv(page, 'all-day.csv', csv, { vehicles: 2, capacity: 30, speedKmh: 30 });
  await expect(byTest('edit-due-ALL')).toHaveValue('18:00');
  await expect(byTest('edit-due-ALL')).toHaveAttribute('title', /follows the shift end/);
  await expect(byTest('edit-due-SHOP')).toHaveAttribute('title', /Empty: closes with the shift/);
  // Overtime: the shift now runs 06:00–20:00.
  for (const [cell, time] of [
    ['fleet-depot-ready', '06:00'],
    ['fleet-depot-due', '20:00'],
  ]) {
    await byTest(cell).fill(time);
    await byTest(cell).press('Enter');
  }
  await expect(byTest('edit-ready-ALL')).toHaveValue('06:00');
  await expect(byTest('edit-due-ALL')).toHaveValue('20:00');
  await expect(byTest('edit-ready-SHOP')).toHaveValue('07:00');
  await expect(byTest('edit-due-SHOP')).toHaveValue('18:00');
  // A time typed into the cell is the customer's own from then on.
  await byTest('edit-due-ALL').fill('12:00');
  await byTest('edit-due-ALL').press('Enter');
  await expect(byTest('edit-due-ALL')).not.toHaveAttribute('title', /follows the shift/);
  await byTest('fleet-depot-due').fill('19:00');
  await byTest('fleet-depot-due').press('Enter');
  await expect(byTest('edit-due-ALL')).toHaveValue('12:00');
  await expect(byTest('edit-ready-ALL')).toHaveValue('06:00');
  // Typed, even as the shift's own hour, a time is the customer's: it stays when the shift starts earlier.
  await byTest('edit-ready-ALL').selectText();
  await byTest('edit-ready-ALL').pressSequentially('06:00');
  await byTest('edit-ready-ALL').press('Enter');
  await expect(byTest('edit-ready-ALL')).not.toHaveAttribute('title', /follows the shift/);
  await byTest('fleet-depot-ready').fill('05:30');
  await byTest('fleet-depot-ready').press('Enter');
  await expect(byTest('edit-ready-ALL')).toHaveValue('06:00');
  // An emptied cell follows the shift again, as a blank cell in the file did.
  await byTest('edit-due-ALL').fill('');
  await byTest('edit-due-ALL').press('Enter');
  await expect(byTest('edit-due-ALL')).toHaveValue('19:00');
  await expect(byTest('edit-due-ALL')).toHaveAttribute('title', /follows the shift end/);
  // The same hour pasted over it (the text does not change) is the customer's own too.
  await byTest('edit-due-ALL').dispatchEvent('paste');
  await byTest('edit-due-ALL').press('Enter');
  await expect(byTest('edit-due-ALL')).not.toHaveAttribute('title', /follows the shift/);
});

test('the page reported no errors of its own', () => {
  expect(session.errors).toEqual([]);
});
