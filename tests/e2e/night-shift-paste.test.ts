/**
 * A block pasted over a night shift's ready and due cells (the depot open 22:00–06:00): the due time takes its day
 * from the ready time pasted beside it, not from the one the row showed before the paste.
 */
import { expect, test } from '@playwright/test';
import { type AppSession, openApp } from './support/browser.js';
import { importCsv } from './support/csv-import.js';

const NIGHT_CSV = [
  'id,name,x,y,demand,ready,due,service',
  'D,Night depot,50,50,0,22:00,06:00,0',
  'N1,Bar Ost,60,55,5,23:00,01:30,10',
  'N2,Bakery West,40,45,6,02:00,04:00,15',
].join('\n');

let session: AppSession;

test.afterAll(async () => {
  await session?.close();
});

test("a pasted ready and due time on a night shift: the due time's day follows the pasted ready time", async ({ browser }) => {
  session = await openApp(browser, { unreachableTiles: true });
  const { page } = session;
  const byTest = (id: string) => page.getByTestId(id);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await importCsv(page, 'night-paste.csv', NIGHT_CSV, { vehicles: 2, capacity: 20 });
  const paste = async (text: string, into: string) => {
    await page.evaluate(`navigator.clipboard.writeText(${JSON.stringify(text)})`);
    await byTest(into).focus();
    await page.keyboard.press('Control+v');
  };
  const window = (id: string) => Promise.all([byTest(`edit-ready-${id}`).inputValue(), byTest(`edit-due-${id}`).inputValue()]);
  expect(await window('N2')).toEqual(['02:00+1', '04:00+1']);
  // Before midnight over a window after it: 23:30 closes the evening it opens, not a day later.
  await paste('23:00\t23:30', 'edit-ready-N2');
  expect(await window('N2')).toEqual(['23:00', '23:30']);
  // After midnight over a window before it: both the next day's.
  await paste('02:30\t03:30', 'edit-ready-N1');
  expect(await window('N1')).toEqual(['02:30+1', '03:30+1']);
  await expect(byTest('customers-panel').locator('.cell-error')).toHaveCount(0);
  await expect(page.locator('[data-testid^="customer-errors-"]')).toHaveCount(0);
});
