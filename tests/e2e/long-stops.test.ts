/**
 * A day of long stops (installations, not parcels): the learned models were mostly trained on short stops, so a plan
 * made with one says so above its figures; the same day planned with JAMPR + local search does not carry the notice.
 */
import { expect, test } from '@playwright/test';
import { type AppSession, openApp } from './support/browser.js';
import { confirmCsvImport, openCsvImport } from './support/csv-import.js';

const DAY_CSV = [
  'id,name,lat,lon,demand,ready,due,service',
  'D,Depot Mitte,52.5200,13.4050,0,07:00,17:00,0',
  'K1,Küche Nord,52.5350,13.4100,5,08:00,12:00,45',
  'K2,Bad Ost,52.5150,13.4400,6,09:00,15:00,40',
  'K3,Küche West,52.5250,13.3700,4,08:00,16:00,50',
  'K4,Bad Süd,52.4900,13.4000,5,10:00,16:00,35',
].join('\n');

let session: AppSession;

test.afterAll(async () => {
  await session?.close();
});

test('a learned plan on a day of long stops says that the models were mostly trained on shorter stops', async ({ browser }) => {
  session = await openApp(browser, { unreachableTiles: true });
  const { page } = session;
  const byTest = (id: string) => page.getByTestId(id);
  await openCsvImport(page, 'long-stops.csv', DAY_CSV, { vehicles: 2, capacity: 20, speedKmh: 30 });
  await confirmCsvImport(page);
  await byTest('policy-name').selectOption('tw1');
  await byTest('method').selectOption('jampr-greedy');
  await byTest('plan-button').click();
  await expect(byTest('plan-meta')).toContainText('JAMPR', { timeout: 60_000 });
  await expect(byTest('plan-model-notice')).toContainText("This day's stops take 43 min on average");
  await expect(byTest('not-served')).toHaveCount(0);
  // Routes edited by hand are not the model's any more: the notice about the model goes, and comes back with Undo edits.
  const chip = byTest('legend-route-0').locator('[data-testid^="stop-chip-"]').first();
  if (!(await chip.getAttribute('class'))?.includes('selected')) await chip.click();
  await byTest('move-stop-select').selectOption('1');
  await expect(byTest('edit-bar')).toBeVisible();
  await expect(byTest('plan-model-notice')).toHaveCount(0);
  await byTest('reset-edit').click();
  await expect(byTest('plan-model-notice')).toHaveCount(1);

  await byTest('method').selectOption('jampr-ls');
  await byTest('method-effort').fill('1');
  await byTest('plan-button').click();
  await expect(byTest('plan-meta')).toContainText('local search', { timeout: 60_000 });
  await expect(byTest('plan-model-notice')).toHaveCount(0);
});
