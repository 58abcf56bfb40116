/**
 * The dispatcher's day, in one browser page against the web mode: import (a bad file first), plan under a
 * soft policy, compare hard vs soft, edit a stop by hand, reload and find the plan. (Training runs are in
 * model-training.test.ts; a lat/lon day offline and a day drawn on the map in drawn-day.test.ts.)
 * Steps build on each other, so they run in order in one page.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { bannerSteps } from './support/banner-steps.js';
import { type AppSession, dropFile, openApp } from './support/browser.js';
import { BAD_CSV, CAPACITY, CUSTOMER_COUNT, GOOD_CSV, TIGHT_PAIR, VEHICLES } from './support/fixtures.js';

test.describe.configure({ mode: 'serial' });

let session: AppSession;
let page: Page;
const byTest = (id: string) => page.getByTestId(id);
const { expectOrExplain, dismissBanners } = bannerSteps(() => page);

test.beforeAll(async ({ browser }) => {
  session = await openApp(browser, { unreachableTiles: true });
  page = session.page;
});
test.afterAll(async () => {
  await session?.close();
});

/** Where a marker sits inside its map, in pixels (the same in two synchronised maps of equal size). */
async function markerOffset(mapTestId: string, markerTestId: string) {
  const map = await byTest(mapTestId).boundingBox();
  const marker = await byTest(mapTestId).getByTestId(markerTestId).boundingBox();
  expect(map && marker, `${markerTestId} is visible in ${mapTestId}`).toBeTruthy();
  return { x: marker!.x - map!.x, y: marker!.y - map!.y };
}

/** Waits until both compare maps have stopped moving and show the same zoom and centre (the route map's data-view). */
async function compareMapsSettled(): Promise<void> {
  const view = async (side: string) => {
    const canvas = byTest(`map-${side}`).locator('.route-map-canvas');
    return { moving: await canvas.getAttribute('data-moving'), view: await canvas.getAttribute('data-view') };
  };
  await expect(async () => {
    const [a, b] = [await view('a'), await view('b')];
    expect(a.moving === 'false' && b.moving === 'false', `both maps have stopped: ${JSON.stringify([a, b])}`).toBe(true);
    expect(a.view, 'both maps show the same view').toBe(b.view);
  }).toPass({ timeout: 5000 });
}

async function download(trigger: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), trigger()]);
  return { name: file.suggestedFilename(), text: await readFile((await file.path())!, 'utf8') };
}

let savedBefore = 0;
const savedInstances = () => page.locator('[data-testid^="history-instance-"]');

async function fillFleet() {
  await byTest('csv-vehicles').fill(String(VEHICLES));
  await byTest('csv-capacity').fill(String(CAPACITY));
}

test('the access token is taken off the address bar and never stored in a cookie', async () => {
  await expect.poll(() => page.url()).not.toMatch(/token=/);
  assert.deepEqual(await page.context().cookies(), []);
});

test('a CSV with bad rows lists every bad row and imports nothing', async () => {
  // Other test files may have stored instances in the same database first: count, do not expect none.
  await page.locator('[data-testid="history"][data-loaded="true"]').waitFor();
  savedBefore = await savedInstances().count();
  await byTest('csv-file-input').setInputFiles({ name: 'deliveries.csv', mimeType: 'text/csv', buffer: Buffer.from(BAD_CSV) });
  await byTest('csv-dialog').waitFor();
  await fillFleet();
  const rows = byTest('csv-error-row');
  await rows.first().waitFor();
  const messages = await rows.allTextContents();
  assert.ok(
    messages.some((m) => m.includes('row 5')),
    `the bad demand in row 5 is listed: ${messages.join(' | ')}`,
  );
  assert.ok(
    messages.some((m) => m.includes('row 9') && m.includes('customer 7')),
    `customer 7's window is listed with its row: ${messages.join(' | ')}`,
  );
  await expect(byTest('csv-confirm'), 'Import is not offered for a bad file').toBeDisabled();
  await session.screenshot('import-errors');
  await byTest('csv-cancel').click();
  await byTest('csv-dialog').waitFor({ state: 'detached' });
  await expect(savedInstances(), 'nothing was imported').toHaveCount(savedBefore);
});

