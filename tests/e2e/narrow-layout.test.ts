/**
 * Narrow windows, from 640 px (a laptop zoomed to 200 %) to 1,280 px, with scrollbars drawn as a dispatcher's window
 * draws them, on a day of one route of 104 stops with quantities of 1,000 and more: the reason Plan waits, under the
 * top bar, lies clear of the map's tiles button (at 750 and 800 px it lay over it); the driver sheet's headings fit
 * their columns (SERVICE ran over its column just above 700 px) and its figures keep one line ("100" read "10" over "0"
 * between 700 and 950 px, "1,000" read "1,00" over "0" under 950 px, the departure's bold load broke at every width).
 * The Compare view's customer table heads each column whole ("CUSTOMI" from 750 to 1,100 px, where the side panel's
 * scrollbar and the table's own took 30 px of it). The wider windows: laptop-layout.test.ts.
 * Found later by testers: the customer table's Dem. column cut "1500" to "150" and the sheet broke the depot's
 * "Hammerbrook" as "Hammerbroo / k" at 640 px; Compare's two maps shrank to 180 px wide at 800 px and 90 at 640 (now one
 * above the other below 1,000 px, one column of the page below 700); at 1280 x 800 the history showed the open day's first
 * plan and cut the next mid-line; at 800 x 700 the timeline showed route 1 and the axis, the others scrolled out of sight;
 * the skip link was the eleventh Tab stop, after the top bar's controls, and the Compare and Training views had none;
 * a demand of five digits was cut in the Dem. column at every width.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { compareHardAndSoft } from './support/compare.js';
import { importCsv } from './support/csv-import.js';
import { dayPage } from './support/day-page.js';
import { focusPageStart } from './support/page-start.js';

/** Either side of the sheet's narrow layout (up to 850 px; 800 and 700 before) and of the views' (up to 1,100 px). */
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
  // The depot's name one long word: bold in the sheet's depot rows, in a column some 100 px wide at 640 px.
  const rows = ['type,id,name,lat,lon,demand,ready,due,service', 'depot,D,Hammerbrook,52.5200,13.4050,0,06:00,22:00,0'];
  for (let i = 1; i <= STOPS; i++) {
    const lat = (52.51 + ((i * 37) % 100) / 5000).toFixed(5);
    const lon = (13.39 + ((i * 61) % 100) / 3000).toFixed(5);
    const demand = i % 5 === 0 ? 1000 + (i % 10) * 100 : 10 + ((i * 13) % 40);
    // S10's name wider than the 96 px the table's name line had at most, whatever the column's width.
    const name = i === 10 ? 'Bäckerei Wilhelmsburg' : `Shop ${i}`;
    rows.push(`customer,S${i},${name},${lat},${lon},${demand},06:00,${i % 4 === 0 ? '06:20' : '22:00'},3`);
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

/** Whether the element's content is wider than its box. */
const cut = (locator: Locator) =>
  locator.evaluate((el) => {
    const e = el as unknown as { scrollWidth: number; clientWidth: number };
    return e.scrollWidth > e.clientWidth;
  });

/** Focuses the page's start, as after loading it, and presses Tab: what it reaches. */
async function firstTabStop(page: Page): Promise<string | undefined> {
  await focusPageStart(page);
  await page.keyboard.press('Tab');
  return (await page.evaluate('document.activeElement?.dataset.testid')) as string | undefined;
}

/** Where the keyboard is: the test id of the focused element, or of the nearest element around it that has one. */
const focusedWithin = (page: Page) =>
  page.evaluate('document.activeElement?.closest("[data-testid]")?.dataset.testid') as Promise<string | undefined>;

test('the skip link to the plan is the first Tab stop, before the top bar, and shows where it is reached', async () => {
  for (const width of [640, 1280]) {
    await app.page.setViewportSize({ width, height: HEIGHT });
    expect(await firstTabStop(app.page), `${width} px: the first Tab stop`).toBe('skip-to-plan');
    await expect(byTest('skip-to-plan')).toBeInViewport();
  }
  await app.page.keyboard.press('Enter');
  await expect(app.page.locator('#plan-side')).toBeFocused();
});

test("the Compare and Training views' skip links are their first Tab stop too, to the comparison and to the form", async () => {
  // Each view's main content: Compare's maps and figures (before a comparison, the maps and what to press), Training's form.
  const views = [
    { tab: 'tab-compare', link: 'skip-to-comparison', main: '#compare-main', next: 'map-a' },
    { tab: 'tab-training', link: 'skip-to-training', main: '#training-form', next: 'train-variant' },
  ];
  for (const { tab, link, main, next } of views) {
    await byTest(tab).click();
    for (const width of [640, 1280]) {
      await app.page.setViewportSize({ width, height: HEIGHT });
      expect(await firstTabStop(app.page), `${tab}, ${width} px: the first Tab stop`).toBe(link);
      await expect(byTest(link)).toBeInViewport();
    }
    await app.page.keyboard.press('Enter');
    await expect(app.page.locator(main)).toBeFocused();
    // The keyboard goes on from there: the next Tab reaches the first control inside, not the top bar's.
    await app.page.keyboard.press('Tab');
    expect(await focusedWithin(app.page), `${tab}: the Tab after the skip`).toBe(next);
    await expect(app.page.locator(`${main} :focus`)).toHaveCount(1);
  }
  await byTest('tab-plan').click();
  await expect(byTest('skip-to-plan')).toHaveCount(1);
});

test('the customer table shows a demand of four or five digits whole and a name as wide as its column, 640 to 1,280 px', async () => {
  const demand = byTest('edit-demand-S10');
  await expect(demand).toHaveValue('1000');
  const name = byTest('customer-id-S10').locator('.cell-name');
  for (const width of WIDTHS) {
    await app.page.setViewportSize({ width, height: HEIGHT });
    await demand.scrollIntoViewIfNeeded();
    expect.soft(await cut(demand), `${width} px: "1000" cut in the Dem. column`).toBe(false);
    // Cut only where its column is: whole in the one-column layout, where the id's column is wide.
    if (width <= 700) expect.soft(await cut(name), `${width} px: the name "Bäckerei Wilhelmsburg" cut`).toBe(false);
  }
  // Five digits, as a day in kilograms has them: the column widens to the day's longest demand ("1250" was cut there).
  await demand.fill('12500');
  await demand.press('Enter');
  await expect(demand).toHaveValue('12500');
  for (const width of WIDTHS) {
    await app.page.setViewportSize({ width, height: HEIGHT });
    await demand.scrollIntoViewIfNeeded();
    expect.soft(await cut(demand), `${width} px: "12500" cut in the Dem. column`).toBe(false);
  }
  await app.page.setViewportSize({ width: 1280, height: HEIGHT });
  await demand.blur();
  await app.page.keyboard.press('Control+z');
  await expect(demand).toHaveValue('1000');
  await expect(byTest('unsaved-badge')).toHaveCount(0);
});

/**
 * In-page source of a function: the words of the given cells that are laid over two lines or more (a word: what lies
 * between spaces, hyphens and dashes, after which a line may break), each once.
 */
const BROKEN_WORDS = `((cells) => {
  const broken = [];
  for (const cell of cells) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of node.textContent.matchAll(/[^\\s–-]+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        if (new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size > 1) broken.push(word[0]);
      }
    }
  }
  return [...new Set(broken)];
})`;

/**
 * Over every route sheet's stop table: the headings wider than their column, the cells of the # and Qty columns (the
 * depot rows' bold load too) whose figure takes more than one line, the words of the Stop column broken inside, and the
 * ETAs said late or early that take more than one line ("06:21" over "(late)"). Text: it runs in the page.
 */
const crowding = (): Promise<{ headings: string[]; wrapped: string[]; broken: string[]; flagged: number; flagWrapped: string[] }> =>
  app.page.evaluate(`(() => {
    const tables = [...document.querySelectorAll('.sheet-stops')];
    const headings = tables.flatMap((t) => [...t.querySelectorAll('thead tr:last-child th')])
      .filter((th) => th.scrollWidth > th.clientWidth).map((th) => th.textContent);
    const lines = (cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
    };
    const wrapped = tables.flatMap((t) => [...t.querySelectorAll('tbody td:nth-child(1), tbody td:nth-child(8)')])
      .filter((cell) => lines(cell) > 1).map((cell) => cell.textContent);
    const broken = ${BROKEN_WORDS}(tables.flatMap((t) => [...t.querySelectorAll('tbody td:nth-child(2)')]));
    const flags = tables.flatMap((t) => [...t.querySelectorAll('tbody td:nth-child(5)')]).filter((cell) => /\\((late|early)\\)$/.test(cell.textContent));
    const flagWrapped = [...new Set(flags.filter((cell) => lines(cell) > 1).map((cell) => cell.textContent))];
    return { headings, wrapped, broken, flagged: flags.length, flagWrapped };
  })()`) as Promise<{ headings: string[]; wrapped: string[]; broken: string[]; flagged: number; flagWrapped: string[] }>;

test(`the driver sheet of ${STOPS} stops: headings fit their columns, "100", "1,000" and "Hammerbrook" keep one line, 640 to 1,280 px`, async () => {
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
    expect.soft(seen.broken, `${width} px: words of the Stop column broken inside`).toEqual([]);
    // A late stop's ETA on one line (every stop's "06:21 (late)" took two at every width).
    expect(seen.flagged, 'stops said late').toBeGreaterThan(0);
    expect.soft(seen.flagWrapped, `${width} px: ETAs said late over two lines`).toEqual([]);
    if (width === 800) await app.session.screenshot('narrow-sheet-800');
  }
  await app.page.setViewportSize({ width: 1280, height: HEIGHT });
  await byTest('sheets-close').click();
});

