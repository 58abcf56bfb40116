/**
 * A customer no vehicle can reach in its window (its window closes before the first van could get there): the day
 * still imports, with a warning in the preview and in the customer's row, kept there beside other rows' errors; hard windows plan everyone else and list
 * that customer as not served with the reason, on the fleet the dispatcher has; soft windows serve it late.
 */
import { expect, test } from '@playwright/test';
import { type AppSession, openApp } from './support/browser.js';
import { confirmCsvImport, openCsvImport } from './support/csv-import.js';

const DAY_CSV = [
  'id,name,lat,lon,demand,ready,due,service',
  'D,Depot Mitte,52.5200,13.4050,0,07:00,17:00,0',
  'B1,Bäckerei Nord,52.5350,13.4100,5,08:00,12:00,10',
  'B2,Kiosk Ost,52.5150,13.4400,6,09:00,15:00,10',
  // 20 km out at 30 km/h: 40 minutes away, and its window closes ten minutes after the depot opens.
  'B3,Markt Spandau,52.5350,13.1100,4,07:00,07:10,10',
  'B4,Café Süd,52.4900,13.4000,5,10:00,16:00,10',
].join('\n');

test.describe.configure({ mode: 'serial' });

let session: AppSession;

test.afterAll(async () => {
  await session?.close();
});

test('a customer out of reach imports with a warning and is named as not served under hard windows only', async ({ browser }) => {
  session = await openApp(browser, { unreachableTiles: true });
  const { page } = session;
  const byTest = (id: string) => page.getByTestId(id);
  await openCsvImport(page, 'out-of-reach.csv', DAY_CSV, { vehicles: 2, capacity: 20, speedKmh: 30 });
  await expect(byTest('csv-warning')).toContainText('customer B3 cannot be reached in time');
  // The first rows show latitude and longitude as read, under their own names.
  await expect(byTest('csv-preview').locator('thead')).toContainText(/Lat\s*Lon/);
  await expect(byTest('csv-preview')).toContainText('52.535');
  await confirmCsvImport(page);
  await expect(page.locator('[data-testid^="customer-row-"]')).toHaveCount(4);
  await expect(byTest('customer-warnings-B3')).toContainText('hard time windows leave it unserved');
  await expect(page.locator('[data-testid^="customer-warnings-"]')).toHaveCount(1);

  // Several things wrong at once: B1's window closes before it opens (an error) and its order, as B2's, is more than a
  // van carries (warnings). Every row says all of its own, and B3's warning stays beside them.
  for (const [cell, value] of [
    ['edit-ready-B1', '13:00'],
    ['edit-demand-B1', '25'],
    ['edit-demand-B2', '25'],
  ]) {
    await byTest(cell).fill(value);
    await byTest(cell).press('Tab');
  }
  await expect(byTest('customer-errors-B1')).toHaveText('ready time 13:00 is after due time 12:00 for customer B1');
  await expect(byTest('customer-warnings-B1')).toContainText(
    "customer B1 cannot be served: its demand is more than a vehicle's capacity of 20",
  );
  await expect(byTest('customer-warnings-B2')).toContainText(
    "customer B2 cannot be served: its demand is more than a vehicle's capacity of 20",
  );
  await expect(byTest('customer-warnings-B3')).toContainText('hard time windows leave it unserved');
  // A screen reader counts B1's two lines of messages as rows of their own, after the row's.
  await expect(byTest('customer-errors-B1')).toHaveAttribute('aria-rowindex', '3');
  await expect(byTest('customer-warnings-B1')).toHaveAttribute('aria-rowindex', '4');
  await expect(byTest('customer-row-B2')).toHaveAttribute('aria-rowindex', '5');
  await session.screenshot('out-of-reach-errors-and-warnings');
  for (let step = 0; step < 3; step++) await byTest('undo').click();
  await expect(byTest('unsaved-badge')).toHaveCount(0);
  await expect(page.locator('[data-testid^="customer-errors-"]')).toHaveCount(0);
  await expect(page.locator('[data-testid^="customer-warnings-"]')).toHaveCount(1);

  await byTest('policy-name').selectOption('tw1');
  await byTest('method').selectOption('classical');
  await byTest('method-effort').fill('1');
  await byTest('plan-button').click();
  await expect(byTest('plan-meta')).toBeVisible({ timeout: 60_000 });
  await expect(byTest('not-served')).toContainText(/Not served\s*1/);
  await expect(byTest('not-served-group').filter({ has: byTest('not-served-B3') })).toContainText(
    'no vehicle can reach it before its window closes',
  );
  await session.screenshot('out-of-reach-hard');
  // The driver sheets (and so their PDF) end with the customer left out and why.
  await byTest('open-sheets').click();
  const left = byTest('sheet-not-served-group');
  await expect(left.getByTestId('sheet-not-served-reason')).toHaveText('no vehicle can reach it before its window closes · 1 customer');
  await expect(left.locator('li')).toHaveText(['B3 Markt Spandau']);
  await byTest('sheets-close').click();

  await byTest('policy-name').selectOption('tw3');
  await byTest('plan-button').click();
  // Served late, at a price: the plan's lateness is the soft policy's doing.
  await expect(byTest('kpi-late')).toHaveClass(/kpi-bad/, { timeout: 60_000 });
  await expect(byTest('not-served')).toHaveCount(0);
  // Breaking no rule, it still pays for being late, and says so beside "All rules met".
  await expect(byTest('plan-feasible')).toContainText(/✓ All rules met · lateness( and earliness)? priced/);

  // Compared side by side, hard against soft: one customer not served against none.
  await byTest('tab-compare').click();
  await byTest('compare-a-name').selectOption('tw1');
  await byTest('compare-b-name').selectOption('tw3');
  await byTest('compare-method').selectOption('classical');
  await byTest('compare-effort').fill('1');
  await byTest('compare-run').click();
  const unserved = byTest('compare-kpi-unserved').locator('td');
  await expect(unserved.nth(0)).toHaveText('1', { timeout: 60_000 });
  await expect(unserved.nth(1)).toHaveText('0');
  // The Rules row says what the Plan view's status says: the customer left out is not "met".
  await expect(byTest('compare-rules').locator('td')).toHaveText(['1 not served', 'met', '']);
  // B3: not served under hard windows (A), served late under soft ones (B).
  await expect(byTest('compare-customer-B3').locator('td')).toHaveText([/^B3$/, 'not served', /\d/, 'not served', /.*/]);
  // Why A leaves it out is on its cell, as the Plan view and the exports say it.
  await expect(byTest('compare-customer-B3').locator('td').nth(1)).toHaveAttribute('title', /no vehicle can reach it/);
  await session.screenshot('out-of-reach-compare');
  await byTest('tab-plan').click();
});

