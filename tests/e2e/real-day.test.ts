/**
 * A real day of 80 shops, 3 vans of 30, in a 1024 x 700 window (a small laptop): the table, the map, the timeline and
 * the plan's panel each get a usable share without running into one another, and still do at 1280 x 800 and
 * 1920 x 1080; the dozens of customers the vans cannot carry are listed under their one reason; and the pills of the
 * long ids at the map's west and east edges are whole after a fit, in the Plan view and in the Compare view's narrow maps.
 */
import { expect, type Locator, test } from '@playwright/test';
import { cityDayPage } from './support/city-day-page.js';
import { EDGE_IDS, realDayCsv } from './support/fixtures.js';
import { SHOWN_PER_REASON } from '../../src/shared/not-served.js';

const STOPS = 80;
const app = cityDayPage('real-day.csv', { viewport: { width: 1024, height: 700 }, csv: realDayCsv(STOPS) });
const byTest = app.byTest;

type Box = { x: number; y: number; width: number; height: number };
const box = async (locator: Locator): Promise<Box> => (await locator.boundingBox())!;
const bottom = (b: Box) => b.y + b.height;
const within = (inner: Box, outer: Box) =>
  inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && bottom(inner) <= bottom(outer);

/** How many of the customer table's rows are wholly in sight, in its scrolling box and in the window. */
async function rowsInSight(): Promise<number> {
  // The page's DOM types are not compiled here: the boxes are read through the fields they have.
  type Element = { getBoundingClientRect(): { top: number; bottom: number }; querySelectorAll(s: string): Iterable<Element> };
  const windowHeight = app.page.viewportSize()!.height;
  return byTest('customer-table-scroll').evaluate((el, height) => {
    const scroll = el as unknown as Element;
    const { top, bottom: end } = scroll.getBoundingClientRect();
    const lowest = Math.min(end, height);
    return [...scroll.querySelectorAll('[data-testid^="customer-row-"]')].filter((row) => {
      const b = row.getBoundingClientRect();
      return b.top >= top && b.bottom <= lowest;
    }).length;
  }, windowHeight);
}

test.beforeAll(async () => {
  await byTest('method').selectOption('classical');
  await byTest('method-effort').fill('1');
  await byTest('plan-button').click();
  await expect(byTest('plan-meta')).toBeVisible({ timeout: 60_000 });
});

test('at 1024 x 700 the table, the map, the timeline and the plan each get a share, none under another', async () => {
  const [map, timeline, plan] = [await box(byTest('map')), await box(byTest('gantt')), await box(app.page.locator('#plan-side'))];
  expect(plan.y, `the plan's panel ${JSON.stringify(plan)} starts below the timeline ${JSON.stringify(timeline)}`).toBeGreaterThanOrEqual(
    bottom(timeline) - 0.5,
  );
  expect(timeline.y, 'the timeline starts below the map').toBeGreaterThanOrEqual(bottom(map) - 0.5);
  expect(bottom(plan), "the plan's panel ends in the window").toBeLessThanOrEqual(700.5);
  expect(map.height, 'the map is more than a strip').toBeGreaterThanOrEqual(280);
  expect(timeline.height, 'the timeline shows a few routes').toBeGreaterThanOrEqual(100);
  expect(plan.height, "the plan's panel shows its figures").toBeGreaterThanOrEqual(160);
  // Four rows beside the day's warning that its demand is more than the fleet carries (two lines above the table);
  // five on a day without one.
  await expect(byTest('day-warnings')).toContainText('more than the fleet carries');
  expect(await rowsInSight(), 'the customer table shows a handful of rows').toBeGreaterThanOrEqual(4);
  // The timeline's legend (two lines here) is whole above the plan's panel: it scrolled with the rows, its second line
  // cut off at the panel's top. The rows are as wide as their box: drawn 16 px wider, they scrolled sideways.
  const legend = await box(byTest('gantt-legend'));
  expect(within(legend, timeline), `the legend ${JSON.stringify(legend)} whole in the timeline ${JSON.stringify(timeline)}`).toBe(true);
  expect(legend.height, 'the legend wraps onto a second line (what this step is about)').toBeGreaterThan(20);
  const rows = await byTest('gantt-rows').evaluate((el) => {
    const scrolling = el as unknown as { scrollWidth: number; clientWidth: number; scrollHeight: number; clientHeight: number };
    return { sideways: scrolling.scrollWidth - scrolling.clientWidth, hidden: scrolling.scrollHeight - scrolling.clientHeight };
  });
  expect(rows, "no sideways scroll, and the plan's three routes whole").toEqual({ sideways: 0, hidden: 0 });
  await app.session.screenshot('real-day-1024');
});

