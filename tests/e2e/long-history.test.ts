/**
 * A long history (more days than a few months' worth): the history and the Training tab's days to tick draw only the
 * entries in view, yet scrolling reaches the last day, the Tab key walks on past the entries drawn, the open day and
 * the entry holding the keyboard stay drawn wherever the list is scrolled, and a day ticked far down stays ticked.
 * Its own server and database, so that the other files' history stays short.
 */
import type { ChildProcess } from 'node:child_process';
import { expect, type Locator, type Page, type Response, test } from '@playwright/test';
import { realDayCsv, UNREACHABLE_TILES } from './support/fixtures.js';
import { freshDatabase, startOwnServer } from './support/own-server.js';

/** Well over the lists drawn whole (use-list-window.ts), well under a window of entries times ten. */
const DAYS = 240;
/** At most this many entries of either list are in the page at once (those in view and a margin). */
const WINDOW = 60;

let server: ChildProcess | null = null;
let link = '';
let page: Page;
/** The days' ids in the order both lists show them: the last saved first. */
const order: number[] = [];
const byTest = (id: string) => page.getByTestId(id);

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  const own = startOwnServer(freshDatabase('long'));
  server = own.process;
  link = await own.link;
  const url = new URL(link);
  const csv = realDayCsv(6);
  for (let day = 1; day <= DAYS; day++) {
    const res = await fetch(`${url.origin}/api/instances:importCsv`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-jampr-token': url.searchParams.get('token')! },
      body: JSON.stringify({ fileName: `day-${day}.csv`, text: csv, vehicles: 3, capacity: 100, speedKmh: 25 }),
    });
    const answer = (await res.json()) as { ok: boolean; value: { id: number } };
    expect(answer.ok, `day ${day} imported`).toBe(true);
    order.unshift(answer.value.id);
  }
  page = await (await browser.newContext()).newPage();
  await page.goto(link);
  await page.evaluate(`localStorage.setItem('jampr.tileUrl', ${JSON.stringify(UNREACHABLE_TILES)})`);
  await expect(byTest('history')).toHaveAttribute('data-loaded', 'true');
});

test.afterAll(() => {
  server?.kill('SIGKILL');
});

/** A scrolling box in the page (the tests compile without the DOM's types). */
type Box = { scrollHeight: number; scrollTo(x: number, y: number): void };
const scrollTo = (list: Locator, where: 'top' | 'end') =>
  list.evaluate((el, end) => (el as unknown as Box).scrollTo(0, end ? (el as unknown as Box).scrollHeight : 0), where === 'end');

/** Scrolls a list to its end until `entry` is shown (the list learns its height as it measures what it draws). */
async function scrollToEnd(list: Locator, entry: Locator) {
  await expect(async () => {
    await scrollTo(list, 'end');
    await expect(entry).toBeInViewport({ timeout: 500 });
  }).toPass();
}

const entries = () => page.locator('[data-testid^="history-instance-"]');
const entryOf = (at: number) => byTest(`history-instance-${order[at]}`);
const focusedEntry = () => page.evaluate(`document.activeElement?.closest('li[data-index]')?.dataset.testid ?? null`);

test('the history draws the days in view, and scrolling to its end shows the last day', async () => {
  await expect(entryOf(0)).toBeInViewport();
  const drawn = await entries().count();
  expect(drawn, `${drawn} of ${DAYS} days in the page`).toBeLessThan(WINDOW);
  // A screen reader hears where an entry lies in the whole list.
  await expect(entryOf(0)).toHaveAttribute('aria-setsize', String(DAYS));
  await scrollToEnd(page.locator('.history-list'), entryOf(DAYS - 1));
  await expect(entryOf(DAYS - 1)).toContainText('day-1');
  await expect(entryOf(DAYS - 1)).toHaveAttribute('aria-posinset', String(DAYS));
  expect(await entries().count(), 'at the end too, only the days in view').toBeLessThan(WINDOW);
});

test('the day opened from the end of the history stays drawn with the list scrolled back to the top', async () => {
  await entryOf(DAYS - 1)
    .getByTestId('history-open')
    .click();
  await expect(entryOf(DAYS - 1)).toHaveClass(/current/);
  await expect(byTest('customer-table')).toBeVisible();
  await scrollTo(page.locator('.history-list'), 'top');
  await expect(entryOf(0)).toBeInViewport();
  await expect(page.locator('.history-item.current')).toHaveAttribute('data-testid', `history-instance-${order[DAYS - 1]}`);
});

