/**
 * A day of 1,000 stops: the customer table draws the rows in view and a margin, not 1,000 rows of inputs, and the
 * route legend the chips of the routes in or near view; yet the keyboard walks the whole table, a pasted block fills
 * rows not drawn yet, the find box finds a customer far down, a stop clicked on the map brings its row into view and its
 * chip under Routes, and a screen reader hears the whole table's row count. The day and its plan are made through the
 * API (no planning run).
 */
import { expect, test } from '@playwright/test';
import { apiPage, importRealDay } from './support/api-page.js';

const STOPS = 1000;
// No trace: it would take a snapshot of the page (a map, a legend and a timeline of 1,000 stops) at each of the 300
// key presses, some 300 ms each.
test.use({ trace: 'off' });
const app = apiPage();
/** Each customer's demand as imported. */
let demands: Map<string, number>;
/** Stores the day's plan of 50 routes of 20 stops (through the API, as another window would). */
let savePlan: () => Promise<unknown>;
const byTest = app.byTest;

/** Whether the element lies wholly inside the customer table's scrolling box (below its sticky heading). */
async function inTableView(testId: string): Promise<boolean> {
  const box = (await byTest('customer-table-scroll').boundingBox())!;
  const row = (await byTest(testId).boundingBox())!;
  return row.y >= box.y && row.y + row.height <= box.y + box.height;
}

const scrollTableToTop = () =>
  byTest('customer-table-scroll').evaluate((el) => {
    (el as unknown as { scrollTop: number }).scrollTop = 0;
  });
/**
 * Presses a key `times` times as fast as a key held down repeats it: the presses are sent one after another without
 * waiting for each to be handled and the page drawn (some 130 ms a press with the map of 1,000 stops), so the page
 * takes them in order as they come, drawing when it can.
 */
async function holdKey(key: 'ArrowDown', code: number, times: number): Promise<void> {
  const cdp = await app.page.context().newCDPSession(app.page);
  const event = { key, code: key, windowsVirtualKeyCode: code, nativeVirtualKeyCode: code };
  const sent: Promise<unknown>[] = [];
  for (let i = 0; i < times; i++) {
    sent.push(cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', autoRepeat: i > 0, ...event }));
  }
  sent.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...event }));
  await Promise.all(sent);
  await cdp.detach();
}

const drawnRows = () => app.page.locator('[data-testid^="customer-row-"]').count();

// After apiPage's, which opens the page.
test.beforeAll(async () => {
  // R1 ... R998 and the two corner shops, east first and west last in id order: row k (2 to 999) is R(k - 1).
  // Not app.importDay: the day stays stored after the tests, as it always has.
  const day = await importRealDay(app.page, 'big-day.csv', STOPS, 50);
  const ids = day.instance.customers.map((c) => c.id);
  demands = new Map(day.instance.customers.map((c) => [c.id, c.demand]));
  const routes = Array.from({ length: 50 }, (_, r) => ids.slice(r * 20, r * 20 + 20));
  savePlan = () => app.call('plans:saveEdited', { instanceId: day.id, variant: { name: 'tw3' }, routes });
  await app.page.reload();
  // The day alone first, its plan stored only for the last test: a day opens with its latest plan, whose legend,
  // timeline and routes on the map would only slow the 300 key presses down.
  await app.page.locator('[data-testid^="history-instance-"]', { hasText: 'big-day' }).first().getByTestId('history-open').click();
});

test('the table draws far fewer rows than the day has, and a screen reader is told the whole count', async () => {
  await expect(byTest('customer-row-east-end-corner-shop')).toBeVisible();
  expect(await drawnRows()).toBeLessThan(60);
  await expect(byTest('customer-table')).toHaveAttribute('aria-rowcount', String(STOPS + 1));
  await expect(byTest('customer-row-east-end-corner-shop')).toHaveAttribute('aria-rowindex', '2');
  await expect(byTest('customer-row-R1')).toHaveAttribute('aria-rowindex', '3');
});

