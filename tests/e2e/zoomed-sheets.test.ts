/**
 * The driver sheets in a window zoomed to 200 % (1,280 x 800 is 640 x 400 CSS px): every column heading fits its
 * column (SERVICE ran into QTY), a word that fits its cell is never broken inside (the depot's "Hammerbrook" was
 * printed "Hammerbroo / k", a start time "09:0 / 0", a stop's number "10 / 0"), the page does not scroll sideways, and print keeps the full headings.
 */
import { expect, test } from '@playwright/test';
import { cellRoom } from './support/cell-room.js';
import { dayPage } from './support/day-page.js';

/** A Hamburg day whose depot's bold name row holds "Hammerbrook", and stops whose starts wait for their windows. */
const DAY = [
  'type,id,name,address,lat,lon,demand,ready,due,service',
  'depot,D,Depot Hammerbrook,"Hammerbrook 1, Hamburg",53.5450,10.0250,0,07:00,18:00,0',
  'customer,HB-1042,Kiosk Hammerbrook,"Hammerbrook 12, Hamburg",53.5480,10.0300,6,08:00,11:00,10',
  'customer,S2,Hammerbrook,"Süderstraße 40, Hamburg",53.5420,10.0400,8,09:00,12:00,10',
  'customer,S3,Café Linde,"Spaldingstraße 7, Hamburg",53.5460,10.0200,4,07:30,10:30,15',
  'customer,S4,Kiosk Nord,"Hammerbrook, Hamburg",53.5500,10.0150,5,10:00,14:00,10',
].join('\n');

const ZOOMED = { width: 640, height: 400 };
const app = dayPage('hammerbrook.csv', DAY, { vehicles: 2, capacity: 30, speedKmh: 25 }, { viewport: ZOOMED, plan: { effort: '0.5' } });
const byTest = app.byTest;

/** Headings wider than their column, and words of the stop tables laid over two lines. Text: it runs in the page. */
const crowding = (): Promise<{ headings: string[]; brokenWords: string[]; scrollWidth: number; clientWidth: number }> =>
  app.page.evaluate(`(() => {
    const tables = [...document.querySelectorAll('.sheet-stops')];
    const headings = tables.flatMap((t) => [...t.querySelectorAll('thead tr:last-child th')])
      .filter((th) => th.scrollWidth > th.clientWidth).map((th) => th.textContent);
    const brokenWords = [];
    for (const cell of tables.flatMap((t) => [...t.querySelectorAll('tbody td')])) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of node.textContent.matchAll(/[^\\s–-]+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) brokenWords.push(word[0]);
        }
      }
    }
    const pages = document.querySelector('.sheets-pages');
    return { headings, brokenWords, scrollWidth: pages.scrollWidth, clientWidth: pages.clientWidth };
  })()`);

test('at 640 x 400 px the sheets fit: headings in their columns, words whole, no sideways scrolling', async () => {
  await byTest('open-sheets').click();
  await byTest('driver-sheets').waitFor();
  const seen = await crowding();
  expect(seen.headings, 'headings wider than their column').toEqual([]);
  expect(seen.brokenWords, 'words broken inside').toEqual([]);
  expect(seen.scrollWidth, 'no sideways scrolling').toBeLessThanOrEqual(seen.clientWidth);
  // The depot rows' window ("leave 08:40", "shift end 18:00") on one line: at 12 % of the sheet it took two.
  const depotWindowLines =
    await app.page.evaluate(`[...document.querySelectorAll('.sheet-depart td:nth-child(4), .sheet-return td:nth-child(4)')]
    .map((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return [cell.textContent, new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size];
    })`);
  expect(depotWindowLines as [string, number][]).toContainEqual(['shift end 18:00', 1]);
  for (const [text, lines] of depotWindowLines as [string, number][]) expect(lines, text).toBe(1);
  // A stop's number of three digits (a route of 100 stops or more) on one line: at 4 % of the sheet "100" read "10" over "0".
  const { room, needed } = await cellRoom(app.page, '[data-testid="sheet-row-stop"] td', '100');
  expect(needed).toBeGreaterThan(0);
  expect(room, `"100" is ${needed} px wide`).toBeGreaterThanOrEqual(needed);
  // A shortened heading says the whole word to a screen reader and on hover.
  await expect(app.page.getByRole('columnheader', { name: 'Service', exact: true }).first()).toBeVisible();
  await app.session.screenshot('zoomed-sheets');
});

test('printed, the headings are whole words again', async () => {
  await app.page.emulateMedia({ media: 'print' });
  await app.page.setViewportSize({ width: 700, height: 1000 });
  await expect(app.page.locator('.sheet-heading-full', { hasText: 'Service' }).first()).toBeVisible();
  await expect(app.page.locator('.sheet-heading-short').first()).toBeHidden();
  await app.page.emulateMedia({ media: 'screen' });
  await byTest('sheets-close').click();
});