test('at 1280 x 800 and 1920 x 1080 the plan stays beside the map and the table shows more rows', async () => {
  for (const [width, height, rows] of [
    // With the history the suite's other days fill (a score of them), as a dispatcher's fills it: the history gives up
    // room to the table, which keeps five rows at 1280 x 800 (it kept three; six until the history there kept the open
    // day and two of its plans whole, narrow-layout.test.ts), and six at 1920 x 1080 (eight before the depot's
    // latitude and longitude took a row each, wide enough for a whole longitude such as -122.332071, and seven before
    // the day's warning that the fleet is too small took its four lines above the table).
    [1280, 800, 5],
    [1920, 1080, 6],
  ] as const) {
    await app.page.setViewportSize({ width, height });
    const [map, timeline, plan] = [await box(byTest('map')), await box(byTest('gantt')), await box(app.page.locator('#plan-side'))];
    expect(plan.x, `${width} x ${height}: the plan beside the map`).toBeGreaterThanOrEqual(map.x + map.width - 0.5);
    expect(plan.x, `${width} x ${height}: the plan beside the timeline`).toBeGreaterThanOrEqual(timeline.x + timeline.width - 0.5);
    expect(map.height, `${width} x ${height}: the map takes most of the height`).toBeGreaterThan(height / 2);
    expect(await rowsInSight(), `${width} x ${height}: rows of the customer table in sight`).toBeGreaterThanOrEqual(rows);
  }
  // A row clicked at 1280 x 800 shows its customer's position under the table, which gives up a row: nothing above the
  // table moves (the history gave up the room once, and the table slid under the pointer between press and release).
  await app.page.setViewportSize({ width: 1280, height: 800 });
  const row = app.page.locator('[data-testid^="customer-row-"]').nth(2);
  const [history, before] = [await box(byTest('history')), await box(row)];
  await row.locator('td').first().click();
  await expect(byTest('selected-position')).toBeVisible();
  expect(await box(row), 'the clicked row stays where it was').toEqual(before);
  expect(await box(byTest('history')), 'the history keeps its size').toEqual(history);
  expect(await rowsInSight(), 'rows in sight beside the position').toBeGreaterThanOrEqual(5);
  await row.locator('td').first().click();
  await expect(byTest('selected-position')).toHaveCount(0);
  await app.page.setViewportSize({ width: 1024, height: 700 });
});

test("at 1024 x 700 and 1280 x 720 the history shows the open day's entry whole, its plan's two lines too", async () => {
  const planId = await byTest('plan-meta').getAttribute('data-plan-id');
  const list = app.page.locator('.history-list');
  const [day, plan] = [app.page.locator('.history-item.current .history-row'), byTest(`history-plan-${planId}`)];
  for (const [width, height] of [
    [1024, 700],
    [1280, 720],
  ] as const) {
    await app.page.setViewportSize({ width, height });
    const [shown, row, entry] = [await box(list), await box(day), await box(plan)];
    expect(within(row, shown), `${width} x ${height}: the open day ${JSON.stringify(row)} in the history ${JSON.stringify(shown)}`).toBe(
      true,
    );
    // Its second line (the cost, the vans, when planned) was cut off by the history's bottom at 1024 x 700.
    expect(within(entry, shown), `${width} x ${height}: its plan ${JSON.stringify(entry)} in the history ${JSON.stringify(shown)}`).toBe(
      true,
    );
    // Four beside the day's fleet warning, as in the first test.
    expect(await rowsInSight(), `${width} x ${height}: the customer table keeps its rows`).toBeGreaterThanOrEqual(4);
  }
  await app.session.screenshot('real-day-history-1280x720');
  await app.page.setViewportSize({ width: 1024, height: 700 });
});