test('the Tab key walks the history past the days drawn, and the day holding it stays drawn scrolled away', async () => {
  await entryOf(0).getByTestId('history-open').focus();
  // Three buttons a day: its plans, open, delete. The open day (last) is far below.
  const steps = 40;
  for (let i = 0; i < 3 * steps; i++) await page.keyboard.press('Tab');
  expect(await focusedEntry()).toBe(`history-instance-${order[steps]}`);
  await expect(entryOf(steps).getByTestId('history-open')).toBeFocused();
  await expect(entryOf(steps)).toBeInViewport();
  await scrollTo(page.locator('.history-list'), 'top');
  await expect(entryOf(0)).toBeInViewport();
  await expect(entryOf(steps).getByTestId('history-open'), 'the focus stays on its day').toBeFocused();
  await page.keyboard.press('Shift+Tab');
  expect(await focusedEntry()).toBe(`history-instance-${order[steps]}`);
});

test('the Training tab draws the days in view; a day ticked at the end of the list stays ticked', async () => {
  await byTest('tab-training').click();
  const picks = page.locator('[data-testid^="train-instance-"]');
  await expect(picks.first()).toBeVisible();
  const drawn = await picks.count();
  expect(drawn, `${drawn} of ${DAYS} days in the page`).toBeLessThan(WINDOW);
  const box = byTest('train-instances');
  const last = byTest(`train-instance-${order[DAYS - 1]}`);
  await scrollToEnd(box, last);
  await last.check();
  await expect(byTest('train-outlook')).toContainText('1 day ticked');
  // Its box no longer holds the keyboard, so it is drawn only in view.
  await byTest('train-name').focus();
  await scrollTo(box, 'top');
  await expect(byTest(`train-instance-${order[0]}`)).toBeInViewport();
  await expect(last).toHaveCount(0);
  await scrollToEnd(box, last);
  await expect(last).toBeChecked();
});

test("a day saved in another tab moves to the top of this tab's history, which reads that day only", async () => {
  await byTest('tab-plan').click();
  // What this tab reads of the history from now on: the calls and their answers.
  const reads: Promise<{ call: string; full?: boolean; days?: number }>[] = [];
  const hear = (response: Response) => {
    const call = /\/api\/(instances:(?:list|changes))$/.exec(decodeURIComponent(response.url()))?.[1];
    if (call) reads.push(response.json().then(({ value }) => ({ call, full: value.full, days: value.days?.length })));
  };
  page.on('response', hear);
  const other = await page.context().newPage();
  try {
    await other.goto(link);
    const moved = order[5];
    const entry = other.getByTestId(`history-instance-${moved}`);
    await entry.getByTestId('history-open').click();
    await other.getByTestId('instance-name').fill('renamed in the other tab');
    await other.getByTestId('instance-name').press('Enter');
    await other.getByTestId('save-instance').click();
    await expect(other.getByTestId('unsaved-badge')).toHaveCount(0);
    order.splice(5, 1);
    order.unshift(moved);

    // This tab draws it first, renamed, without being told to look (headless tabs send no focus of their own).
    const first = page.locator('.history-list > li').first();
    await expect(first).toHaveAttribute('data-testid', `history-instance-${moved}`);
    await expect(first).toContainText('renamed in the other tab');
    await expect(entryOf(1)).toBeInViewport();
    await expect(entries().first()).toHaveAttribute('aria-setsize', String(DAYS));
    const heard = await Promise.all(reads);
    expect(heard.length, 'the change was read').toBeGreaterThan(0);
    expect(heard, 'the changed day only, never the whole history').toEqual(
      heard.map(() => expect.objectContaining({ call: 'instances:changes', full: false })),
    );
    expect(heard.some((r) => r.days === 1)).toBe(true);
  } finally {
    page.off('response', hear);
    await other.close();
  }
});

test('"New" keeps the long history drawn, and a day can be opened from it again', async () => {
  await byTest('tab-plan').click();
  await byTest('new-instance').click();
  await expect(byTest('instance-name')).toHaveValue('New instance');
  await expect(entryOf(0)).toBeInViewport();
  const drawn = await entries().count();
  expect(drawn, `${drawn} of ${DAYS} days in the page`).toBeGreaterThan(5);
  expect(drawn).toBeLessThan(WINDOW);
  await entryOf(2).getByTestId('history-open').click();
  await expect(entryOf(2)).toHaveClass(/current/);
  await expect(byTest('customer-table')).toBeVisible();
});
