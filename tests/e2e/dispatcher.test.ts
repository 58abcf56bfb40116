/**
 * The dispatcher's day, in one browser session against the web mode: import (a bad file first), plan under a
 * soft policy, compare hard vs soft, edit a stop by hand, reload and find the plan, start and cancel training.
 * Steps build on each other, so they run in order (node:test runs a file's tests sequentially).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { dropFile, openApp, type AppSession } from './support/browser.js';
import { BAD_CSV, CAPACITY, CUSTOMER_COUNT, GOOD_CSV, TIGHT_PAIR, VEHICLES } from './support/fixtures.js';

let session: AppSession;
let page: Page;
const byTest = (id: string) => page.getByTestId(id);

before(async () => {
  session = await openApp();
  page = session.page;
});
after(async () => {
  await session?.close();
});

async function fillFleet() {
  await byTest('csv-vehicles').fill(String(VEHICLES));
  await byTest('csv-capacity').fill(String(CAPACITY));
}

test('a CSV with bad rows lists every bad row and imports nothing', async () => {
  await byTest('history-empty').waitFor();
  await byTest('csv-file-input').setInputFiles({ name: 'deliveries.csv', mimeType: 'text/csv', buffer: Buffer.from(BAD_CSV) });
  await byTest('csv-dialog').waitFor();
  await fillFleet();
  const rows = byTest('csv-error-row');
  await rows.first().waitFor();
  const messages = await rows.allTextContents();
  assert.ok(messages.some((m) => m.includes('row 5')), `the bad demand in row 5 is listed: ${messages.join(' | ')}`);
  assert.ok(messages.some((m) => m.includes('customer 7')), `customer 7's window is listed: ${messages.join(' | ')}`);
  assert.equal(await byTest('csv-confirm').isDisabled(), true, 'Import is not offered for a bad file');
  await session.screenshot('import-errors');
  await byTest('csv-cancel').click();
  await byTest('csv-dialog').waitFor({ state: 'detached' });
  await byTest('history-empty').waitFor();
});

test('the fixed CSV dropped on the window is previewed, then imported on confirmation', async () => {
  await dropFile(page, 'deliveries.csv', GOOD_CSV);
  await byTest('csv-dialog').waitFor();
  await fillFleet();
  await byTest('csv-preview').waitFor();
  assert.equal(await byTest('csv-row-count').textContent(), String(CUSTOMER_COUNT + 1));
  const columns = await byTest('csv-columns').textContent();
  for (const field of ['demand', 'ready', 'due', 'service']) assert.ok(columns?.includes(field), `column ${field} detected`);
  await byTest('history-empty').waitFor();
  await session.screenshot('import-preview');
  await byTest('csv-confirm').click();
  await byTest('csv-dialog').waitFor({ state: 'detached' });
  await page.locator('[data-testid^="history-instance-"]').first().waitFor();
  assert.equal(await page.locator('[data-testid^="customer-row-"]').count(), CUSTOMER_COUNT);
  assert.equal(await page.locator('[data-testid^="marker-"]:not([data-testid="marker-depot"])').count(), CUSTOMER_COUNT);
  await byTest('marker-depot').waitFor();
});

test('an invalid edit is explained inline and in the banner, and nothing is lost', async () => {
  await byTest('customer-row-3').click();
  await page.locator('[data-testid="marker-3"][data-selected="true"]').waitFor(); // the table's selection shows on the map
  await byTest('edit-due-3').fill('150');
  await byTest('edit-due-3').press('Enter');
  await byTest('unsaved-badge').waitFor();
  await byTest('save-instance').click();
  await byTest('customer-errors-3').waitFor();
  await byTest('error-banner').first().waitFor();
  assert.equal(await byTest('edit-due-3').inputValue(), '150', 'the edit is still there');
  await byTest('edit-due-3').fill('320');
  await byTest('edit-due-3').press('Enter');
  await byTest('save-instance').click();
  await byTest('customer-errors-3').waitFor({ state: 'detached' });
  await byTest('unsaved-badge').waitFor({ state: 'detached' });
  for (const dismiss of await byTest('dismiss-error').all()) await dismiss.click();
  await session.screenshot('editor');
});

test('planning under the soft policy draws coloured routes and highlights a late stop', async () => {
  await byTest('policy-name').selectOption('tw3');
  await byTest('method').selectOption('classical');
  await byTest('method-effort').fill('1');
  await byTest('plan-button').click();
  await byTest('plan-kpis').waitFor({ timeout: 60_000 });
  const lines = page.locator('[data-testid^="route-line-"]');
  assert.ok((await lines.count()) >= 2, 'at least two routes');
  const colours = await Promise.all((await lines.all()).map((line) => line.getAttribute('data-colour')));
  assert.equal(new Set(colours).size, colours.length, `route colours are distinct: ${colours.join(', ')}`);
  const late = await Promise.all((await page.locator('[data-late="true"]').all()).map((m) => m.getAttribute('data-testid')));
  assert.ok(late.some((id) => TIGHT_PAIR.some((c) => id === `marker-${c}`)), `one of the tight pair is late: ${late.join(', ')}`);
  await page.locator('[data-testid^="gantt-late-"]').first().waitFor();
  assert.notEqual(await byTest('kpi-late').locator('.kpi-value').textContent(), '0');
  await session.screenshot('plan');
});

test('comparing hard and soft shows two plans, the differences and who is served late', async () => {
  await byTest('tab-compare').click();
  assert.equal(await byTest('compare-a-name').inputValue(), 'tw1');
  assert.equal(await byTest('compare-b-name').inputValue(), 'tw3');
  await byTest('compare-method').selectOption('classical');
  await byTest('compare-run').click();
  await byTest('compare-kpis').waitFor({ timeout: 90_000 });
  for (const side of ['a', 'b']) {
    assert.ok((await byTest(`map-${side}`).locator('[data-testid^="route-line-"]').count()) >= 2, `map ${side} shows routes`);
  }
  const rows = await page.locator('[data-testid^="compare-customer-"]').all();
  const lateInB = await Promise.all(rows.map(async (row) => (await row.locator('td').nth(2).textContent()) !== '—'));
  assert.ok(lateInB.includes(true), 'a customer is late in the soft plan');
  await session.screenshot('compare');
});

test('moving a stop onto another route in the hard plan re-scores it and shows the lateness', async () => {
  await byTest('tab-plan').click();
  const hardPlan = page.locator('[data-testid^="history-plan-"]', { hasText: 'hard' }).first();
  await hardPlan.click();
  await byTest('plan-meta').filter({ hasText: 'hard' }).waitFor(); // the soft plan was on screen before
  await byTest('plan-feasible').filter({ hasText: 'All rules met' }).waitFor();
  const [a, b] = TIGHT_PAIR;
  const routeOf = async (id: string) => {
    const route = page.locator('[data-testid^="legend-route-"]', { has: byTest(`stop-chip-${id}`) });
    return Number((await route.getAttribute('data-testid'))!.split('-').pop());
  };
  const routeA = await routeOf(a);
  assert.notEqual(await routeOf(b), routeA, 'the hard plan serves the tight pair from two routes');
  await byTest(`stop-chip-${b}`).click();
  await byTest('move-stop-select').selectOption(String(routeA));
  await byTest('edit-bar').waitFor();
  await page.locator('[data-testid="violation"][data-kind="late"]').first().waitFor();
  assert.equal(await routeOf(b), routeA);
  await session.screenshot('edit');
  await byTest('save-edited').click();
  await byTest('edit-bar').waitFor({ state: 'detached' });
  await byTest('plan-meta').filter({ hasText: 'Edited by hand' }).waitFor();
});

test('after a reload the saved plans are in the history and reopen', async () => {
  await page.reload();
  const instance = page.locator('[data-testid^="history-instance-"]').first();
  await instance.waitFor();
  await instance.getByTestId('history-open').click();
  const plans = page.locator('[data-testid^="history-plan-"]');
  await plans.first().waitFor();
  assert.ok((await plans.count()) >= 4, 'the soft plan, both compared plans and the edited plan are kept');
  await plans.filter({ hasText: 'Edited by hand' }).first().click();
  await byTest('plan-kpis').waitFor();
  await page.locator('[data-testid="violation"][data-kind="late"]').first().waitFor();
});

test('a short training run starts, reports progress and can be cancelled', async () => {
  await byTest('tab-training').click();
  await byTest('train-variant').selectOption('tw3');
  await byTest('train-size').fill('10');
  await byTest('train-minutes').fill('1');
  await page.locator('[data-testid^="train-instance-"]').first().check();
  await byTest('train-start').click();
  await page.locator('[data-testid="training-status"][data-status="running"]').waitFor({ timeout: 30_000 });
  await page.locator('[data-testid="learning-curve"]:not([data-points="0"])').waitFor({ timeout: 90_000 });
  // A few more points make a better screenshot; their absence is not a failure.
  await page.locator('[data-testid="learning-curve"]:not([data-points="1"]):not([data-points="2"])').waitFor({ timeout: 20_000 }).catch(() => undefined);
  await session.screenshot('training');
  await byTest('train-cancel').click();
  await page.locator('[data-testid="training-status"][data-status="cancelled"]').waitFor({ timeout: 60_000 });
});

test('the page reported no errors of its own', () => {
  assert.deepEqual(session.errors, []);
});
