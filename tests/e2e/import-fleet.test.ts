/**
 * The import dialog's fleet fields in a browser that has imported nothing yet (no fleet remembered): a file opened with
 * no capacity typed says which field of the dialog to type, in the dispatcher's words rather than the API's; and what
 * the dispatcher typed into a dialog they cancelled to correct the file is still there when the file is picked again;
 * an import the API refuses after its preview passed says the dialog's words in the banner too; and once imported, a fleet
 * edited below the day's demand is told by the fleet settings.
 */
import { expect, type Page, test } from '@playwright/test';
import { type AppSession, openApp } from './support/browser.js';
import { GEO_CSV, clockCsv } from './support/fixtures.js';

test.describe.configure({ mode: 'serial' });

let session: AppSession;
let page: Page;
const byTest = (id: string) => page.getByTestId(id);

test.beforeAll(async ({ browser }) => {
  session = await openApp(browser);
  page = session.page;
});
test.afterAll(async () => {
  await session?.close();
});

async function pick(fileName: string, csv: string) {
  await byTest('csv-file-input').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await byTest('csv-dialog').waitFor();
}

async function cancel() {
  await byTest('csv-cancel').click();
  await byTest('csv-dialog').waitFor({ state: 'detached' });
}

test('with no fleet typed, the dialog says which of its fields to type, not which request field to send', async () => {
  await pick('no-fleet.csv', GEO_CSV);
  await expect(byTest('csv-error-row')).toHaveText([
    'the vehicle capacity is required: type it in the Capacity field above',
    'the travel speed in km/h is required for lat/lon data: type it in the Speed km/h field above',
  ]);
  await expect(byTest('csv-dialog')).not.toContainText('send it as');
  await session.screenshot('import-fleet-asked');
  await cancel();
});

test('the fleet typed before cancelling a refused file is still in the fields when the corrected file is picked', async () => {
  await pick('monday.csv', clockCsv({ 2: { ready: '7.30' } }));
  await byTest('csv-vehicles').fill('3');
  await byTest('csv-capacity').fill('30');
  await byTest('csv-speed').fill('');
  await expect(byTest('csv-error-row')).toHaveText([/'7\.30' is a plain number/]);
  await cancel();
  await pick('monday.csv', clockCsv());
  await expect(byTest('csv-vehicles')).toHaveValue('3');
  await expect(byTest('csv-capacity')).toHaveValue('30');
  await expect(byTest('csv-preview')).toBeVisible();
  await cancel();
});

test('an import refused after its preview passed says which field of the dialog to type, in the banner as in the dialog', async () => {
  await pick('tuesday.csv', clockCsv());
  await byTest('csv-vehicles').fill('3');
  await byTest('csv-capacity').fill('30');
  await expect(byTest('csv-preview')).toBeVisible();
  // The import request goes without the capacity the preview had (as a request other than the one previewed would):
  // the real server refuses it.
  await page.route(/\/api\/instances%3AimportCsv$/, async (route) => {
    const { capacity: _left, ...request } = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify(request) });
  });
  await byTest('csv-confirm').click();
  await expect(byTest('csv-error-row')).toHaveText(['the vehicle capacity is required: type it in the Capacity field above']);
  await expect(byTest('error-banner')).toContainText('type it in the Capacity field above');
  await expect(byTest('error-banner')).not.toContainText('send it as');
  await page.unroute(/\/api\/instances%3AimportCsv$/);
  await cancel();
});

test('a Solomon file opens with the fleet it names, not the one typed for a CSV, and imports with it', async () => {
  const solomon = [
    'TINY',
    '',
    'VEHICLE',
    'NUMBER     CAPACITY',
    '  2         50',
    '',
    'CUSTOMER',
    'CUST NO.  XCOORD.   YCOORD.    DEMAND   READY TIME  DUE DATE   SERVICE   TIME',
    '',
    '    0      10         10          0          0        200          0',
    '    1      12         10          5         10        100         10',
    '    2      10         14          7         20        150         10',
  ].join('\r\n');
  // A CSV's fleet typed, then the dialog cancelled: a CSV picked next would start from it, a Solomon file does not.
  await pick('wednesday.csv', clockCsv());
  await byTest('csv-capacity').fill('30');
  await cancel();
  await pick('r-tiny.txt', solomon);
  // The day is named by the name inside the file, as jampr names it (importedDayName), not after r-tiny.txt.
  await expect(byTest('csv-preview')).toContainText(
    'read as the day “TINY”, planar x/y, a Solomon instance: times in minutes, 2 vehicles of capacity 50.',
  );
  await expect(byTest('csv-capacity')).toHaveValue('');
  await expect(byTest('csv-capacity')).toHaveAttribute('placeholder', "50 (the file's)");
  await expect(byTest('csv-vehicles')).toHaveAttribute('placeholder', "2 (the file's)");
  await expect(byTest('csv-columns')).toContainText('READY TIME');
  await byTest('csv-confirm').click();
  await byTest('csv-dialog').waitFor({ state: 'detached' });
  await expect(page.locator('[data-testid^="customer-row-"]')).toHaveCount(2);
});

