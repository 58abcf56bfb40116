/**
 * The driver sheets at 1280 x 800 and in print: every route's table has its columns in the same places, a route of
 * one stop too, so a driver's sheets read alike; and the printed sheet's columns have the widths of the exported PDF's.
 */
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { extractTextItems, getDocumentProxy } from 'unpdf';
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

/** The stop table's column headings, as the PDF prints them. */
const HEADINGS = ['#', 'STOP', 'ADDRESS', 'WINDOW', 'ETA', 'START', 'SERVICE', 'QTY', 'DONE'];

/** Each column's width in print, as a share of its table's: route 1's table, laid out at A4's width inside the margins. */
const printedShares = async (): Promise<number[]> => {
  await page.emulateMedia({ media: 'print' });
  await page.setViewportSize({ width: 700, height: 1000 });
  const shares = (await page.evaluate(`(() => {
    const table = document.querySelector('[data-testid="sheet-0"] .sheet-stops');
    const box = table.getBoundingClientRect();
    return [...table.querySelectorAll('thead tr:last-child th')].map((th) => th.getBoundingClientRect().width / box.width);
  })()`)) as number[];
  await page.emulateMedia({ media: 'screen' });
  await page.setViewportSize({ width: 1280, height: 800 });
  return shares;
};

/**
 * Each column's width in the exported PDF, as a share of its table's. A heading stands its cell's padding right of its
 * column's left edge, and the table spans the page between its margins, where the leftmost text (the summary) starts.
 */
const pdfShares = async (bytes: Uint8Array): Promise<number[]> => {
  const pdf = await getDocumentProxy(bytes);
  const [, , pageWidth] = (await pdf.getPage(1)).view;
  const { items } = await extractTextItems(pdf);
  const first = items[0];
  const margin = Math.min(...first.map((item) => item.x));
  const header = HEADINGS.map((label) => first.find((item) => item.str === label));
  expect(header.every(Boolean), `the PDF's headings: ${first.map((i) => i.str).join(' | ')}`).toBe(true);
  const padding = header[0]!.x - margin;
  const width = pageWidth - 2 * margin;
  const edges = [...header.map((item) => item!.x - padding), margin + width];
  return HEADINGS.map((_, i) => (edges[i + 1] - edges[i]) / width);
};

test("the printed sheet's columns are as wide as the exported PDF's, each as a share of its table", async () => {
  await byTest('sheets-route').selectOption('0');
  const [file] = await Promise.all([page.waitForEvent('download'), byTest('sheets-pdf').click()]);
  const fromPdf = await pdfShares(new Uint8Array(await readFile((await file.path())!)));
  const printed = await printedShares();
  expect(printed).toHaveLength(HEADINGS.length);
  for (const [i, label] of HEADINGS.entries()) {
    expect(printed[i] * 100, `${label}: printed and PDF share, in %`).toBeCloseTo(fromPdf[i] * 100, 1);
  }
});