test('the customers the vans cannot carry are listed under their reason, said once, the first few dozen and a count', async () => {
  const groups = byTest('not-served-group');
  const reasons = await byTest('not-served-reason').allTextContents();
  expect(reasons.length, 'one reason line a group').toBe(await groups.count());
  expect(new Set(reasons).size, `each reason once: ${reasons.join(' | ')}`).toBe(reasons.length);
  // The largest group: the day's demand beyond what the 3 vans carry.
  const group = groups.filter({ hasText: 'more than the fleet carries' });
  const entries = group.locator('[data-testid^="not-served-"]:not([data-testid="not-served-reason"]):not([data-testid="not-served-more"])');
  await expect(entries).toHaveCount(SHOWN_PER_REASON);
  const more = group.getByTestId('not-served-more');
  const total = Number(/show all (\d+)/.exec((await more.textContent())!)![1]);
  expect(total).toBeGreaterThan(SHOWN_PER_REASON);
  await expect(more).toContainText(`${total - SHOWN_PER_REASON} more`);
  await app.session.screenshot('real-day-not-served');
  await more.click();
  await expect(entries).toHaveCount(total);
  await expect(more).toHaveCount(0);
  // Each customer is still its own entry: one put on a route leaves the list, the others stay.
  const first = entries.first();
  const id = (await first.getAttribute('data-testid'))!.replace('not-served-', '');
  await byTest(`serve-${id}`).selectOption('0');
  await expect(byTest(`not-served-${id}`)).toHaveCount(0);
  await expect(byTest('edit-bar')).toBeVisible();
  await byTest('reset-edit').click();
  await expect(byTest(`not-served-${id}`)).toBeVisible();
});

test("the driver sheets' page of the customers not served says each reason once, above its customers, as the panel does", async () => {
  const panel = await byTest('not-served-reason').allTextContents();
  await byTest('open-sheets').click();
  const reasons = byTest('sheet-not-served-reason');
  await expect(reasons, 'one heading a reason').toHaveCount(panel.length);
  const group = byTest('sheet-not-served-group').filter({ hasText: 'more than the fleet carries' });
  const total = Number(/(\d+) customers$/.exec((await group.getByTestId('sheet-not-served-reason').textContent())!)![1]);
  expect(total, 'the dozens the vans cannot carry').toBeGreaterThan(SHOWN_PER_REASON);
  // All of them (the sheet is printed: no "show all"), each once, without the reason beside it.
  await expect(group.locator('li')).toHaveCount(total);
  const sheet = (await byTest('sheet-not-served').textContent())!;
  expect(sheet.split('more than the fleet carries'), 'the reason said once').toHaveLength(2);
  await byTest('sheet-not-served').locator('h1').scrollIntoViewIfNeeded();
  await app.session.screenshot('real-day-sheet-not-served');
  await byTest('sheets-close').click();
});

test("a stop chip clicked down the plan's panel shows the control to move it there, whole in its card", async () => {
  for (const [width, height] of [
    [1024, 700],
    [1280, 800],
  ] as const) {
    await app.page.setViewportSize({ width, height });
    const chip = byTest('legend-route-1').locator('[data-testid^="stop-chip-"]').last();
    const id = (await chip.textContent())!;
    await chip.scrollIntoViewIfNeeded();
    await chip.click();
    const control = byTest('move-stop');
    await expect(control).toContainText(`Move customer ${id}`);
    const [side, card, select] = [await box(app.page.locator('#plan-side')), await box(control), await box(byTest('move-stop-select'))];
    expect(
      within(card, side),
      `${width} x ${height}: the control ${JSON.stringify(card)} in sight in the panel ${JSON.stringify(side)}`,
    ).toBe(true);
    expect(within(select, card), `${width} x ${height}: the select ${JSON.stringify(select)} in its card ${JSON.stringify(card)}`).toBe(
      true,
    );
    expect(within(await box(chip), side), `${width} x ${height}: the clicked stop stays in sight`).toBe(true);
    await app.session.screenshot(`real-day-move-stop-${width}`);
    await chip.click();
    await expect(control).toHaveCount(0);
  }
  await app.page.setViewportSize({ width: 1024, height: 700 });
});