test('the scroll bar counts every row at its drawn height: scrolled to a row by it, that row shows at the top', async () => {
  const scroller = byTest('customer-table-scroll');
  // A customer's rows form one tbody: its height is the row's with any message under it.
  const rowHeight = await byTest('customer-row-R1').evaluate(
    (row) => (row as unknown as { parentElement: { offsetHeight: number } }).parentElement.offsetHeight,
  );
  const headHeight = await byTest('customer-table').evaluate(
    (table) => (table as unknown as { tHead: { offsetHeight: number } }).tHead.offsetHeight,
  );
  const scrollHeight = await scroller.evaluate((el) => (el as unknown as { scrollHeight: number }).scrollHeight);
  expect(Math.abs(scrollHeight - (headHeight + STOPS * rowHeight))).toBeLessThanOrEqual(2);
  // Row 600 of the day (R600) lies 600 rows down: scrolled there, it sits right under the heading.
  await scroller.evaluate((el, top) => {
    (el as unknown as { scrollTop: number }).scrollTop = top;
  }, 600 * rowHeight);
  await expect(byTest('customer-row-R600')).toBeVisible();
  const box = (await scroller.boundingBox())!;
  const row = (await byTest('customer-row-R600').boundingBox())!;
  expect(Math.abs(row.y - (box.y + headHeight))).toBeLessThanOrEqual(2);
  await scrollTableToTop();
});

test('arrow keys walk down the whole table: from the top, row 300 is reached with its demand cell focused', async () => {
  // 300 key presses, on a machine shared with other work.
  test.setTimeout(300_000);
  await byTest('edit-demand-east-end-corner-shop').focus();
  await holdKey('ArrowDown', 40, 299);
  await expect(byTest('edit-demand-R299')).toBeFocused();
  await expect(byTest('customer-row-R299')).toHaveAttribute('aria-selected', 'true');
  await expect(byTest('customer-row-R299')).toHaveAttribute('aria-rowindex', '301');
  await expect.poll(() => inTableView('customer-row-R299')).toBe(true);
  expect(await drawnRows()).toBeLessThan(60);
  await app.page.keyboard.press('ArrowUp');
  await expect(byTest('edit-demand-R298')).toBeFocused();
});

test('a block pasted at the top fills the rows below it that were not drawn yet, as one step', async () => {
  await scrollTableToTop();
  await app.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await app.page.evaluate(`navigator.clipboard.writeText(${JSON.stringify(`${Array(40).fill('7').join('\n')}\n`)})`);
  await byTest('edit-demand-R1').focus();
  await app.page.keyboard.press('Control+a');
  await app.page.keyboard.press('Control+v');
  await expect(byTest('edit-demand-R40')).toHaveValue('7');
  await expect(byTest('edit-demand-R1')).toHaveValue('7');
  // One step: a single Undo takes the whole block back.
  await byTest('undo').click();
  await expect(byTest('edit-demand-R40')).toHaveValue(String(demands.get('R40')));
  await expect(byTest('edit-demand-R1')).toHaveValue(String(demands.get('R1')));
});

test('the find box finds a customer far down, and counts it', async () => {
  await byTest('customer-filter').fill('R987');
  await expect(byTest('customer-filter-count')).toHaveText(`1 of ${STOPS}`);
  await expect(byTest('customer-row-R987')).toBeVisible();
  await byTest('customer-filter').fill('Shop 98');
  // Shop 98 and Shop 980 to Shop 989.
  await expect(byTest('customer-filter-count')).toHaveText(`11 of ${STOPS}`);
  await expect(byTest('customer-row-R989')).toBeVisible();
  await expect(byTest('customer-table')).toHaveAttribute('aria-rowcount', '12');
  await byTest('customer-filter').press('Escape');
  await expect(byTest('customer-filter-count')).toHaveText(String(STOPS));
});

test('a stop far down clicked on the map brings its row into view, and its chip under Routes', async () => {
  await savePlan();
  await app.page.locator('[data-testid^="history-plan-"]').first().click();
  await expect(byTest('plan-meta')).toBeVisible();
  // The legend draws the chips of the routes in or near view (every route's at first, to know their heights).
  await expect(byTest('stop-chip-R1')).toBeVisible();
  await expect.poll(() => app.page.locator('[data-testid^="stop-chip-"]').count()).toBeLessThan(STOPS / 2);
  await scrollTableToTop();
  await byTest('marker-R950').dispatchEvent('click');
  await expect(byTest('customer-row-R950')).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => inTableView('customer-row-R950')).toBe(true);
  await expect(byTest('stop-chip-R950')).toBeVisible();
  await expect(byTest('move-stop')).toContainText('Move customer R950');
  expect(app.session.errors).toEqual([]);
});
