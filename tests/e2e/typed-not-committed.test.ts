/**
 * What a dispatcher typed into the customer table and has not committed yet (no Enter, no Tab), or what a cell
 * refused and still shows, is work too: reloading or closing the page asks first, as for an unsaved edit.
 */
import { expect, test } from '@playwright/test';
import { cityDayPage } from './support/city-day-page.js';
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