/** A phone's width, a split window's, up to just under the narrowest width the sheet's table layout keeps (640 px). */
const PHONE_WIDTHS = [320, 360, 390, 480, 560, 600, 620, 639];

/**
 * Over every route sheet's stop table: the narrowest cell of the Stop and of the Address column, their words broken
 * inside, and how far the sheets scroll sideways. Text: it runs in the page.
 */
const phoneCrowding = (): Promise<{ stop: number; address: number; broken: string[]; sideways: number }> =>
  app.page.evaluate(`(() => {
    const cells = (n) => [...document.querySelectorAll('.sheet-stops tbody td:nth-child(' + n + ')')];
    const narrowest = (n) => Math.round(Math.min(...cells(n).map((cell) => cell.getBoundingClientRect().width)));
    const pages = document.querySelector('.sheets-pages');
    return {
      stop: narrowest(2),
      address: narrowest(3),
      broken: ${BROKEN_WORDS}([...cells(2), ...cells(3)]),
      sideways: pages.scrollWidth - pages.clientWidth,
    };
  })()`) as Promise<{ stop: number; address: number; broken: string[]; sideways: number }>;

test(`the driver sheet of ${STOPS} stops on a phone: its stops and addresses readable, words whole, 320 to 639 px`, async () => {
  await app.page.setViewportSize({ width: 1280, height: HEIGHT });
  await byTest('open-sheets').click();
  await expect(byTest('sheet-0').getByTestId('sheet-row-stop')).toHaveCount(STOPS);
  for (const width of PHONE_WIDTHS) {
    await app.page.setViewportSize({ width, height: HEIGHT });
    const seen = await phoneCrowding();
    // At 360 px the fixed figure columns left the Stop and Address columns 0 to 9 px: a name one letter a line.
    expect.soft(seen.stop, `${width} px: the Stop column's width`).toBeGreaterThanOrEqual(60);
    expect.soft(seen.address, `${width} px: the Address column's width`).toBeGreaterThanOrEqual(60);
    // In the table's columns from 600 px the depot's bold "Hammerbrook" broke: stacked up to 639 px, words stay whole.
    expect.soft(seen.broken, `${width} px: words of the Stop and Address columns broken inside`).toEqual([]);
    expect.soft(seen.sideways, `${width} px: the sheets scroll sideways`).toBeLessThanOrEqual(0);
    if (width === 360) await app.session.screenshot('narrow-sheet-360');
  }
  await app.page.setViewportSize({ width: 1280, height: HEIGHT });
  await byTest('sheets-close').click();
});

