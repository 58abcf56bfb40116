/**
 * Soft windows (tw3) serve on arrival, hours before a window opens where that is cheapest: the plan says so, with the
 * policy whose drivers wait; the same day under partly soft windows (tw2) says nothing.
 */
import { expect, test } from '@playwright/test';
import { type AppSession, openApp } from './support/browser.js';
import { confirmCsvImport, openCsvImport } from './support/csv-import.js';

// Two shops 2-4 km from the depot that open hours after it: a van leaving at 07:00 is there long before them.
const DAY_CSV = [
  'id,name,lat,lon,demand,ready,due,service',
  'D,Depot Mitte,52.5200,13.4050,0,07:00,17:00,0',
  'S1,Buchladen,52.5350,13.4100,5,11:00,13:00,10',
  'S2,Blumen Ost,52.5150,13.4400,6,12:00,15:00,10',
].join('\n');

let session: AppSession;

test.afterAll(async () => {
  await session?.close();
});

test('a soft-window plan serving hours before windows open says so; partly soft windows wait and say nothing', async ({ browser }) => {
  session = await openApp(browser, { unreachableTiles: true });
  const { page } = session;
  const byTest = (id: string) => page.getByTestId(id);
  await openCsvImport(page, 'early.csv', DAY_CSV, { vehicles: 2, capacity: 20, speedKmh: 30 });
  await confirmCsvImport(page);
  await byTest('policy-name').selectOption('tw3');
  await byTest('method').selectOption('classical');
  await byTest('method-effort').fill('1');
  await byTest('plan-button').click();
  await expect(byTest('plan-meta')).toBeVisible({ timeout: 60_000 });
  await expect(byTest('plan-early-service')).toContainText(/This plan serves 2 customers more than an hour before their windows open/);
  await expect(byTest('plan-early-service')).toContainText('plan with partly soft windows (tw2), whose drivers wait');
  await byTest('policy-name').selectOption('tw2');
  await byTest('plan-button').click();
  await expect(byTest('plan-meta')).toContainText('partly soft', { timeout: 60_000 });
  await expect(byTest('plan-early-service')).toHaveCount(0);
});
