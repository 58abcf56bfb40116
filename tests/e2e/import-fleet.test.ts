/**
 * The import dialog's fleet fields in a browser that has imported nothing yet (no fleet remembered): a file opened with
 * no capacity typed says which field of the dialog to type, in the dispatcher's words rather than the API's.
 */
import { expect, type Page, test } from '@playwright/test';
import { type AppSession, openApp } from './support/browser.js';
import { GEO_CSV } from './support/fixtures.js';

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