test("the Compare view's customer table heads each column whole and its maps keep their size, 640 to 1,280 px", async () => {
  await compareHardAndSoft(app.page);
  const table = byTest('compare-customers');
  await expect(table).toBeVisible();
  for (const width of WIDTHS) {
    await app.page.setViewportSize({ width, height: HEIGHT });
    for (const heading of await table.locator('thead th').all()) {
      const text = await heading.textContent();
      expect.soft(await cut(heading), `${width} px: the heading "${text}" is cut`).toBe(false);
    }
    // Each map keeps a usable size: side by side down to 1,000 px, one above the other below.
    for (const side of ['a', 'b']) {
      const map = (await byTest(`map-${side}`).boundingBox())!;
      expect.soft(map.width, `${width} px: map ${side.toUpperCase()}'s width`).toBeGreaterThanOrEqual(280);
      expect.soft(map.height, `${width} px: map ${side.toUpperCase()}'s height`).toBeGreaterThanOrEqual(200);
    }
    const page = (await app.page.evaluate('[document.scrollingElement.scrollWidth, document.scrollingElement.clientWidth]')) as number[];
    expect.soft(page[0], `${width} px: the page scrolls sideways`).toBeLessThanOrEqual(page[1]);
    if (width === 950) await app.session.screenshot('narrow-compare-950');
    if (width === 640) await app.session.screenshot('narrow-compare-640');
  }
  await app.page.setViewportSize({ width: 1280, height: HEIGHT });
  await byTest('tab-plan').click();
});

const bottom = (b: Box) => b.y + b.height;
const within = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  bottom(inner) <= bottom(outer) + 0.5;

