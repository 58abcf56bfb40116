/**
 * Narrow windows, from 640 px (a laptop zoomed to 200 %) to 1,280 px, with scrollbars drawn as a dispatcher's window
 * draws them, on a day of one route of 104 stops with quantities of 1,000 and more: the reason Plan waits, under the
 * top bar, lies clear of the map's tiles button (at 750 and 800 px it lay over it); the driver sheet's headings fit
 * their columns (SERVICE ran over its column just above 700 px) and its figures keep one line ("100" read "10" over "0"
 * between 700 and 950 px, "1,000" read "1,00" over "0" under 950 px, the departure's bold load broke at every width).
 * The Compare view's customer table heads each column whole ("CUSTOMI" from 750 to 1,100 px, where the side panel's
 * scrollbar and the table's own took 30 px of it). The wider windows: laptop-layout.test.ts.
 */
import { expect, type Locator, test } from '@playwright/test';
import { compareHardAndSoft } from './support/compare.js';
import { dayPage } from './support/day-page.js';

/** Either side of the sheet's narrow layout (up to 800 px, up to 700 before) and of the views' (up to 1,100 px). */
const WIDTHS = [640, 700, 750, 800, 850, 950, 1100, 1280];
const HEIGHT = 800;
/** Stops of the one route: three digits in the sheet's # column. */
const STOPS = 104;

/**
 * A Berlin day of `STOPS` shops within about 2 km of the depot, open all day but every fourth, which closes at 06:20: one
 * van serves them all under soft windows (some late), so one route of three-digit stop numbers, while under hard windows
 * it leaves some out (rows of Compare's customer table). Every fifth takes 1,000 or 1,500 units ("1,000", "1,500" in the
 * sheet's Qty column), the others 10 to 49; the van leaves with five digits.
 */
function bigRouteCsv(): string {
  const rows = ['type,id,name,lat,lon,demand,ready,due,service', 'depot,D,Depot Mitte,52.5200,13.4050,0,06:00,22:00,0'];
  for (let i = 1; i <= STOPS; i++) {
    const lat = (52.51 + ((i * 37) % 100) / 5000).toFixed(5);
    const lon = (13.39 + ((i * 61) % 100) / 3000).toFixed(5);
    const demand = i % 5 === 0 ? 1000 + (i % 10) * 100 : 10 + ((i * 13) % 40);
    rows.push(`customer,S${i},Shop ${i},${lat},${lon},${demand},06:00,${i % 4 === 0 ? '06:20' : '22:00'},3`);
  }
  return `${rows.join('\n')}\n`;
}

// Scrollbars as a dispatcher's window draws them, each taking its width: a headless browser hides them unless told not to.
test.use({ launchOptions: async ({ launchOptions }, use) => use({ ...launchOptions, ignoreDefaultArgs: ['--hide-scrollbars'] }) });

const app = dayPage(
  'narrow-layout.csv',
  bigRouteCsv(),
  { vehicles: 1, capacity: 100_000, speedKmh: 25 },
  { viewport: { width: 1280, height: HEIGHT }, plan: { policy: 'tw3', effort: '1' } },
);
const byTest = app.byTest;

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (p: Box, q: Box) => p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height;

test('the reason Plan waits, under the top bar, lies clear of the map tiles button', async () => {
  const seconds = byTest('method-effort');
  await seconds.fill('0');
  const reason = byTest('plan-button-blocked');
  await expect(reason).toHaveText('seconds must be at least 0.1');
  const tiles = byTest('map').getByTestId('tile-settings-open');
  for (const width of WIDTHS) {
    await app.page.setViewportSize({ width, height: HEIGHT });
    const [said, button] = [(await reason.boundingBox())!, (await tiles.boundingBox())!];
    expect
      .soft(overlaps(said, button), `${width} px: the reason ${JSON.stringify(said)} over the button ${JSON.stringify(button)}`)
      .toBe(false);
    if (width === 800) await app.session.screenshot('narrow-plan-reason-800');
  }
  await seconds.fill('1');
  await expect(reason).toHaveCount(0);
});

/**
 * Over every route sheet's stop table: the headings wider than their column, and the cells of the # and Qty columns
 * (the depot rows' bold load too) whose figure takes more than one line. Text: it runs in the page.
 */
const crowding = (): Promise<{ headings: string[]; wrapped: string[] }> =>
  app.page.evaluate(`(() => {
    const tables = [...document.querySelectorAll('.sheet-stops')];
    const headings = tables.flatMap((t) => [...t.querySelectorAll('thead tr:last-child th')])
      .filter((th) => th.scrollWidth > th.clientWidth).map((th) => th.textContent);
    const wrapped = [];
    for (const cell of tables.flatMap((t) => [...t.querySelectorAll('tbody td:nth-child(1), tbody td:nth-child(8)')])) {
      const range = document.createRange();
      range.selectNodeContents(cell);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (lines.size > 1) wrapped.push(cell.textContent);
    }
    return { headings, wrapped };
  })()`) as Promise<{ headings: string[]; wrapped: string[] }>;

test(`the driver sheet of ${STOPS} stops: headings fit their columns, "100" and "1,000" keep one line, 640 to 1,280 px`, async () => {
  await app.page.setViewportSize({ width: 1280, height: HEIGHT });
  await byTest('open-sheets').click();
  await expect(byTest('sheet-0').getByTestId('sheet-row-stop')).toHaveCount(STOPS);
  await expect(byTest('sheet-0').getByTestId('sheet-row-stop').nth(99).locator('td').first()).toHaveText('100');
  await expect(
    byTest('sheet-0')
      .getByTestId('sheet-row-stop')
      .locator('td:nth-child(8)', { hasText: /^1,\d00$/ })
      .first(),
  ).toBeVisible();
  for (const width of WIDTHS) {
    await app.page.setViewportSize({ width, height: HEIGHT });
    const seen = await crowding();
    expect.soft(seen.headings, `${width} px: headings wider than their column`).toEqual([]);
    expect.soft(seen.wrapped, `${width} px: # and Qty cells over two lines`).toEqual([]);
    if (width === 800) await app.session.screenshot('narrow-sheet-800');
  }
  await app.page.setViewportSize({ width: 1280, height: HEIGHT });
  await byTest('sheets-close').click();
});

/** Whether the element's content is wider than its box. */
const cut = (locator: Locator) =>
  locator.evaluate((el) => {
    const e = el as unknown as { scrollWidth: number; clientWidth: number };
    return e.scrollWidth > e.clientWidth;
  });

test("the Compare view's customer table heads each column whole, 640 to 1,280 px", async () => {
  await compareHardAndSoft(app.page);
  const table = byTest('compare-customers');
  await expect(table).toBeVisible();
  for (const width of WIDTHS) {
    await app.page.setViewportSize({ width, height: HEIGHT });
    for (const heading of await table.locator('thead th').all()) {
      const text = await heading.textContent();
      expect.soft(await cut(heading), `${width} px: the heading "${text}" is cut`).toBe(false);
    }
    if (width === 950) await app.session.screenshot('narrow-compare-950');
  }
  await app.page.setViewportSize({ width: 1280, height: HEIGHT });
  await byTest('tab-plan').click();
});

test('the page reported no errors of its own', () => {
  expect(app.session.errors).toEqual([]);
});