test('the fixed CSV dropped on the window is previewed, then imported on confirmation', async () => {
  await dropFile(page, 'deliveries.csv', GOOD_CSV);
  await byTest('csv-dialog').waitFor();
  await fillFleet();
  await byTest('csv-preview').waitFor();
  await expect(byTest('csv-row-count')).toHaveText(String(CUSTOMER_COUNT + 1));
  const columns = await byTest('csv-columns').textContent();
  for (const field of ['demand', 'ready', 'due', 'service']) assert.ok(columns?.includes(field), `column ${field} detected`);
  await expect(savedInstances(), 'nothing is stored before confirming').toHaveCount(savedBefore);
  await session.screenshot('import-preview');
  // Enter in a fleet field confirms, as the Import button does.
  await expect(byTest('csv-confirm')).toBeEnabled();
  await byTest('csv-capacity').press('Enter');
  await byTest('csv-dialog').waitFor({ state: 'detached' });
  await page.locator('[data-testid^="history-instance-"]').first().waitFor();
  await expect(page.locator('[data-testid^="customer-row-"]')).toHaveCount(CUSTOMER_COUNT);
  await expect(page.locator('[data-testid^="marker-"]:not([data-testid="marker-depot"])')).toHaveCount(CUSTOMER_COUNT);
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
  await expect(byTest('edit-due-3'), 'the edit is still there').toHaveValue('150');
  await expect(byTest('error-banner').first().locator('.banner-action')).toHaveText('(Save instance)');
  // Plan saves first: its refusal names the action the dispatcher took, and the list of problems stays a list.
  await byTest('plan-button').click();
  const refused = byTest('error-banner').filter({ hasText: '(Save before planning)' });
  await expect(refused).toHaveCount(1);
  await expect(refused.locator('.banner-details li').first()).toContainText('ready time');
  await byTest('edit-due-3').fill('320');
  await byTest('edit-due-3').press('Enter');
  // Fixed before the next save: the refused save's banner goes with the problem.
  await byTest('customer-errors-3').waitFor({ state: 'detached' });
  await expect(byTest('error-banner'), 'the refused save is answered by the fix').toHaveCount(0);
  // 320 is the saved due time: the day is the saved one again, with nothing left to save.
  await byTest('unsaved-badge').waitFor({ state: 'detached' });
  await expect(byTest('save-instance')).toBeDisabled();
  await expect(byTest('error-banner'), 'no banner comes back').toHaveCount(0);
  await dismissBanners();
  await session.screenshot('editor');
});

test('planning under the soft policy draws coloured routes and highlights a late stop', async () => {
  await byTest('policy-name').selectOption('tw3');
  // A sample count is whole: 2.5 samples is not planned (as 3) but waits to be fixed.
  await byTest('method').selectOption('jampr-sample');
  await byTest('method-effort').fill('2.5');
  await expect(byTest('plan-button')).toBeDisabled();
  await byTest('method').selectOption('classical');
  // While a field shows a value that is not valid, Plan waits: it never runs with the last valid values instead.
  await byTest('method-effort').fill('0');
  await byTest('policy-alpha').fill('-3');
  await expect(byTest('plan-button')).toBeDisabled();
  await byTest('policy-alpha').fill('0.1');
  await expect(byTest('plan-button')).toBeDisabled();
  await byTest('method-effort').fill('1');
  await expect(byTest('plan-button')).toBeEnabled();
  await byTest('plan-button').click();
  await expectOrExplain(byTest('plan-kpis'), 60_000);
  const lines = page.locator('[data-testid^="route-line-"]');
  assert.ok((await lines.count()) >= 2, 'at least two routes');
  const colours = await Promise.all((await lines.all()).map((line) => line.getAttribute('data-colour')));
  assert.equal(new Set(colours).size, colours.length, `route colours are distinct: ${colours.join(', ')}`);
  const late = await Promise.all((await page.locator('[data-late="true"]').all()).map((m) => m.getAttribute('data-testid')));
  assert.ok(
    late.some((id) => TIGHT_PAIR.some((c) => id === `marker-${c}`)),
    `one of the tight pair is late: ${late.join(', ')}`,
  );
  await page.locator('[data-testid^="gantt-late-"]').first().waitFor();
  await expect(byTest('kpi-late').locator('.kpi-value')).not.toHaveText('0');
  // Soft windows price no time at the depot (a vehicle serves at once): the legend does not say it is priced as wait.
  await expect(page.locator('.gantt-legend')).toContainText('at the depot (not priced)');
  await session.screenshot('plan');
});

