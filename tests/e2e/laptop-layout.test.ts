/**
 * What a dispatcher sees at 1366 x 768 (the common laptop) and 1920 x 1080, measured box by box: the reason Plan waits
 * on an empty day lies clear of the Plan card (it crossed the card's top edge); the Training form's days to tick are in
 * sight in their box (a long explanation filled the box and cut them off); the Compare view's customer table heads
 * every column whole and names a cut cell in its tooltip ("CUSTOMI", "at th…"); the history shows several plans of a
 * day of many (one line, cut mid-text).
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { callApi } from './support/api-page.js';
import { compareHardAndSoft } from './support/compare.js';
import { importCsv } from './support/csv-import.js';
import { filePage } from './support/day-page.js';
import { realDayCsv } from './support/fixtures.js';

const LAPTOP = { width: 1366, height: 768 };
const FULL_HD = { width: 1920, height: 1080 };
/** Plans of the day in the history: the tester's day had 26. */
const PLANS = 26;
/** A real day's stops, which 3 vans of 30 cannot all serve: a long list of customers not served in the comparison. */
const STOPS = 60;

// Scrollbars as a dispatcher's window draws them, each taking its width: a headless browser hides them unless told not to.
test.use({ launchOptions: async ({ launchOptions }, use) => use({ ...launchOptions, ignoreDefaultArgs: ['--hide-scrollbars'] }) });

const app = filePage({ setUp: (page) => page.setViewportSize(LAPTOP) });
const byTest = app.byTest;

type Box = { x: number; y: number; width: number; height: number };
const box = async (locator: Locator): Promise<Box> => (await locator.boundingBox())!;
const bottom = (b: Box) => b.y + b.height;
const right = (b: Box) => b.x + b.width;
const within = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 && inner.y >= outer.y - 0.5 && right(inner) <= right(outer) + 0.5 && bottom(inner) <= bottom(outer) + 0.5;
const overlaps = (p: Box, q: Box) => p.x < right(q) && q.x < right(p) && p.y < bottom(q) && q.y < bottom(p);

/** The part of an element's box its scrolling box shows (its client area), in the window's coordinates. */
async function visibleArea(locator: Locator): Promise<Box> {
  return locator.evaluate((el) => {
    const e = el as unknown as {
      getBoundingClientRect(): { left: number; top: number };
      clientLeft: number;
      clientTop: number;
      clientWidth: number;
      clientHeight: number;
    };
    const r = e.getBoundingClientRect();
    return { x: r.left + e.clientLeft, y: r.top + e.clientTop, width: e.clientWidth, height: e.clientHeight };
  });
}

/** Whether the element's text is cut: wider than the box that shows it. */
const cut = (locator: Locator) =>
  locator.evaluate((el) => {
    const e = el as unknown as { scrollWidth: number; clientWidth: number };
    return e.scrollWidth > e.clientWidth;
  });

test('on an empty day the reason Plan waits lies clear of the Plan card', async () => {
  const reason = byTest('plan-button-blocked');
  await expect(reason).toHaveText('Open or import a day first');
  const card = app.page.locator('#plan-side .panel').first();
  for (const size of [LAPTOP, FULL_HD]) {
    await app.page.setViewportSize(size);
    const [said, panel] = [await box(reason), await box(card)];
    expect(
      overlaps(said, panel),
      `${size.width} x ${size.height}: the reason ${JSON.stringify(said)} over the card ${JSON.stringify(panel)}`,
    ).toBe(false);
    expect(right(said), 'whole in the window').toBeLessThanOrEqual(size.width);
  }
  await app.page.setViewportSize(LAPTOP);
  await app.session.screenshot('laptop-empty-day');
});

