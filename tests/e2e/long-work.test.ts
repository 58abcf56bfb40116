/**
 * Long work on a large day: sampling with the model reports real progress as it goes, and Cancel stops it
 * within a second (the sampling chunks are sized so that a cancel is seen quickly).
 */
import { expect, type Page, test } from '@playwright/test';
import { type AppSession, openApp } from './support/browser.js';
import { importCsv } from './support/csv-import.js';

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

/** `size` customers on a 100 x 100 plane, wide windows: 120 is a day big enough that sampling takes a while. */
function largeDayCsv(size = 120): string {
  const rows = Array.from({ length: size }, (_, i) => {
    const x = (37 * i) % 100;
    const y = (61 * i + 17) % 100;
    return `${i + 1},${x},${y},1,0,2000,5`;
  });
  return ['id,x,y,demand,ready,due,service', '0,50,50,0,0,2000,0', ...rows].join('\n');
}

const percent = async () => Number(await byTest('plan-progress').getByRole('progressbar').getAttribute('aria-valuenow'));

test('sampling shows its progress as it goes, and Cancel answers at once, not when the samples are drawn', async () => {
  await importCsv(page, 'large-day.csv', largeDayCsv(), { vehicles: 12, capacity: 20 });
  await byTest('policy-name').selectOption('tw3');
  await byTest('method').selectOption('jampr-sample');
  await byTest('method-effort').fill('1280');
  await byTest('plan-button').click();
  await byTest('plan-progress').waitFor();
  await expect.poll(percent, { timeout: 60_000, message: 'progress leaves 0 %' }).toBeGreaterThan(0);
  // The words name the plans drawn once a whole chunk of 32 is done; the bar moves within the chunks. On a 2-core
  // machine under other load the first chunk took over 40 s once, hence the long waits (a bound, not a pace).
  test.setTimeout(240_000);
  await expect(byTest('plan-progress')).toContainText(/of 1280 plans/, { timeout: 90_000 });
  const first = await percent();
  await expect.poll(percent, { timeout: 60_000, message: 'and keeps moving' }).toBeGreaterThan(first);
  expect(await percent()).toBeLessThan(100);
  await session.screenshot('sampling-progress');
  const clicked = Date.now();
  await byTest('cancel-plan').click();
  await byTest('plan-progress').waitFor({ state: 'detached', timeout: 10_000 });
  const answeredMs = Date.now() - clicked;
  await page.locator('[data-testid="error-banner"][data-kind="cancelled"]').waitFor();
  // Well under the sampling left (tens of seconds at 1,280 samples), with room for a loaded 2-core machine: a clean CI
  // run once took 1,264 ms here (three earlier runs that day stayed under 1 s). How fast a cancel is belongs to a
  // benchmark, not this test.
  expect(answeredMs, `the cancel answered after ${answeredMs} ms`).toBeLessThan(3000);
});

test('a learned model on a day of hundreds of stops says it takes minutes; beyond 1,000 stops it is not offered', async () => {
  await importCsv(page, 'four-hundred.csv', largeDayCsv(450), { vehicles: 40, capacity: 20 });
  await byTest('method').selectOption('jampr-greedy');
  await byTest('plan-button').click();
  await expect(byTest('plan-progress-notice')).toContainText('on a day of 450 stops it takes minutes, not seconds');
  await byTest('cancel-plan').click();
  await byTest('plan-progress').waitFor({ state: 'detached', timeout: 10_000 });

  await importCsv(page, 'thousand-and-one.csv', largeDayCsv(1001), { vehicles: 80, capacity: 20 });
  const option = byTest('method').locator('option[value="jampr-greedy"]');
  await expect(option).toBeDisabled();
  await expect(option).toHaveText('JAMPR greedy (up to 1000 stops)');
  await expect(byTest('method').locator('option[value="classical"]')).toBeEnabled();
  // The learned method chosen on the smaller day stays chosen, marked, until another is picked.
  await expect(byTest('method')).toHaveValue('jampr-greedy');
  await expect(byTest('method-too-large')).toHaveText('up to 1000 stops: choose Classical');
  await byTest('method').selectOption('classical');
  await expect(byTest('method-too-large')).toHaveCount(0);

  // 1,001 customers, one of whose orders no vehicle carries: the model plans the 1,000 others, as the server counts.
  const oneTooBig = largeDayCsv(1001).replace('\n1,0,17,1,', '\n1,0,17,25,');
  await importCsv(page, 'one-too-big.csv', oneTooBig, { vehicles: 80, capacity: 20 });
  await expect(byTest('method').locator('option[value="jampr-greedy"]')).toBeEnabled();
  await expect(byTest('method').locator('option[value="jampr-greedy"]')).toHaveText('JAMPR greedy');
});

test('the page reported no errors of its own', () => {
  expect(session.errors).toEqual([]);
});