test('a long plan runs in the background: the page stays responsive and Cancel stops it', async () => {
  await byTest('method-effort').fill('60');
  await byTest('plan-button').click();
  await byTest('plan-progress').waitFor();
  await byTest('customer-row-5').click();
  await page.locator('[data-testid="marker-5"][data-selected="true"]').waitFor({ timeout: 2000 });
  assert.ok(await byTest('plan-progress').isVisible(), 'the page answered while the plan was still running');
  await byTest('cancel-plan').click();
  await byTest('plan-progress').waitFor({ state: 'detached', timeout: 15_000 });
  await page.locator('[data-testid="error-banner"][data-kind="cancelled"]').waitFor();
  await dismissBanners();
  await byTest('method-effort').fill('1');
});

test('comparing hard and soft shows two plans, the differences and who is served late', async () => {
  await byTest('tab-compare').click();
  await expect(byTest('compare-a-name')).toHaveValue('tw1');
  await expect(byTest('compare-b-name')).toHaveValue('tw3');
  await byTest('compare-method').selectOption('classical');
  // From the keyboard: the button is disabled while it runs, and has the focus back when the plans are there.
  await byTest('compare-run').focus();
  await page.keyboard.press('Enter');
  await expectOrExplain(byTest('compare-kpis'), 90_000);
  await expect(byTest('compare-run')).toBeFocused();
  // Two policies price different things: the cost difference is shown, not judged a saving, and the note says why.
  await expect(byTest('compare-cost-note')).toContainText('A: hard (α 1); B: soft (α 0.1, β 0.5)');
  await expect(byTest('compare-kpi-cost').locator('td').nth(2)).not.toHaveClass(/better|worse/);
  // Its stops are not Tab stops (Enter selects nothing there): Tab goes from the button to the figures.
  await expect(byTest('map-a').locator('.leaflet-marker-icon[tabindex="0"]')).toHaveCount(0);
  for (const side of ['a', 'b']) {
    assert.ok((await byTest(`map-${side}`).locator('[data-testid^="route-line-"]').count()) >= 2, `map ${side} shows routes`);
  }
  const rows = await page.locator('[data-testid^="compare-customer-"]').all();
  // The heading counts the rows it heads; under hard windows arriving early is waiting, and says so.
  await expect(page.locator('.compare-tables .count')).toHaveText(String(rows.length));
  await expect(byTest('compare-customers').locator('th').nth(3)).toHaveText('Wait A');
  await expect(byTest('compare-customers').locator('th').nth(4)).toHaveText('Early B');
  // All five columns are in view: no sideways scroll hides B's earliness, the figure a hard-vs-soft comparison is about.
  const widths = (await page.evaluate(
    `(() => { const el = document.querySelector('[data-testid="compare-customers"]').parentElement; return [el.scrollWidth, el.clientWidth]; })()`,
  )) as [number, number];
  assert.ok(widths[0] <= widths[1], `the table is ${widths[0]} px wide in ${widths[1]} px`);
  const lateInB = await Promise.all(rows.map(async (row) => (await row.locator('td').nth(2).textContent()) !== '—'));
  assert.ok(lateInB.includes(true), 'a customer is late in the soft plan');
  const markersAligned = async () => {
    const [inA, inB] = [await markerOffset('map-a', 'marker-11'), await markerOffset('map-b', 'marker-11')];
    assert.ok(Math.abs(inA.x - inB.x) < 2 && Math.abs(inA.y - inB.y) < 2, `maps in sync: ${JSON.stringify([inA, inB])}`);
  };
  await byTest('map-a').locator('.leaflet-control-zoom-in').click();
  await compareMapsSettled();
  await markersAligned();
  await byTest('map-b').locator('.leaflet-control-zoom-out').click();
  await compareMapsSettled();
  await markersAligned();
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
  // With the keyboard the arrow keys browse the routes without moving the stop; Enter moves it.
  await byTest('move-stop-select').focus();
  await page.keyboard.press('ArrowDown');
  await page.waitForTimeout(300);
  await expect(byTest('edit-bar')).toHaveCount(0);
  assert.notEqual(await routeOf(b), routeA);
  await byTest('move-stop-select').blur();
  await byTest('move-stop-select').selectOption(String(routeA));
  await byTest('edit-bar').waitFor();
  await page.locator('[data-testid="violation"][data-kind="late"]').first().waitFor();
  assert.equal(await routeOf(b), routeA);
  await byTest('reset-edit').click();
  await byTest('edit-bar').waitFor({ state: 'detached' });
  assert.notEqual(await routeOf(b), routeA, 'undo puts the stop back');

  // The same move by dragging the stop's block in the timeline onto the other vehicle's row.
  const block = await byTest(`gantt-stop-${b}`).boundingBox();
  const row = await byTest(`gantt-row-${routeA}`).boundingBox();
  assert.ok(block && row);
  await page.mouse.move(block.x + block.width / 2, block.y + block.height / 2);
  await page.mouse.down();
  await page.mouse.move(row.x + row.width - 10, row.y + row.height / 2, { steps: 8 });
  await page.mouse.up();
  await page.locator('[data-testid="violation"][data-kind="late"]').first().waitFor();
  assert.equal(await routeOf(b), routeA, 'the dragged stop joined the other route');
  await session.screenshot('edit');
  await byTest('save-edited').click();
  await byTest('edit-bar').waitFor({ state: 'detached' });
  await byTest('plan-meta').filter({ hasText: 'Edited by hand' }).waitFor();
});