test("the Training form's first days to tick are in sight in their box, under its one-line hint", async () => {
  await importCsv(app.page, 'laptop-layout.csv', realDayCsv(STOPS), { vehicles: 3, capacity: 30, speedKmh: 25 });
  await byTest('tab-training').click();
  const days = app.page.locator('[data-testid="train-instances"] label.checkbox');
  await expect(days.first()).toBeVisible();
  for (const size of [LAPTOP, FULL_HD]) {
    await app.page.setViewportSize(size);
    const shown = await visibleArea(byTest('train-instances'));
    const window = { x: 0, y: 0, ...size };
    const count = Math.min(3, await days.count());
    for (let k = 0; k < count; k++) {
      const day = await box(days.nth(k));
      const where = `${size.width} x ${size.height}: day ${k + 1} ${JSON.stringify(day)}`;
      expect(within(day, shown), `${where} in its box's visible part ${JSON.stringify(shown)}`).toBe(true);
      expect(within(day, window), `${where} in the window`).toBe(true);
    }
    await app.session.screenshot(`laptop-training-${size.width}`);
  }
  await app.page.setViewportSize(LAPTOP);
  await byTest('tab-plan').click();
});

test("at 1366 x 768 the Compare view's customer table heads each column whole, a cut cell whole in its tooltip", async () => {
  await compareHardAndSoft(app.page);
  const table = byTest('compare-customers');
  await expect(table).toBeVisible();
  for (const size of [LAPTOP, FULL_HD]) {
    await app.page.setViewportSize(size);
    for (const heading of await table.locator('thead th').all()) {
      const text = await heading.textContent();
      expect(await cut(heading), `${size.width} x ${size.height}: the heading "${text}" is cut`).toBe(false);
    }
    for (const text of await table.locator('tbody .clip-text').all()) {
      if (!(await cut(text))) continue;
      const whole = (await text.textContent())!;
      const title = await text.locator('xpath=ancestor::td[1]').getAttribute('title');
      expect(title ?? '', `${size.width} x ${size.height}: "${whole}", cut, whole in its cell's tooltip`).toMatch(whole);
    }
  }
  await app.page.setViewportSize(LAPTOP);
  await app.session.screenshot('laptop-compare');
  await byTest('tab-plan').click();
});

test(`at 1366 x 768 the history shows the open day and plans of its ${PLANS} whole, the table five rows`, async () => {
  const dayId = await openDayId(app.page);
  for (let k = 0; k < PLANS; k++) {
    await callApi(app.page, 'plans:create', { instanceId: dayId, variant: { name: 'tw1' }, method: 'classical', timeLimitSec: 0.1 });
  }
  const plans = app.page.locator(`[data-testid="history-instance-${dayId}"] [data-testid^="history-plan-"]`);
  // Those made here, and the two plans Compare made.
  await expect(plans).toHaveCount(PLANS + 2);
  const shown = await visibleArea(app.page.locator('.history-list'));
  let whole = 0;
  for (const plan of await plans.all()) if (within(await box(plan), shown)) whole++;
  // Each of three lines here (its figures wrap, 33 customers not served): two whole, and the customer table keeps five rows.
  expect(whole, `plans whole in the history ${JSON.stringify(shown)}`).toBeGreaterThanOrEqual(2);
  expect(within(await box(app.page.locator('.history-item.current .history-row')), shown), 'the open day whole').toBe(true);
  const table = await visibleArea(byTest('customer-table-scroll'));
  const rows = app.page.locator('[data-testid^="customer-row-"]');
  let rowsShown = 0;
  for (let k = 0; k < 6; k++) {
    const row = await box(rows.nth(k));
    if (within(row, table) && bottom(row) <= LAPTOP.height) rowsShown++;
  }
  expect(rowsShown, `rows of the customer table whole in ${JSON.stringify(table)}`).toBeGreaterThanOrEqual(5);
  await app.session.screenshot('laptop-history');
});

test('the page reported no errors of its own', () => {
  expect(app.session.errors).toEqual([]);
});

/** The id of the day on screen, as the history marks it. */
async function openDayId(page: Page): Promise<number> {
  const id = await page.locator('.history-item.current').getAttribute('data-testid');
  return Number(/(\d+)$/.exec(id!)![1]);
}