/** The part of an element its scrolling box shows (its client area), in the window's coordinates. */
const visibleArea = (locator: Locator): Promise<Box> =>
  locator.evaluate((el) => {
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

test('at 1280 x 800 the history shows the open day and two of its plans whole, the customer table five rows', async () => {
  await app.page.setViewportSize({ width: 1280, height: HEIGHT });
  const day = app.page.locator('.history-item.current');
  // The plan made before the tests, and the two Compare made.
  await expect(day.locator('[data-testid^="history-plan-"]')).toHaveCount(3);
  const shown = await visibleArea(app.page.locator('.history-list'));
  expect(within((await day.locator('.history-row').boundingBox())!, shown), 'the open day whole').toBe(true);
  let whole = 0;
  for (const plan of await day.locator('[data-testid^="history-plan-"]').all()) if (within((await plan.boundingBox())!, shown)) whole++;
  expect(whole, `plans whole in the history ${JSON.stringify(shown)}`).toBeGreaterThanOrEqual(2);
  // From the table's top, as a day opens (an earlier test scrolled it to S10).
  await byTest('customer-table-scroll').evaluate((el) => {
    (el as unknown as { scrollTop: number }).scrollTop = 0;
  });
  const table = await visibleArea(byTest('customer-table-scroll'));
  let rows = 0;
  for (const row of (await app.page.locator('[data-testid^="customer-row-"]').all()).slice(0, 6))
    if (within((await row.boundingBox())!, table)) rows++;
  expect(rows, `rows of the customer table whole in ${JSON.stringify(table)}`).toBeGreaterThanOrEqual(5);
  await app.session.screenshot('narrow-history-1280');
});

/** A day of five routes of four stops each: five rows of the timeline. */
const ROUTES = 5;
function fiveRoutesCsv(): string {
  const rows = ['type,id,name,lat,lon,demand,ready,due,service', 'depot,D,Depot,52.5200,13.4050,0,06:00,22:00,0'];
  for (let i = 1; i <= ROUTES * 4; i++) {
    const angle = (i * 2 * Math.PI) / (ROUTES * 4);
    rows.push(
      `customer,R${i},Shop ${i},${(52.52 + Math.sin(angle) / 50).toFixed(5)},${(13.405 + Math.cos(angle) / 30).toFixed(5)},10,06:00,22:00,5`,
    );
  }
  return `${rows.join('\n')}\n`;
}

test(`every row of a timeline of ${ROUTES} routes can be scrolled into sight, three at once, 640 to 1,280 px wide and 700 tall`, async () => {
  await importCsv(app.page, 'narrow-routes.csv', fiveRoutesCsv(), { vehicles: ROUTES, capacity: 40, speedKmh: 25 });
  await byTest('method-effort').fill('0.5');
  await byTest('plan-button').click();
  await expect(app.page.locator('[data-testid^="gantt-row-"]')).toHaveCount(ROUTES, { timeout: 60_000 });
  const rowsBox = byTest('gantt-rows');
  for (const width of WIDTHS) {
    await app.page.setViewportSize({ width, height: 700 });
    await rowsBox.evaluate((el) => {
      (el as unknown as { scrollTop: number }).scrollTop = 0;
    });
    // Three rows under the axis in sight before any scrolling (at 800 x 700 there was room for route 1 alone).
    let inSight = 0;
    for (let r = 0; r < ROUTES; r++) {
      const row = app.page.locator(`[data-testid="gantt-row-${r}"] .gantt-row-bg`);
      if (within((await row.boundingBox())!, await visibleArea(rowsBox))) inSight++;
    }
    expect.soft(inSight, `${width} x 700: rows in sight at the top`).toBeGreaterThanOrEqual(3);
    // Every row reached by scrolling its box (and the page, in one column), whole inside the box and the window.
    for (let r = 0; r < ROUTES; r++) {
      const row = app.page.locator(`[data-testid="gantt-row-${r}"] .gantt-row-bg`);
      await row.evaluate((el) => (el as unknown as { scrollIntoView(o: object): void }).scrollIntoView({ block: 'nearest' }));
      const [seen, shown] = [(await row.boundingBox())!, await visibleArea(rowsBox)];
      const inWindow = within(seen, { x: 0, y: 0, width, height: 700 });
      expect
        .soft(within(seen, shown) && inWindow, `${width} x 700: route ${r + 1}'s row ${JSON.stringify(seen)} in ${JSON.stringify(shown)}`)
        .toBe(true);
    }
    if (width === 800) await app.session.screenshot('narrow-timeline-800x700');
  }
  await app.page.setViewportSize({ width: 1280, height: HEIGHT });
});

test('the page reported no errors of its own', () => {
  expect(app.session.errors).toEqual([]);
});