test('a fleet or a demand edited past what the fleet carries is told by the fleet settings, with the figures, as it is typed', async () => {
  // The Solomon day just imported: demands 5 and 7, 2 vehicles of 50.
  const told = page.getByRole('status', { name: 'Warnings about the day' });
  await expect(told).toBeEmpty();
  await byTest('fleet-vehicles').fill('1');
  await byTest('fleet-vehicles').press('Enter');
  await byTest('fleet-capacity').fill('10');
  await byTest('fleet-capacity').press('Enter');
  const short =
    "The day's demand 12 is more than the fleet carries (1 × 10 = 10): every plan leaves customers unserved; add vehicles or capacity";
  await expect(told.getByTestId('day-warning')).toHaveText([short]);
  await expect(byTest('fleet-settings').getByTestId('day-warnings')).toBeVisible();
  // The day's warning, not a customer's: on no row.
  await expect(page.locator('[data-testid^="customer-warnings-"]')).toHaveCount(0);
  await session.screenshot('fleet-too-small');
  // A demand cut to fit clears it; raised again, it is back with the new total.
  await byTest('edit-demand-2').fill('5');
  await byTest('edit-demand-2').press('Enter');
  await expect(told).toBeEmpty();
  await byTest('edit-demand-2').fill('8');
  await byTest('edit-demand-2').press('Enter');
  await expect(told.getByTestId('day-warning')).toHaveText([short.replace('demand 12', 'demand 13')]);
  // So does a vehicle more.
  await byTest('fleet-vehicles').fill('2');
  await byTest('fleet-vehicles').press('Enter');
  await expect(told).toBeEmpty();
});

test('a VRPLIB file (.vrp, as jampr reads it) is offered by the picker and opens with the fleet it names; a file that is neither says what the Import reads', async () => {
  await expect(byTest('csv-file-input')).toHaveAttribute('accept', /\.vrp/);
  const vrp = [
    'NAME : TINY',
    'TYPE : CVRPTW',
    'DIMENSION : 3',
    'VEHICLES : 2',
    'CAPACITY : 50',
    'SERVICE_TIME : 10',
    'EDGE_WEIGHT_TYPE : EUC_2D',
    'NODE_COORD_SECTION',
    '1 10 10',
    '2 12 10',
    '3 10 14',
    'DEMAND_SECTION',
    '1 0',
    '2 5',
    '3 7',
    'TIME_WINDOW_SECTION',
    '1 0 200',
    '2 10 100',
    '3 20 150',
    'DEPOT_SECTION',
    '1',
    '-1',
    'EOF',
  ].join('\n');
  await pick('wednesday.csv', clockCsv());
  await byTest('csv-capacity').fill('30');
  await cancel();
  await pick('TINY.vrp', vrp);
  await expect(byTest('csv-preview')).toContainText('planar x/y, a VRPLIB instance: times in minutes, 2 vehicles of capacity 50.');
  await expect(byTest('csv-capacity')).toHaveValue('');
  await expect(byTest('csv-capacity')).toHaveAttribute('placeholder', "50 (the file's)");
  await expect(byTest('csv-columns')).toContainText('TIME_WINDOW_SECTION');
  await cancel();

  await pick('notes.txt', 'Tour notes for Friday\nCall the depot at 6\n');
  await expect(byTest('csv-errors')).toContainText('nor a Solomon or VRPLIB instance');
  await expect(byTest('csv-errors')).toContainText('or a VRPLIB instance (.vrp, with NODE_COORD_SECTION)');
  await expect(byTest('csv-errors').locator('li')).toHaveCount(2);
  await cancel();
});