test('a plan that left a customer out of reach says it is out of date once its window is widened, and drops that reason', async () => {
  const { page } = session;
  const byTest = (id: string) => page.getByTestId(id);
  await openCsvImport(page, 'widened.csv', DAY_CSV, { vehicles: 2, capacity: 20, speedKmh: 30 });
  await confirmCsvImport(page);
  await byTest('policy-name').selectOption('tw1');
  await byTest('method').selectOption('classical');
  await byTest('method-effort').fill('1');
  const before = (await byTest('plan-meta').count()) > 0 ? await byTest('plan-meta').getAttribute('data-plan-id') : null;
  await byTest('plan-button').click();
  if (before !== null) await expect(byTest('plan-meta')).not.toHaveAttribute('data-plan-id', before, { timeout: 60_000 });
  const reason = byTest('not-served-group').filter({ has: byTest('not-served-B3') });
  await expect(reason).toContainText('no vehicle can reach it before its window closes', { timeout: 60_000 });
  await expect(byTest('plan-data-changed')).toHaveCount(0);
  // 40 minutes out, B3 can be reached by 09:00: the plan was made on a day where it could not.
  await byTest('edit-due-B3').fill('09:00');
  await byTest('edit-due-B3').press('Enter');
  await byTest('save-instance').click();
  await expect(byTest('unsaved-badge')).toHaveCount(0);
  await expect(byTest('plan-data-changed')).toBeVisible();
  await expect(byTest('not-served-B3')).toBeVisible();
  await expect(reason).toContainText('it was left out although');
  await expect(reason).not.toContainText('reach');
});

test('a file with many customers out of reach lists every warning without pushing the preview out of sight', async () => {
  const { page } = session;
  const rows = Array.from({ length: 30 }, (_, i) => `F${i + 1},Far ${i + 1},52.5350,13.1100,1,07:00,07:10,5`);
  await openCsvImport(page, 'far.csv', [...DAY_CSV.split('\n'), ...rows].join('\n'), { vehicles: 2, capacity: 60, speedKmh: 30 });
  await expect(page.getByTestId('csv-warning')).toHaveCount(31);
  await expect(page.getByTestId('csv-row-count')).toBeInViewport();
  await session.screenshot('out-of-reach-import');
});
