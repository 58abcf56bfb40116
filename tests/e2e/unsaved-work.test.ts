/**
 * Work not saved yet, on a lat/lon day at 1280 x 800: a new plan asks before it replaces hand edits, exports hold
 * what is on screen, an unsaved speed does not rescale the plan's km, a cell that refused its entry stops planning,
 * and a comparison says when the day changed after it. Steps build on each other in one page.
 */
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { type AppSession, openApp } from './support/browser.js';
import { CITY_DAY_CSV } from './support/fixtures.js';
import { importCsv } from './support/csv-import.js';
import { outOfDateNote } from '../../src/shared/route-flags.js';

test.describe.configure({ mode: 'serial' });

let session: AppSession;
let page: Page;
const byTest = (id: string) => page.getByTestId(id);
const distance = () => byTest('kpi-distance').locator('.kpi-value').textContent();

test.beforeAll(async ({ browser }) => {
  session = await openApp(browser, { unreachableTiles: true });
  page = session.page;
});
test.afterAll(async () => {
  await session?.close();
});

async function plan() {
  await byTest('plan-button').click();
  await expect(byTest('plan-meta')).toBeVisible({ timeout: 60_000 });
}

/** The text of the file a click downloads. */
async function download(testId: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), byTest(testId).click()]);
  return readFile((await file.path())!, 'utf8');
}

/** Answers the next dialog and returns its message. */
function answerNext(accept: boolean): Promise<string> {
  return new Promise((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void (accept ? dialog.accept() : dialog.dismiss());
    }),
  );
}

test('a new plan asks before it replaces hand edits; the exports hold the edited routes', async () => {
  await importCsv(page, 'unsaved.csv', CITY_DAY_CSV, { vehicles: 3, capacity: 30, speedKmh: 25 });
  await byTest('method').selectOption('classical');
  await byTest('method-effort').fill('1');
  await plan();
  const planId = await byTest('plan-meta').getAttribute('data-plan-id');
  const moved = (await byTest('legend-route-0').locator('[data-testid^="stop-chip-"]').first().textContent())!.trim();
  await byTest('legend-route-0').locator('[data-testid^="stop-chip-"]').first().click();
  await byTest('move-stop-select').selectOption('1');
  await expect(byTest('edit-bar')).toBeVisible();

  // The plan CSV and JSON are the routes on screen, as the driver sheets are.
  const csv = await download('export-plan-csv');
  const routeOf = (text: string, id: string) =>
    text
      .split('\n')
      .find((line) => line.split(',')[3] === id)
      ?.split(',')[0];
  expect(routeOf(csv, moved)).toBe('2');
  const json = JSON.parse(await download('export-plan-json')) as { routes: string[][] };
  expect(json.routes[1]).toContain(moved);

  // Plan asks first; keeping the edits keeps the plan.
  const kept = answerNext(false);
  await byTest('plan-button').click();
  expect(await kept).toMatch(/Discard the hand edits of the plan\?/);
  await expect(byTest('edit-bar')).toBeVisible();
  expect(await byTest('plan-meta').getAttribute('data-plan-id')).toBe(planId);
  const dropped = answerNext(true);
  await byTest('plan-button').click();
  await dropped;
  await expect(byTest('edit-bar')).toHaveCount(0);
  await expect(byTest('plan-meta')).not.toHaveAttribute('data-plan-id', planId!);
});

test("an unsaved speed leaves the plan's km alone; the instance export holds the unsaved edits", async () => {
  const before = await distance();
  await byTest('fleet-speed').fill('50');
  await byTest('fleet-speed').press('Enter');
  await expect(byTest('unsaved-badge')).toBeVisible();
  // Planning would save the edit first: the button says so.
  await expect(byTest('plan-button')).toHaveText('Save and plan');
  expect(await distance()).toBe(before);
  await byTest('edit-demand-S2').fill('9');
  await byTest('edit-demand-S2').press('Enter');
  await byTest('export-instance').click();
  const exported = await download('export-instance-csv');
  expect(exported.split('\n').find((line) => line.split(',')[1] === 'S2')).toMatch(/^customer,S2,.*,9,09:00,12:00,10/);
  // The plan's CSV says the day changed since, not saved yet, in the driver sheets' words.
  const planCsv = await download('export-plan-csv');
  const departs = planCsv.split('\n').filter((line) => /^\d+,0,depart,/.test(line));
  expect(departs.length).toBeGreaterThan(0);
  for (const line of departs) expect(line).toContain(outOfDateNote(true));
  await byTest('save-instance').click();
  await byTest('unsaved-badge').waitFor({ state: 'detached' });
  await expect(byTest('plan-button')).toHaveText('Plan');
});

