/**
 * Two windows on one instance: the one that saves second is not allowed to overwrite the other's edits; the app
 * says so and offers to keep its version as a new instance, and both versions are there afterwards.
 */
import { expect, type Page, test } from '@playwright/test';
import { type AppSession, openApp } from './support/browser.js';
import { importCsv } from './support/csv-import.js';

const DAY_CSV = [
  'id,name,lat,lon,demand,ready,due,service',
  'D,Depot,40.4168,-3.7038,0,07:00,17:00,0',
  'M1,Panadería Sol,40.4200,-3.7000,5,08:00,12:00,10',
  'M2,Kiosko Retiro,40.4150,-3.6850,6,09:00,15:00,10',
  'M3,Café Lavapiés,40.4090,-3.7010,4,10:00,16:00,10',
].join('\n');

test.describe.configure({ mode: 'serial' });

const sessions: AppSession[] = [];
test.afterAll(async () => {
  for (const s of sessions) await s.close();
});

async function setDemand(page: Page, id: string, value: string) {
  await page.getByTestId(`edit-demand-${id}`).fill(value);
  await page.getByTestId(`edit-demand-${id}`).press('Enter');
}

async function saveNow(page: Page) {
  await page.getByTestId('save-instance').click();
  await page.getByTestId('unsaved-badge').waitFor({ state: 'detached' });
}

async function openFromHistory(page: Page, name: string) {
  const exactly = page.locator('.history-name').getByText(name, { exact: true });
  const item = page.locator('[data-testid^="history-instance-"]').filter({ has: exactly });
  await item.first().getByTestId('history-open').click();
  await expect(page.getByTestId('instance-name')).toHaveValue(name);
}

test('a save over edits made in another window is refused, and the second version is kept as a copy', async ({ browser }) => {
  const a = await openApp(browser, { unreachableTiles: true });
  const b = await openApp(browser, { unreachableTiles: true });
  sessions.push(a, b);
  await importCsv(a.page, 'two-windows.csv', DAY_CSV, { vehicles: 2, capacity: 20, speedKmh: 30 });
  await b.page.reload();
  await openFromHistory(b.page, 'two-windows');

  // Window B edits the version it opened; window A saves first.
  await setDemand(b.page, 'M2', '7');
  await setDemand(a.page, 'M1', '9');
  await saveNow(a.page);

  // B says at once that its unsaved edits are of a version saved over since, and keeps them; its save is refused, and
  // it may keep them as a copy.
  await expect(b.page.getByTestId('saved-elsewhere')).toContainText(
    '“two-windows” was saved in another tab or window since you opened it here',
  );
  let question = '';
  b.page.once('dialog', (dialog) => {
    question = dialog.message();
    void dialog.accept();
  });
  await b.page.getByTestId('save-instance').click();
  await expect
    .poll(() => question)
    .toContain('“two-windows” was saved in another window after you opened it here, so your edits were not saved over it');
  await expect(b.page.getByTestId('instance-name')).toHaveValue('two-windows (copy)');
  await expect(b.page.getByTestId('unsaved-badge')).toHaveCount(0);
  await expect(b.page.getByTestId('saved-elsewhere')).toHaveCount(0);
  await expect(b.page.getByTestId('edit-demand-M2')).toHaveValue('7');

  // Both versions are stored: A's edit in the original, B's in the copy.
  await openFromHistory(b.page, 'two-windows');
  await expect(b.page.getByTestId('edit-demand-M1')).toHaveValue('9');
  await expect(b.page.getByTestId('edit-demand-M2')).toHaveValue('6');
  expect([...a.errors, ...b.errors]).toEqual([]);
});
