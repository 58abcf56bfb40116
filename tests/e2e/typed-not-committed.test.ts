/**
 * What a dispatcher typed into the customer table and has not committed yet (no Enter, no Tab), or what a cell
 * refused and still shows, is work too: reloading or closing the page asks first, as for an unsaved edit, and so does
 * opening another day in the app.
 */
import { expect, test } from '@playwright/test';
import { cityDayPage } from './support/city-day-page.js';
import { importCsv } from './support/csv-import.js';
import { CITY_DAY_CSV } from './support/fixtures.js';
import { reloadAsked } from './support/reload-asked.js';

const app = cityDayPage('entries.csv');
const byTest = app.byTest;

test('a value typed but not committed, or a refused one on screen, makes a reload ask first', async () => {
  const { page } = app;
  await byTest('edit-demand-S8').fill('12');
  expect(await reloadAsked(app.page)).toBe('beforeunload');
  await expect(byTest('edit-demand-S8')).toHaveValue('12');
  await page.keyboard.press('Escape');
  await byTest('edit-demand-S8').fill('twelve');
  await page.keyboard.press('Enter');
  await expect(byTest('edit-demand-S8')).toHaveAttribute('aria-invalid', 'true');
  expect(await reloadAsked(app.page)).toBe('beforeunload');
  await expect(byTest('edit-demand-S8')).toHaveValue('twelve');
  await byTest('edit-demand-S8').focus();
  await page.keyboard.press('Escape');
  await expect(byTest('edit-demand-S8')).toHaveValue('6');
});

test('opening another day while a value is typed but not committed asks first, naming the cell, as a reload does', async () => {
  const { page } = app;
  // A second stored day to open; the one imported first is in the history now.
  await importCsv(page, 'other.csv', CITY_DAY_CSV, { vehicles: 3, capacity: 30, speedKmh: 25 });
  await byTest('edit-demand-S8').fill('12');
  await expect(byTest('unsaved-badge')).toHaveCount(0);
  const asked = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.dismiss();
    }),
  );
  // A click that leaves the focus in the cell (an assistive tool's, a script's): the text is still only typed.
  await page
    .getByTestId(/^history-instance-/)
    .filter({ hasText: 'entries' })
    .getByTestId('history-open')
    .dispatchEvent('click');
  expect(await asked).toBe('Demand of S8 holds “12”, typed and not entered yet. Discard it?');
  // Staying keeps the day and the typed text.
  await expect(byTest('edit-demand-S8')).toHaveValue('12');
  await expect(page.getByTestId(/^history-instance-/).filter({ hasText: 'other' })).toHaveClass(/current/);
  await page.keyboard.press('Escape');
});
