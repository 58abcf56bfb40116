/**
 * Times in a dispatcher's CSV at 1280 x 800: a dotted "7.30" or an hour past midnight ("25:00") in a file of
 * HH:MM times is refused with its row, and a file whose rows break several rules lists every problem of every
 * row, each named by its CSV row and with its times as HH:MM. Nothing is imported from a refused file.
 */
import { expect, type Page, test } from '@playwright/test';
import { type AppSession, openApp } from './support/browser.js';
import { clockCsv } from './support/fixtures.js';

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
  await byTest('csv-file-input').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await byTest('csv-dialog').waitFor();
  await byTest('csv-vehicles').fill('3');
  await byTest('csv-capacity').fill('30');
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
  expect(problems).toEqual(["row 5, column due: '25:00' is not a number or a time of day HH:MM (00:00 to 24:00)"]);
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
    'row 3: ready time 11:00 is after due time 09:30 for customer C1',
    "row 5, column due: '25:00' is not a number or a time of day HH:MM (00:00 to 24:00)",
    "row 5, column ready: '8.15' is a plain number, but this file's times are HH:MM: write it as a time of day, e.g. 08:15",
    'row 6: ready time 13:00 is after due time 12:00 for customer C4',
  ]);
  await expect(byTest('csv-errors')).toContainText('5 problems');
  await session.screenshot('csv-every-problem');
  await cancelImport();
});

test('the page reported no errors of its own', () => {
  expect(session.errors).toEqual([]);
});
