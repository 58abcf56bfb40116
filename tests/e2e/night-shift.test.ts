/**
 * A night shift in a dispatcher's CSV (the depot open 22:00–06:00, windows after midnight written as plain times of
 * day): the import reads the times after midnight as the next day's and shows them as HH:MM+1, and the day plans
 * with every customer served.
 */
import { expect, test } from '@playwright/test';
import { type AppSession, openApp } from './support/browser.js';
import { confirmCsvImport, openCsvImport } from './support/csv-import.js';

const NIGHT_CSV = [
  'id,name,x,y,demand,ready,due,service',
  'D,Night depot,50,50,0,22:00,06:00,0',
  'N1,Bar Ost,60,55,5,23:00,01:30,10',
  'N2,Bakery West,40,45,6,02:00,04:00,15',
  'N3,Kiosk Nord,52,70,4,22:30,05:00,10',
  'N4,Market Süd,45,30,7,03:30,05:30,20',
].join('\n');

let session: AppSession;

test.afterAll(async () => {
  await session?.close();
});

test('a night shift imports with its times after midnight as the next day, and plans with everyone served', async ({ browser }) => {
  session = await openApp(browser);
  const { page } = session;
  const byTest = (id: string) => page.getByTestId(id);
  await openCsvImport(page, 'night.csv', NIGHT_CSV, { vehicles: 2, capacity: 20 });
  await expect(byTest('csv-preview')).toContainText('01:30+1');
  await expect(byTest('csv-preview')).toContainText('02:00+1');
  await confirmCsvImport(page);
  await expect(page.locator('[data-testid^="customer-row-"]')).toHaveCount(4);
  // The table shows the whole "+1", not a clipped "01:30".
  const due = byTest('edit-due-N1');
  await expect(due).toHaveValue('01:30+1');
  const script = `(() => { const el = document.querySelector('[data-testid="edit-due-N1"]'); return [el.scrollWidth, el.clientWidth]; })()`;
  const [scroll, client] = (await page.evaluate(script)) as [number, number];
  expect(scroll, `the due cell's text is ${scroll} px wide in ${client} px`).toBeLessThanOrEqual(client);
  // ...and the id column keeps room for an id such as C0001 at 1280 px (it was cut to "C…").
  const idWidth = (await page.evaluate(`document.querySelector('[data-testid="customer-row-N1"] td').clientWidth`)) as number;
  expect(idWidth, 'the id cell is wide enough for five characters').toBeGreaterThanOrEqual(48);

  await byTest('method').selectOption('classical');
  await byTest('method-effort').fill('1');
  await byTest('plan-button').click();
  await expect(byTest('plan-meta')).toBeVisible({ timeout: 60_000 });
  await expect(byTest('not-served')).toHaveCount(0);
  await expect(byTest('plan-feasible')).toContainText('All rules met');
  await session.screenshot('night-shift-plan');
  // A time typed in the table goes on the shift's clock too: 04:30 in this shift is the next day's.
  await byTest('edit-due-N2').fill('04:30');
  await byTest('edit-due-N2').press('Enter');
  await expect(byTest('edit-due-N2')).toHaveValue('04:30+1');
  await expect(byTest('edit-due-N2')).not.toHaveAttribute('aria-invalid', 'true');
  // So does the shift's end: 07:00 typed for a shift that starts at 22:00 is the next morning.
  await byTest('fleet-depot-due').fill('07:00');
  await byTest('fleet-depot-due').press('Enter');
  await expect(byTest('fleet-depot-due')).toHaveValue('07:00+1');
});

/** Each time of the sheets' stop tables ("02:00", "02:00+1") laid over more than one line, or past its cell's edge. */
const splitTimes = (): Promise<string[]> =>
  session.page.evaluate(`(() => {
    const found = [];
    for (const cell of document.querySelectorAll('.sheet-stops tbody td')) {
      const right = cell.getBoundingClientRect().right - parseFloat(getComputedStyle(cell).paddingRight);
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const time of node.textContent.matchAll(/\\d\\d:\\d\\d(\\+\\d)?/g)) {
          const range = document.createRange();
          range.setStart(node, time.index);
          range.setEnd(node, time.index + time[0].length);
          const boxes = [...range.getClientRects()].filter((r) => r.width > 0);
          if (new Set(boxes.map((r) => Math.round(r.top))).size > 1) found.push(time[0] + ' over two lines');
          else if (boxes.some((r) => r.right > right + 0.5)) found.push(time[0] + ' past its cell');
        }
      }
    }
    return found;
  })()`) as Promise<string[]>;

test('the driver sheets keep each time after midnight whole, in its column, in a window narrower than 680 px and in print', async () => {
  const { page } = session;
  await page.getByTestId('open-sheets').click();
  await page.getByTestId('driver-sheets').waitFor();
  await expect(page.getByTestId('driver-sheets')).toContainText(/\d\d:\d\d\+1/);
  for (const width of [600, 640, 679, 760]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await splitTimes(), `at ${width} px`).toEqual([]);
  }
  // In print, on A4 less the 12 mm margins (703 px): a start after midnight ran into its cell's padding.
  await page.setViewportSize({ width: 703, height: 800 });
  await page.emulateMedia({ media: 'print' });
  const starts = await page.locator('.sheet-stops tbody td:nth-child(6)').allTextContents();
  expect(starts.join(' '), 'a stop starts service the next day').toMatch(/\d\d:\d\d\+1/);
  expect(await splitTimes(), 'in print').toEqual([]);
  await page.emulateMedia({ media: 'screen' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByTestId('sheets-close').click();
});

/** One stop 130 minutes out, its window 03:00–05:00: under soft windows the van serves it early, at 00:10+1. */
const FAR_NIGHT_CSV = [
  'id,name,x,y,demand,ready,due,service',
  'D,Night depot,0,0,0,22:00,06:00,0',
  'F,Far farm,130,0,5,03:00,05:00,5',
].join('\n');

test('a driver sheet keeps an early ETA after midnight, "00:10+1 (early)", on one line from 851 px', async ({ browser }) => {
  // A page of its own: the first test leaves its night day with unsaved edits open.
  const own = await openApp(browser);
  const { page } = own;
  const byTest = (id: string) => page.getByTestId(id);
  await openCsvImport(page, 'far-night.csv', FAR_NIGHT_CSV, { vehicles: 1, capacity: 20 });
  await confirmCsvImport(page);
  await byTest('policy-name').selectOption('tw3');
  await byTest('method').selectOption('classical');
  await byTest('method-effort').fill('1');
  await byTest('plan-button').click();
  await expect(byTest('plan-meta')).toContainText('soft', { timeout: 60_000 });
  await byTest('open-sheets').click();
  const eta = byTest('sheet-0').getByTestId('sheet-row-stop').locator('td:nth-child(5)');
  await expect(eta).toHaveText('00:10+1 (early)');
  // Text: it runs in the page.
  const lines = () =>
    page.evaluate(`(() => {
      const cell = document.querySelector('[data-testid="sheet-0"] [data-testid="sheet-row-stop"] td:nth-child(5)');
      const range = document.createRange();
      range.selectNodeContents(cell);
      return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
    })()`) as Promise<number>;
  for (const width of [851, 1000, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await lines(), `at ${width} px`).toBe(1);
  }
  await own.close();
});