test('after a reload the saved plans are in the history and reopen', async () => {
  const name = await byTest('instance-name').inputValue();
  await page.reload();
  // The instance and plan that were on screen come back by themselves.
  await expect(byTest('instance-name')).toHaveValue(name);
  await byTest('plan-kpis').waitFor();
  const instance = page.locator('[data-testid^="history-instance-"]').first();
  await instance.waitFor();
  await instance.getByTestId('history-open').click();
  const plans = page.locator('[data-testid^="history-plan-"]');
  await plans.first().waitFor();
  assert.ok((await plans.count()) >= 4, 'the soft plan, both compared plans and the edited plan are kept');
  // The two plans Compare made say so, as its A and B, and name the other side.
  await expect(page.locator('[data-testid^="compared-from-"]')).toHaveText([/Compare B/, /Compare A/]);
  await expect(page.locator('[data-testid^="compared-from-"]').first()).toHaveAttribute('title', /beside the hard .* plan/);
  await plans.filter({ hasText: 'Edited by hand' }).first().click();
  await byTest('plan-kpis').waitFor();
  await page.locator('[data-testid="violation"][data-kind="late"]').first().waitFor();

  const planJson = await download(() => byTest('export-plan-json').click());
  const routes = (JSON.parse(planJson.text) as { routes: string[][] }).routes;
  assert.ok(
    routes.some((r) => TIGHT_PAIR.every((id) => r.includes(id))),
    `the edited routes were stored: ${planJson.text.slice(0, 200)}`,
  );
  const planCsv = await download(() => byTest('export-plan-csv').click());
  assert.match(planCsv.name, /\.csv$/);
  await byTest('export-instance').click();
  const instanceCsv = await download(() => byTest('export-instance-csv').click());
  assert.equal(instanceCsv.text.trim().split(/\r?\n/).length, CUSTOMER_COUNT + 2, 'header, depot and every customer');

  // Saving a change to the instance re-checks the plan on screen against it, and the plan says so.
  await expect(byTest('plan-data-changed')).toHaveCount(0);
  await byTest('edit-ready-3').fill('319');
  await byTest('edit-ready-3').press('Enter');
  await byTest('save-instance').click();
  await byTest('unsaved-badge').waitFor({ state: 'detached' });
  await byTest('plan-data-changed').waitFor();
  await expect(byTest('plan-data-changed')).toContainText(/its cost was [\d,.]+ when planned/);
  // The history list gives that plan's figures as checked today too.
  await plans.filter({ hasText: 'Edited by hand' }).filter({ hasText: 'data changed' }).first().waitFor();
  // ... beside the cost it had when it was made.
  await expect(plans.filter({ hasText: 'Edited by hand' }).filter({ hasText: 'data changed' }).first()).toContainText(
    /data changed \(cost [\d,.]+ when planned\)/,
  );
});

test('the page reported no errors of its own', () => {
  expect(session.errors).toEqual([]);
});
