/**
 * Training runs, in one browser page against the web mode, over the dispatcher's day (imported before the tests as
 * "model-training"): a short run started and cancelled, a finished run whose model is activated and plans the day, the
 * runs listed again after a reload, and the trained model deleted. Steps build on each other, so they run in order in
 * one page. The reload step counts this file's two runs beside those other files left in the shared database.
 */
import assert from 'node:assert/strict';
import { expect, type Page, test } from '@playwright/test';
import { bannerSteps } from './support/banner-steps.js';
import { type AppSession, openApp } from './support/browser.js';
import { importCsv } from './support/csv-import.js';
import { CAPACITY, CUSTOMER_COUNT, GOOD_CSV, VEHICLES } from './support/fixtures.js';

test.describe.configure({ mode: 'serial' });

let session: AppSession;
let page: Page;
/** The training runs other files left in the shared database before this one started. */
let runsBefore = 0;
const byTest = (id: string) => page.getByTestId(id);
const { expectOrExplain, dismissBanners } = bannerSteps(() => page);

test.beforeAll(async ({ browser }) => {
  session = await openApp(browser, { unreachableTiles: true });
  page = session.page;
  await importCsv(page, 'model-training.csv', GOOD_CSV, { vehicles: VEHICLES, capacity: CAPACITY });
  runsBefore = (await runStatuses()).length;
});
test.afterAll(async () => {
  await session?.close();
});

/** The stored training runs' statuses, newest first, asked of the server the page talks to. */
async function runStatuses(): Promise<string[]> {
  // The page keeps its token in sessionStorage (renderer/api/web-token.ts).
  const answer = (await page.evaluate(
    `fetch('/api/training%3Alist', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Jampr-Token': sessionStorage.getItem('jampr.token') ?? '' }, body: '{}' }).then((r) => r.json())`,
  )) as { ok: boolean; value?: { id: number; status: string }[] };
  return [...(answer.value ?? [])].sort((a, b) => b.id - a.id).map((r) => r.status);
}

test('a short training run starts, reports progress and can be cancelled', async () => {
  await byTest('tab-training').click();
  await byTest('train-variant').selectOption('tw3');
  await byTest('train-size').fill('3');
  await expect(byTest('train-start')).toBeDisabled();
  await byTest('train-size').fill('10');
  // The model a run starts from is named: with no tw3 model active, the shipped one nearest in size.
  await expect(byTest('train-starts-from')).toHaveText('jampr-tw3-n20');
  await byTest('train-minutes').fill('1');
  await expect(byTest('train-start')).toBeEnabled();
  await page.locator('[data-testid^="train-instance-"]').first().check();
  await byTest('train-start').click();
  await expectOrExplain(page.locator('[data-testid="training-status"][data-status="running"]'), 30_000);
  // The model it starts from measured, then a training step's costs: the curve a reload draws again below.
  await page.locator('[data-testid="learning-curve"]:not([data-points="0"]):not([data-points="1"])').waitFor({ timeout: 90_000 });
  await session.screenshot('training');
  await byTest('train-cancel').click();
  await page.locator('[data-testid="training-status"][data-status="cancelled"]').waitFor({ timeout: 60_000 });
});

test('a finished training run yields a model that can be activated and plans', async () => {
  await dismissBanners();
  await byTest('train-size').fill(String(CUSTOMER_COUNT));
  // Long enough for a training step: a run that takes none keeps no model.
  await byTest('train-minutes').fill('0.5');
  await byTest('train-name').fill('e2e-soft-12');
  await byTest('train-start').click();
  await page.locator('[data-testid="training-status"][data-status="running"]').waitFor({ timeout: 30_000 });
  // The run ends while the Plan view is shown (its end is not heard there): back on Training it reads finished.
  await byTest('tab-plan').click();
  await expect.poll(async () => (await runStatuses()).at(0), { timeout: 120_000, intervals: [500] }).toBe('done');
  await byTest('tab-training').click();
  await expectOrExplain(page.locator('[data-testid="training-status"][data-status="done"]'), 10_000);
  const row = page.locator('[data-testid^="model-row-"]', { hasText: 'e2e-soft-12' });
  await row.waitFor();
  const activate = row.locator('[data-testid^="activate-model-"]');
  if (await activate.count()) await activate.click();
  await row.locator('[data-testid^="model-active-"]').waitFor();
  // The run's verdict is what happened when it ended; beside it, what holds today.
  await expect(byTest('verdict-now')).toHaveText(/As of now: e2e-soft-12 is active( for days under 35 customers)?\./);

  await byTest('tab-plan').click();
  await byTest('policy-name').selectOption('tw3');
  await byTest('method').selectOption('jampr-greedy');
  await byTest('plan-button').click();
  await expectOrExplain(byTest('plan-meta').filter({ hasText: 'e2e-soft-12' }), 60_000);
  assert.ok((await page.locator('[data-testid^="route-line-"]').count()) >= 1, 'the model plan is drawn');
});

test('after a reload the past training runs are listed and their curves drawn, validation included', async () => {
  await page.reload();
  await byTest('tab-training').click();
  // The newest run is on screen; the run cancelled earlier is the next entry.
  await expect(byTest('training-status')).toHaveAttribute('data-status', 'done');
  await expect(byTest('train-run-select').locator('option')).toHaveCount(runsBefore + 2);
  await byTest('train-run-select').selectOption({ index: 1 });
  await expect(byTest('training-status')).toHaveAttribute('data-status', 'cancelled');
  const curve = byTest('learning-curve');
  await expect(curve).not.toHaveAttribute('data-points', '0');
  await expect(curve).toHaveAttribute('data-series', 'meanCost baselineCost validationCost');
  await session.screenshot('training-history');
  await byTest('tab-plan').click();
});

test('a model trained here can be deleted, after a question; a shipped one offers no delete', async () => {
  await byTest('tab-training').click();
  const row = page.locator('[data-testid^="model-row-"]', { hasText: 'e2e-soft-12' });
  await expect(row.locator('[data-testid^="model-active-"]')).toBeVisible();
  let question = '';
  page.once('dialog', (dialog) => {
    question = dialog.message();
    void dialog.accept();
  });
  await row.locator('[data-testid^="delete-model-"]').click();
  await expect(row).toHaveCount(0);
  expect(question).toMatch(
    /^Delete the model e2e-soft-12\? .* It is active for soft days (under 35 customers|of every size): they go back to the automatic choice\.$/,
  );
  const shipped = page.locator('[data-testid^="model-row-"]', { hasText: 'shipped' });
  expect(await shipped.count()).toBeGreaterThan(0);
  await expect(shipped.locator('[data-testid^="delete-model-"]')).toHaveCount(0);
  await byTest('tab-plan').click();
});

test('the page reported no errors of its own', () => {
  expect(session.errors).toEqual([]);
});
