/**
 * The driver sheets of one long route (45 stops) on a day where some shops have Chinese names: the PDF export says
 * which stops its font cannot print, and that Print prints them; a Polish name is no such stop. Printed, a stop's number
 * has room for three digits and a load for five, as in the PDF.
 */
import { expect, test } from '@playwright/test';
import { extractText } from 'unpdf';
import { cellRoom } from './support/cell-room.js';
import { dayPage } from './support/day-page.js';
import { realDayCsv } from './support/fixtures.js';

const STOPS = 45;
const csv = realDayCsv(STOPS).replace('Shop 1,', '北京饭店,').replace('Shop 2,', '上海商店,').replace('Shop 3,', 'Łódź Piekarnia,');
const app = dayPage('long-route.csv', csv, { vehicles: 1, capacity: 400, speedKmh: 25 }, { plan: { policy: 'tw3', effort: '1' } });
const byTest = app.byTest;

test.beforeAll(async () => {
  await byTest('open-sheets').click();
});

test('the PDF export names the stops whose names its font cannot print, and says Print prints them', async () => {
  await expect(byTest('sheet-0').getByTestId('sheet-row-stop')).toHaveCount(STOPS);
  await expect(byTest('sheets-pdf-unprintable')).toHaveCount(0);
  await Promise.all([app.page.waitForEvent('download'), byTest('sheets-pdf').click()]);
  const notice = byTest('sheets-pdf-unprintable');
  await expect(notice).toContainText('2 stops (');
  await expect(notice).toContainText('R1 北京饭店');
  await expect(notice).toContainText('R2 上海商店');
  await expect(notice).not.toContainText('Łódź');
  await expect(notice).toContainText('Use Print instead');
});

test("Print names the route atop each of its pages: a long route's later pages start with its title", async () => {
  await byTest('sheets-route').selectOption('0');
  await app.page.emulateMedia({ media: 'print' });
  await app.page.setViewportSize({ width: 700, height: 1030 });
  const bytes = await app.page.pdf({ preferCSSPageSize: true });
  const { totalPages, text } = await extractText(new Uint8Array(bytes), { mergePages: false });
  expect(totalPages).toBeGreaterThan(1);
  for (const [i, pageText] of text.entries()) {
    expect(pageText.trimStart(), `page ${i + 1}`).toMatch(/^Route 1 · long-route/);
  }
  await app.page.emulateMedia({ media: 'screen' });
  await app.page.setViewportSize({ width: 1280, height: 800 });
});

test("Print has room for a stop's number of three digits: a route of 100 stops or more reads '100', not '10' over '0'", async () => {
  await app.page.emulateMedia({ media: 'print' });
  // An A4 page's width inside its margins, as the print above lays it out.
  await app.page.setViewportSize({ width: 700, height: 1030 });
  // The first stop's # cell: the room inside its padding, and the width "100" takes in its font (tabular digits).
  const { room, needed } = await cellRoom(app.page, '[data-testid="sheet-0"] [data-testid="sheet-row-stop"] td', '100');
  expect(needed).toBeGreaterThan(0);
  expect(room, `"100" is ${needed} px wide`).toBeGreaterThanOrEqual(needed);
  await app.page.emulateMedia({ media: 'screen' });
  await app.page.setViewportSize({ width: 1280, height: 800 });
});

test("Print has room for a load of five digits: the departure's bold '99,999' and a stop's '1,000' each on one line", async () => {
  await app.page.emulateMedia({ media: 'print' });
  await app.page.setViewportSize({ width: 700, height: 1030 });
  // The Qty cells (the eighth column) of the departure row, in its bold, and of the first stop.
  for (const [row, load] of [
    ['depart', '99,999'],
    ['stop', '1,000'],
  ]) {
    const { room, needed } = await cellRoom(app.page, `[data-testid="sheet-0"] [data-testid="sheet-row-${row}"] td:nth-child(8)`, load);
    expect(needed).toBeGreaterThan(0);
    expect(room, `${row}: "${load}" is ${needed} px wide`).toBeGreaterThanOrEqual(needed);
  }
  await app.page.emulateMedia({ media: 'screen' });
  await app.page.setViewportSize({ width: 1280, height: 800 });
});
