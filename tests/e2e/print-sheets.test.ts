/**
 * Browser Print (Ctrl+P) of the driver sheets: a route of about twenty stops, departure and return included, prints
 * on one A4 page, as the app's own PDF export lays it out (its last stop and return had landed alone on a second,
 * nearly blank page), and the window column keeps "07:30–11:30" on one line.
 */
import { expect, test } from '@playwright/test';
import { extractText } from 'unpdf';
import { SCREENS } from './support/browser.js';
import { dayPage } from './support/day-page.js';
import { realDayCsv } from './support/fixtures.js';

/** A day of 22 shops for one van that carries them all: under soft windows the plan is one route of every stop. */
const STOPS = 22;
const app = dayPage(
  'print-day.csv',
  realDayCsv(STOPS),
  { vehicles: 1, capacity: 200, speedKmh: 25 },
  { plan: { policy: 'tw3', effort: '1' } },
);
const byTest = app.byTest;

test('a route of 22 stops prints on one A4 page, its windows on one line each', async () => {
  await byTest('open-sheets').click();
  await byTest('sheets-route').selectOption('0');
  const sheet = byTest('sheet-0');
  await expect(sheet.getByTestId('sheet-row-stop')).toHaveCount(STOPS);
  // Soft windows serve at once, never waiting: every stop's service starts at its arrival, and the Start column says so
  // (it was empty on every stop of a soft plan, told only where a driver waits for a window).
  const column = (n: number) => sheet.locator(`[data-testid="sheet-row-stop"] td:nth-child(${n})`).allTextContents();
  const [etas, starts] = [await column(5), await column(6)];
  expect(starts).toEqual(etas.map((eta) => eta.replace(/ \((early|late)\)$/, '')));
  expect(starts[0]).toMatch(/^\d\d:\d\d/);
  expect(
    etas.some((eta) => eta.endsWith('(early)')),
    'a stop served early, as soft windows allow',
  ).toBe(true);
  await app.page.emulateMedia({ media: 'print' });
  // A4's width inside the print margins, at 96 px an inch: the width the print lays the sheet out in.
  await app.page.setViewportSize({ width: 700, height: 1000 });
  const wrapped = (await app.page.evaluate(`[...document.querySelectorAll('[data-testid="sheet-0"] tbody tr')].flatMap((row) => {
    const cell = row.children[3];
    const range = document.createRange();
    range.selectNodeContents(cell);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    return lines > 1 ? [cell.textContent] : [];
  })`)) as string[];
  expect(wrapped, 'windows wrapped onto two lines').toEqual([]);
  await app.page.setViewportSize({ width: 700, height: 1030 });
  await app.session.screenshot('printed-route');
  const bytes = await app.page.pdf({ path: `${SCREENS}/printed-route.pdf`, preferCSSPageSize: true });
  const { totalPages, text } = await extractText(new Uint8Array(bytes), { mergePages: false });
  expect(totalPages, `the printed route's pages: ${text.map((p) => p.slice(0, 80)).join(' | ')}`).toBe(1);
  for (const id of ['R1', `R${STOPS - 2}`, 'Depot Mitte']) expect(text[0]).toContain(id);
  await app.page.emulateMedia({ media: 'screen' });
  await app.page.setViewportSize({ width: 1280, height: 800 });
  await byTest('sheets-close').click();
});