test('a cell that refused its entry stops planning and says which', async () => {
  const planId = await byTest('plan-meta').getAttribute('data-plan-id');
  await byTest('edit-demand-S3').fill('1,250');
  await byTest('edit-demand-S3').press('Enter');
  await expect(byTest('edit-demand-S3')).toHaveAttribute('aria-invalid', 'true');
  await byTest('plan-button').click();
  await expect(page.locator('.banner-stack')).toContainText('Demand of S3 holds “1,250”, which it refused');
  expect(await byTest('plan-meta').getAttribute('data-plan-id')).toBe(planId);
  // Leaving for another view would drop the entry with the table: it asks first, and staying keeps it.
  const asked = answerNext(false);
  await byTest('tab-compare').click();
  expect(await asked).toMatch(/^Demand of S3 holds “1,250”, which it refused\. Discard it\?/);
  await expect(byTest('edit-demand-S3')).toHaveValue('1,250');
  await byTest('edit-demand-S3').press('Escape');
  // Save stops too, whatever else is unsaved: it would say "saved" beside the red cell and drop what was typed there.
  await byTest('edit-demand-S2').fill('8');
  await byTest('edit-demand-S2').press('Enter');
  await byTest('edit-demand-S3').fill('1,250');
  await byTest('edit-demand-S3').press('Enter');
  await byTest('save-instance').click();
  await expect(page.locator('.banner-stack')).toContainText(
    'Demand of S3 holds “1,250”, which it refused: correct it, or press Escape in it to keep the old value, then save again',
  );
  await expect(byTest('unsaved-badge')).toBeVisible();
  // Escape keeps S3's old demand: the save goes through with S2's new one.
  await byTest('edit-demand-S3').press('Escape');
  await byTest('save-instance').click();
  await byTest('unsaved-badge').waitFor({ state: 'detached' });
});

test('a comparison says when the day was changed after it, and keeps its km', async () => {
  await byTest('tab-compare').click();
  await byTest('compare-effort').fill('1');
  await byTest('compare-run').click();
  const km = byTest('compare-kpi-distance').locator('td').first();
  await expect(km).toHaveText(/ km$/, { timeout: 60_000 });
  const shown = await km.textContent();
  await expect(byTest('compare-stale')).toHaveCount(0);
  await byTest('tab-plan').click();
  await byTest('fleet-speed').fill('20');
  await byTest('fleet-speed').press('Enter');
  await byTest('save-instance').click();
  await byTest('unsaved-badge').waitFor({ state: 'detached' });
  const mapHeight = async () => (await byTest('compare-map-a').boundingBox())?.height ?? 0;
  await byTest('tab-compare').click();
  await expect(byTest('compare-stale')).toBeVisible();
  expect(await km.textContent()).toBe(shown);
  // The notice sits above the figures, in their column: the maps keep their height (it had squeezed them to a strip).
  await expect(byTest('compare-stale').locator('xpath=..')).toHaveClass(/compare-tables/);
  expect(await mapHeight()).toBeGreaterThan(300);
});

test('a row sorted by the column being edited stays put, so Tab goes on in the same row', async () => {
  await byTest('tab-plan').click();
  await byTest('sort-ready').click();
  const order = async () =>
    Promise.all((await page.locator('[data-testid^="customer-row-"]').all()).map((row) => row.getAttribute('data-testid')));
  const before = await order();
  await byTest('edit-ready-S3').fill('16:00');
  await byTest('edit-ready-S3').press('Tab');
  await page.keyboard.type('18:00');
  await page.keyboard.press('Enter');
  await expect(byTest('edit-due-S3')).toHaveValue('18:00');
  await expect(byTest('edit-ready-S3')).toHaveValue('16:00');
  expect(await order()).toEqual(before);
  // Sorting again puts it where its new time belongs.
  await byTest('sort-ready').click();
  await byTest('sort-ready').click();
  expect((await order()).at(-1)).toBe('customer-row-S3');
});

