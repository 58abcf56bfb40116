/**
 * The driver sheets at 1280 x 800 and in print: every route's table has its columns in the same places, a route of
 * one stop too, so a driver's sheets read alike.
 */
import { expect, type Page, test } from '@playwright/test';
import { type AppSession, openApp } from './support/browser.js';
import { importCsv } from './support/csv-import.js';

test.describe.configure({ mode: 'serial' });

let session: AppSession;
let page: Page;
const byTest = (id: string) => page.getByTestId(id);

/** C1 and C2 lie on opposite sides of the depot and both close at 15: one vehicle cannot serve both, so C1 or C2 rides alone. */
const DAY = [
  'id,x,y,demand,ready,due,service',
  'D,50,50,0,0,1000,0',
  'C1,60,50,1,0,15,10',
  'C2,40,50,1,0,15,10',
  'C3,50,60,1,0,1000,10',
  'C4,51,62,1,0,1000,10',
  'C5,52,64,1,0,1000,10',
].join('\n');

test.beforeAll(async ({ browser }) => {
  session = await openApp(browser);
  page = session.page;
});
test.afterAll(async () => {
  await session?.close();
});

/** The left edge of each column header of each route sheet, relative to its table. */
const columnEdges = (): Promise<number[][]> =>
  page.evaluate(`[...document.querySelectorAll('[data-testid^="sheet-"] .sheet-table')]
    .filter((t) => t.querySelector('[data-testid="sheet-row-stop"]'))
    .map((t) => [...t.querySelectorAll('th')].map((th) => Math.round(th.getBoundingClientRect().left - t.getBoundingClientRect().left)))`) as Promise<
    number[][]
  >;

test("a one-stop route's columns sit where the other routes' do, on screen and in print", async () => {
  await importCsv(page, 'sheet-columns.csv', DAY, { vehicles: 3, capacity: 30 });
  await byTest('method').selectOption('classical');
  await byTest('method-effort').fill('0.5');
  await byTest('plan-button').click();
  await expect(byTest('plan-meta')).toBeVisible({ timeout: 60_000 });
  await byTest('open-sheets').click();
  await byTest('driver-sheets').waitFor();
  const stopsPerSheet = await page.evaluate(
    `[...document.querySelectorAll('.sheet-table')].map((t) => t.querySelectorAll('[data-testid="sheet-row-stop"]').length).filter((n) => n > 0)`,
  );
  expect(stopsPerSheet as number[], 'one route has a single stop').toContain(1);
  for (const media of ['screen', 'print'] as const) {
    await page.emulateMedia({ media });
    const [first, ...rest] = await columnEdges();
    for (const edges of rest) expect(edges, `${media}: the columns of every route sheet line up`).toEqual(first);
  }
  await page.emulateMedia({ media: 'screen' });
  await session.screenshot('sheet-columns');
});
