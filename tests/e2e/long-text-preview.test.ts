/**
 * A long id or name in an imported file (an order reference of 48 characters, a shop's full legal name) is clipped in
 * the import preview, whole on hover, so that the figures beside it stay in the dialog: they had been pushed past its
 * right edge, the coordinates of the very row a warning named among them. The fleet fields' hints ("one per customer")
 * are whole in their fields.
 */
import { expect, test } from '@playwright/test';
import { type AppSession, openApp } from './support/browser.js';
import { openCsvImport } from './support/csv-import.js';

const LONG_ID = 'KUNDE-ÖSTERREICH-WIEN-LANDSTRASSE-0003-NACHLIEFER';
const LONG_NAME = 'Bäckerei und Konditorei Oberlaaer Kurpark Gesellschaft mit beschränkter Haftung, Filiale Landstraße';

let session: AppSession | undefined;

test.afterAll(async () => {
  await session?.close();
});

test('the import preview keeps every column in sight beside a long id and name', async ({ browser }) => {
  session = await openApp(browser, { unreachableTiles: true });
  const { page } = session;
  const csv = [
    'id,name,lat,lon,demand,ready,due,service',
    'D,Lager,48.1700,16.4200,0,06:00,16:00,0',
    `${LONG_ID},"${LONG_NAME}",48.2000,16.3900,4,08:00,12:00,10`,
    'W2,Kiosk,48.2100,16.3700,3,09:00,14:00,5',
  ].join('\n');
  await openCsvImport(page, 'wien.csv', csv, { vehicles: 2, capacity: 20, speedKmh: 30 });
  const preview = page.getByTestId('csv-preview');
  const dialog = await page.getByTestId('csv-dialog').boundingBox();
  const service = await preview.locator('th', { hasText: 'Service' }).last().boundingBox();
  // Inside the dialog's content, within its padding.
  expect(dialog && service && service.x + service.width <= dialog.x + dialog.width - 17).toBe(true);
  await expect(preview.locator(`td[title="${LONG_ID}"]`)).toBeVisible();
});

test("the fleet fields' hints are whole in their fields, at 1280 and at 1024 px", async () => {
  const { page } = session!;
  for (const [width, height] of [
    [1280, 800],
    [1024, 700],
  ]) {
    await page.setViewportSize({ width, height });
    // The hint's width in the field's own font against the room inside its padding (the page's DOM types are not
    // compiled here: the script is text).
    const clipped = (await page.evaluate(`(() => {
      const context = document.createElement('canvas').getContext('2d');
      return [...document.querySelectorAll('[data-testid="csv-dialog"] input[placeholder]')].flatMap((input) => {
        const style = getComputedStyle(input);
        context.font = style.font;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        const needs = context.measureText(input.placeholder).width;
        return needs > room ? [input.placeholder + ': ' + Math.ceil(needs) + ' px in ' + room + ' px'] : [];
      });
    })()`)) as string[];
    expect(clipped, `${width} x ${height}`).toEqual([]);
    await session!.screenshot(`import-fleet-hints-${width}`);
  }
});
