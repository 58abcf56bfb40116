/**
 * The depot's and the selected customer's position cells show the whole position as the cells keep it (a sign, three
 * digits of degrees and six decimals), west of Greenwich and south of the equator too: a Seattle depot's "-122.335"
 * lost its last digit in a box made for Berlin's 13.405. At 1,280 x 800 and in the one-column layout the cells stay
 * within the fleet settings and the page never scrolls sideways.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { cityDayPage } from './support/city-day-page.js';

/**
 * A depot at Seattle's longitude and, for a sign in both cells, south of the equator, with two shops: to six decimals
 * (what a position cell shows), the longest values its cells hold.
 */
const SEATTLE_CSV = [
  'type,id,lat,lon,demand,ready,due,service',
  'depot,D,-47.606209,-122.332071,0,07:00,18:00,0',
  'customer,W1,-47.614848,-122.338514,5,08:00,12:00,10',
  'customer,W2,-47.623799,-122.356484,5,08:00,16:00,10',
].join('\n');

const app = cityDayPage('seattle-depot.csv', { csv: SEATTLE_CSV });
const byTest = app.byTest;

/** The text's width beyond the field's box (px); 0 or less when the whole value shows. */
const cutBy = (field: Locator) =>
  field.evaluate((el) => {
    const input = el as unknown as { scrollWidth: number; clientWidth: number };
    return input.scrollWidth - input.clientWidth;
  });

/** Whether the page scrolls sideways. */
const sideways = (page: Page) => page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');

async function expectWhole(page: Page, size: string) {
  const fields: [string, string][] = [
    ['fleet-depot-lat', '-47.606209'],
    ['fleet-depot-lon', '-122.332071'],
    ['selected-lat', '-47.614848'],
    ['selected-lon', '-122.338514'],
  ];
  const settings = (await byTest('fleet-settings').boundingBox())!;
  for (const [testId, value] of fields) {
    const field = byTest(testId);
    await expect(field).toHaveValue(value);
    expect(await cutBy(field), `${size}: ${testId} shows all of ${value}`).toBeLessThanOrEqual(0);
    const box = (await field.boundingBox())!;
    if (testId.startsWith('fleet-')) {
      expect(box.x + box.width, `${size}: ${testId} within the fleet settings`).toBeLessThanOrEqual(settings.x + settings.width + 0.5);
    }
  }
  expect(await sideways(page), `${size}: no sideways scrolling`).toBeLessThanOrEqual(0);
}

test('a depot and a customer west of Greenwich and south of the equator show their whole positions at 1,280 x 800 and in one column', async () => {
  const { page } = app;
  await byTest('customer-id-W1').click();
  await expect(byTest('selected-position')).toContainText('W1');
  await expectWhole(page, '1280 x 800');
  await app.session.screenshot('depot-position-1280');
  await page.setViewportSize({ width: 700, height: 500 });
  await expectWhole(page, '700 x 500');
  await app.session.screenshot('depot-position-700');
  await page.setViewportSize({ width: 1280, height: 800 });
});
