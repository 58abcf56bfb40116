/**
 * The change a hand edit makes, under each KPI, is the difference of the figures shown (as Compare's column), not the
 * raw change rounded: a cost of 20.04 shown as 20.0 and one of 30.06 as 30.1 differ by +10.1 on screen, where +10.0 read as a sum
 * that does not add up.
 */
import { expect, test } from '@playwright/test';
import { openApp } from './support/browser.js';
import { importCsv } from './support/csv-import.js';
import { UNREACHABLE_TILES } from './support/fixtures.js';

// A and B on one line from the depot, windows open all day: one route out to B and back is 2 × 10.02 = 20.04; A on
// a route of its own adds 2 × 5.01, so 30.06. Cost is distance here (no waiting, nothing late).
const IN_LINE = ['id,x,y,demand,ready,due,service', 'D,0,0,0,0,1000,0', 'A,5.01,0,1,0,1000,0', 'B,10.02,0,1,0,1000,0'].join('\n');

test('a hand edit changes cost and distance by the difference of the figures shown', async ({ browser }) => {
  const session = await openApp(browser);
  const page = session.page;
  const byTest = (id: string) => page.getByTestId(id);
  await page.evaluate(`localStorage.setItem('jampr.tileUrl', ${JSON.stringify(UNREACHABLE_TILES)})`);
  await importCsv(page, 'in-line.csv', IN_LINE, { vehicles: 2, capacity: 10 });
  await byTest('policy-name').selectOption('tw1');
  await byTest('method').selectOption('classical');
  await byTest('method-effort').fill('0.5');
  await byTest('plan-button').click();
  await expect(byTest('plan-meta')).toBeVisible({ timeout: 60_000 });
  const value = (key: string) => byTest(`kpi-${key}`).locator('.kpi-value');
  await expect(value('cost')).toHaveText('20.0');
  await expect(value('distance')).toHaveText('20.0');

  await byTest('stop-chip-A').click();
  await byTest('move-stop-select').selectOption({ label: 'a new route' });
  await expect(byTest('save-edited')).toBeEnabled();
  await expect(value('cost')).toHaveText('30.1');
  await expect(byTest('kpi-delta-cost')).toHaveText('+10.1');
  await expect(value('distance')).toHaveText('30.1');
  await expect(byTest('kpi-delta-distance')).toHaveText('+10.1');
  expect(session.errors).toEqual([]);
  await session.close();
});
