/**
 * The Plan bar's controls and the dispatcher's own choice: a plan opened from the history sets the controls to how it
 * was made (and the bar says the dispatcher's own choice is elsewhere), but a day imported after it starts from the
 * dispatcher's own choice, not from the policy of the plan last looked at; that choice is still there after a reload.
 */
import { expect, type Page, test } from '@playwright/test';
import { type AppSession, openApp } from './support/browser.js';
import { importCsv } from './support/csv-import.js';
import { clockCsv } from './support/fixtures.js';

test.describe.configure({ mode: 'serial' });

let session: AppSession;
let page: Page;
const byTest = (id: string) => page.getByTestId(id);
const FLEET = { vehicles: 3, capacity: 30 };
/** Monday's plan under soft windows. */
let softPlan = '';

test.beforeAll(async ({ browser }) => {
  session = await openApp(browser);
  page = session.page;
});
test.afterAll(async () => {
  await session?.close();
});

/** Plans the open day with the controls as they are; the new plan's id. */
async function plan(): Promise<string> {
  const before = (await byTest('plan-meta').count()) ? await byTest('plan-meta').getAttribute('data-plan-id') : null;
  await byTest('plan-button').click();
  await expect(byTest('plan-meta')).not.toHaveAttribute('data-plan-id', before ?? '', { timeout: 60_000 });
  return (await byTest('plan-meta').getAttribute('data-plan-id'))!;
}

test('a day imported after a soft plan was opened is planned under the policy the dispatcher chose, hard', async () => {
  await importCsv(page, 'controls-monday.csv', clockCsv(), FLEET);
  await byTest('method').selectOption('classical');
  await byTest('method-effort').fill('0.5');
  await byTest('policy-name').selectOption('tw3');
  softPlan = await plan();
  await expect(byTest('plan-meta')).toContainText('soft');
  // The dispatcher goes back to hard windows and plans Monday again.
  await byTest('policy-name').selectOption('tw1');
  await plan();
  await expect(byTest('plan-meta')).toContainText('hard');
  await expect(byTest('controls-own-choice')).toHaveCount(0);

  // The soft plan, opened from the history, sets the controls; the bar offers the dispatcher's own choice back.
  await byTest(`history-plan-${softPlan}`).click();
  await expect(byTest('plan-meta')).toHaveAttribute('data-plan-id', softPlan);
  await expect(byTest('policy-name')).toHaveValue('tw3');
  await expect(byTest('controls-own-choice')).toHaveAttribute('aria-label', /^Back to your choice: hard \(α 1\) · Classical/);
  await session.screenshot('plan-controls-from-plan');

  // Tuesday has no plan: the controls are the dispatcher's own again, and Plan plans it under hard windows.
  await importCsv(page, 'controls-tuesday.csv', clockCsv({ 1: { demand: '4' } }), FLEET);
  await expect(byTest('plan-meta')).toHaveCount(0);
  await expect(byTest('policy-name')).toHaveValue('tw1');
  await expect(byTest('controls-own-choice')).toHaveCount(0);
  await plan();
  await expect(byTest('plan-meta')).toContainText('hard (α 1)');
});

test("the dispatcher's own choice is one click away while the controls show a plan's", async () => {
  await byTest('history').getByText('controls-monday', { exact: true }).click();
  await expect(byTest('policy-name')).toHaveValue('tw1'); // Monday's latest plan is the hard one
  await byTest(`history-plan-${softPlan}`).click();
  await expect(byTest('policy-name')).toHaveValue('tw3');
  await byTest('controls-own-choice').click();
  await expect(byTest('policy-name')).toHaveValue('tw1');
  await expect(byTest('controls-own-choice')).toHaveCount(0);
  expect(session.errors).toEqual([]);
});

test("the Training tab trains the dispatcher's own policy, not that of the plan opened to look at", async () => {
  // Monday's soft plan on screen sets the Plan bar to soft; the dispatcher's own choice is still hard.
  await byTest('history').getByText('controls-monday', { exact: true }).click();
  await expect(byTest('policy-name')).toHaveValue('tw1');
  await byTest(`history-plan-${softPlan}`).click();
  await expect(byTest('policy-name')).toHaveValue('tw3');
  await byTest('tab-training').click();
  await expect(byTest('train-variant')).toHaveValue('tw1');
  await expect(byTest('train-variant-source')).toHaveText('your choice in the Plan bar');
  // Chosen in the Training tab, it is the tab's own, and says so.
  await byTest('train-variant').selectOption('tw2');
  await expect(byTest('train-variant-source')).toHaveText('chosen here');
  await byTest('tab-plan').click();
  await byTest('controls-own-choice').click();
  await expect(byTest('policy-name')).toHaveValue('tw1');
  expect(session.errors).toEqual([]);
});

test("the dispatcher's own choice is still theirs after a reload, and one the controls cannot hold gives the defaults", async () => {
  // Wednesday has no plan, so after a reload the controls show the dispatcher's own choice.
  await importCsv(page, 'controls-wednesday.csv', clockCsv({ 2: { demand: '3' } }), FLEET);
  await byTest('policy-name').selectOption('tw2');
  await byTest('policy-alpha').fill('0.3');
  await expect(byTest('policy-name')).toHaveValue('tw2');
  await page.reload();
  await expect(byTest('policy-name')).toHaveValue('tw2');
  await expect(byTest('policy-alpha')).toHaveValue('0.3');
  await expect(byTest('method')).toHaveValue('classical');
  await expect(byTest('method-effort')).toHaveValue('0.5');

  await page.evaluate(
    `localStorage.setItem('jampr.planSettings', '{"policy":{"name":"tw9","alpha":1,"beta":1},"method":"classical","effort":2}')`,
  );
  await page.reload();
  await expect(byTest('policy-name')).toHaveValue('tw1');
  await expect(byTest('policy-alpha')).toHaveValue('1');
  await expect(byTest('method-effort')).toHaveValue('2');
  expect(session.errors).toEqual([]);
});