test('hand edits are scored again when the day they were made on is saved with changes', async () => {
  await byTest('tab-plan').click();
  const earlier = (await byTest('plan-meta').getAttribute('data-plan-id'))!;
  await byTest('plan-button').click();
  await expect(byTest('plan-meta')).not.toHaveAttribute('data-plan-id', earlier, { timeout: 60_000 });
  const chip = byTest('legend-route-0').locator('[data-testid^="stop-chip-"]').first();
  const moved = (await chip.textContent())!.trim();
  // The row edited last may have selected it already: a click would then unselect it.
  if (!(await chip.getAttribute('class'))?.includes('selected')) await chip.click();
  await byTest('move-stop-select').selectOption('1');
  await expect(byTest('save-edited')).toBeEnabled();
  await expect(byTest('violation')).toHaveCount(0);
  // The moved stop's order now fills a vehicle on its own: the edited route 2 is over capacity once this is saved.
  await byTest(`edit-demand-${moved}`).fill('30');
  await byTest(`edit-demand-${moved}`).press('Enter');
  await byTest('save-instance').click();
  await byTest('unsaved-badge').waitFor({ state: 'detached' });
  await expect(byTest('edit-bar')).toBeVisible();
  await expect(page.locator('[data-testid="violation"][data-kind="capacity"]')).toHaveCount(1);
});

test('an edit that breaks a rule shows its lower cost as a change, not as a gain', async () => {
  await byTest('reset-edit').click();
  await expect(byTest('edit-bar')).toHaveCount(0);
  const earlier = (await byTest('plan-meta').getAttribute('data-plan-id'))!;
  await byTest('plan-button').click();
  await expect(byTest('plan-meta')).not.toHaveAttribute('data-plan-id', earlier, { timeout: 60_000 });
  const chip = byTest('legend-route-0').locator('[data-testid^="stop-chip-"]').first();
  if (!(await chip.getAttribute('class'))?.includes('selected')) await chip.click();
  await byTest('move-stop-select').selectOption({ label: 'no route (leave it unserved)' });
  await expect(byTest('save-edited')).toBeEnabled();
  const delta = byTest('kpi-delta-cost');
  await expect(delta).not.toHaveClass(/better|worse/);
  await expect(delta).toHaveAttribute('title', /Not comparable: the edit breaks 1 more rule than the plan/);
});

test('a marker dragged on the plan map is saved only once planning was asked to', async () => {
  await byTest('reset-edit').click();
  const planId = (await byTest('plan-meta').getAttribute('data-plan-id'))!;
  const marker = (await byTest('marker-S5').boundingBox())!;
  await page.mouse.move(marker.x + marker.width / 2, marker.y + marker.height / 2);
  await page.mouse.down();
  await page.mouse.move(marker.x + 90, marker.y + 40, { steps: 6 });
  await page.mouse.up();
  await expect(byTest('unsaved-badge')).toBeVisible();
  const asked = answerNext(false);
  await byTest('plan-button').click();
  expect(await asked).toMatch(/^S5 was moved on the map\. Save the new place and plan\?/);
  await expect(byTest('unsaved-badge')).toBeVisible();
  expect(await byTest('plan-meta').getAttribute('data-plan-id')).toBe(planId);
  // Undo puts it back: nothing moved, nothing to ask.
  await byTest('undo').click();
  await expect(byTest('unsaved-badge')).toHaveCount(0);
  await byTest('plan-button').click();
  await expect(byTest('plan-meta')).not.toHaveAttribute('data-plan-id', planId, { timeout: 60_000 });
});

test('a plan opened from the history sets the policy and method it was made with', async () => {
  await byTest('method').selectOption('jampr-greedy');
  await expect(byTest('policy-name')).toHaveValue('tw1');
  await page.locator('[data-testid^="history-plan-"]', { hasText: 'Compare B' }).first().click();
  await expect(byTest('policy-name')).toHaveValue('tw3');
  await expect(byTest('method')).toHaveValue('classical');
});

test('the table sorts from the keyboard, ids in the order a dispatcher counts them', async () => {
  // The table is sorted by ready time from an earlier step: Enter on the ID heading sorts by id, Space reverses it.
  await byTest('sort-id').focus();
  await page.keyboard.press('Enter');
  const rows = page.locator('[data-testid^="customer-row-"]');
  await expect(rows.first()).toHaveAttribute('data-testid', 'customer-row-S1');
  await expect(rows.nth(1)).toHaveAttribute('data-testid', 'customer-row-S2');
  await page.keyboard.press(' ');
  await expect(rows.first()).toHaveAttribute('data-testid', 'customer-row-S10');
  await expect(rows.nth(1)).toHaveAttribute('data-testid', 'customer-row-S9');
});

test('a policy keeps its prices when the dispatcher switches to another and back', async () => {
  await byTest('policy-name').selectOption('tw2');
  await byTest('policy-beta').fill('2');
  await byTest('policy-alpha').fill('0.3');
  await byTest('policy-name').selectOption('tw1');
  await byTest('policy-name').selectOption('tw2');
  await expect(byTest('policy-beta')).toHaveValue('2');
  await expect(byTest('policy-alpha')).toHaveValue('0.3');
});

test('the page reported no errors of its own', () => {
  expect(session.errors).toEqual([]);
});