/** Every marker whose id is shown lies whole inside `map`, and the long ids at the west and east edges are among them. */
async function expectPillsWhole(map: Locator) {
  const area = await box(map);
  const labelled = map.locator('.stop-marker-host:not(.label-hidden) .stop-marker');
  for (const id of EDGE_IDS) await expect(map.locator(`.stop-marker-host:not(.label-hidden) [data-testid="marker-${id}"]`)).toHaveCount(1);
  for (const marker of await labelled.all()) {
    const b = await box(marker);
    expect(
      within(b, area),
      `${await marker.getAttribute('data-testid')} ${JSON.stringify(b)} whole in the map ${JSON.stringify(area)}`,
    ).toBe(true);
  }
}

test('the pills of the long ids at the west and east edges are whole after a fit, in the Plan view and the Compare view', async () => {
  await expectPillsWhole(byTest('map'));
  await byTest('tab-compare').click();
  await expectPillsWhole(byTest('map-a'));
  await expectPillsWhole(byTest('map-b'));
  await app.session.screenshot('real-day-compare-maps');
  await byTest('tab-plan').click();
});

/** What a box's overflow is read from (the page's DOM types are not compiled here). */
type Overflowing = { scrollWidth: number; clientWidth: number; textContent: string | null };

test("the Compare view's customer table shows all five columns at 1024 x 700 and at 1280 x 800", async () => {
  await byTest('tab-compare').click();
  await byTest('compare-method').selectOption('classical');
  await byTest('compare-effort').fill('1');
  await byTest('compare-run').click();
  await expect(byTest('compare-customers')).toBeVisible({ timeout: 60_000 });
  for (const [width, height] of [
    [1024, 700],
    [1280, 800],
  ] as const) {
    await app.page.setViewportSize({ width, height });
    const table = byTest('compare-customers');
    const scroll = await box(table.locator('xpath=..'));
    const headings = await table.locator('thead th').all();
    expect(headings, 'customer, late A and B, wait or early A and B').toHaveLength(5);
    for (const heading of headings) {
      const b = await box(heading);
      expect(
        within(b, scroll),
        `${width} x ${height}: "${await heading.textContent()}" ${JSON.stringify(b)} in ${JSON.stringify(scroll)}`,
      ).toBe(true);
    }
    expect(
      await table.locator('xpath=..').evaluate((el) => {
        const scrolling = el as unknown as Overflowing;
        return scrolling.scrollWidth > scrolling.clientWidth;
      }),
      `${width} x ${height}: no sideways scroll`,
    ).toBe(false);
    // The figures and "not served" are whole in their cells (only a long id is cut, whole in its tooltip).
    const cut = await table
      .locator('td.num')
      .evaluateAll((cells) =>
        (cells as unknown as Overflowing[]).filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => cell.textContent),
      );
    expect(cut, `${width} x ${height}: cells cut`).toEqual([]);
    expect(scroll.x + scroll.width, `${width} x ${height}: the table ends in the window`).toBeLessThanOrEqual(width);
    await app.session.screenshot(`real-day-compare-${width}`);
  }
  await app.page.setViewportSize({ width: 1024, height: 700 });
  await byTest('tab-plan').click();
});

test('Compare lists earliness only for a policy that prices it, as the Plan view shows it', async () => {
  await byTest('tab-compare').click();
  // Hard (A) against soft (B): under hard windows the earliness is the wait, shown once, in the Wait row.
  const early = byTest('compare-kpi-early').locator('td');
  await expect(early).toHaveText(['—', /\d+m$/, '']);
  await expect(early.first()).toHaveAttribute('title', /hard .*an early vehicle waits, and its earliness is its wait/);
  await expect(byTest('compare-kpi-wait').locator('td').first()).toHaveText(/\d+m$/);
  // Hard against partly soft: both wait, neither prices earliness apart: no Earliness row.
  await byTest('compare-b-name').selectOption('tw2');
  await byTest('compare-run').click();
  await expect(byTest('compare-cost-note')).toContainText('B: partly soft', { timeout: 60_000 });
  await expect(byTest('compare-kpi-wait')).toBeVisible();
  await expect(byTest('compare-kpi-early')).toHaveCount(0);
  await byTest('compare-b-name').selectOption('tw3');
  await byTest('tab-plan').click();
});
