/**
 * The customer table from the keyboard: Tab into a customer's row selects the stop, as a click does (on the map, and
 * its position shows under the table); its remove button, reached by Tab, removes it with Enter (the keyboard stays
 * in the table, on the next row's), and Ctrl+Z brings it back. In a cell, Enter commits and goes down the column and
 * the arrows go up and down it, as in a spreadsheet.
 */
import { expect, test } from '@playwright/test';
import { cityDayPage } from './support/city-day-page.js';

const app = cityDayPage('keyboard.csv');
const byTest = app.byTest;

test('Tab into a row selects its stop; Tab on to its remove button and Enter removes it; Ctrl+Z brings it back', async () => {
  const { page } = app;
  // The keyboard reaches the table's first field from the last sortable heading, the route's.
  await byTest('sort-route').focus();
  await page.keyboard.press('Tab');
  await expect(byTest('edit-demand-S1')).toBeFocused();
  await expect(byTest('marker-S1')).toHaveAttribute('data-selected', 'true');
  await expect(byTest('customer-row-S1')).toHaveAttribute('aria-selected', 'true');
  await expect(byTest('selected-position')).toContainText('S1');
  // On through the row's four fields to its remove button, then to the next row, which takes the selection.
  for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Remove customer S1', exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(byTest('edit-demand-S2')).toBeFocused();
  await expect(byTest('marker-S2')).toHaveAttribute('data-selected', 'true');
  await expect(byTest('marker-S1')).toHaveAttribute('data-selected', 'false');
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('button', { name: 'Remove customer S1', exact: true })).toBeFocused();
  await expect(byTest('marker-S1')).toHaveAttribute('data-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(byTest('customer-row-S1')).toHaveCount(0);
  await expect(byTest('marker-S1')).toHaveCount(0);
  // The keyboard stays in the table, on the next row's remove button, and that row is selected.
  const removeS2 = page.getByRole('button', { name: 'Remove customer S2', exact: true });
  await expect(removeS2).toBeFocused();
  await expect(byTest('selected-position')).toContainText('S2');
  await page.keyboard.press('Control+z');
  await expect(byTest('customer-row-S1')).toHaveCount(1);
  await expect(removeS2).toBeFocused();
});

test('Enter commits and goes down the column, as in a spreadsheet; ArrowUp and ArrowDown move along it; a refused entry keeps the focus', async () => {
  const { page } = app;
  await byTest('edit-due-S2').fill('15:00');
  await page.keyboard.press('Enter');
  await expect(byTest('edit-due-S3')).toBeFocused();
  await expect(byTest('edit-due-S2')).toHaveValue('15:00');
  await page.keyboard.press('ArrowUp');
  await expect(byTest('edit-due-S2')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(byTest('edit-due-S4')).toBeFocused();
  await page.keyboard.type('soon');
  await page.keyboard.press('Enter');
  await expect(byTest('edit-due-S4')).toBeFocused();
  await expect(byTest('edit-due-S4')).toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+a');
  // Typed as dispatchers do, without the colon: read as the time of day it is.
  await page.keyboard.type('1430');
  await page.keyboard.press('Enter');
  await expect(byTest('edit-due-S4')).toHaveValue('14:30');
  // Each Enter made one undo step, though the focus left the cell after it.
  await byTest('undo').click();
  await expect(byTest('edit-due-S4')).toHaveValue('14:00');
  await byTest('undo').click();
  await expect(byTest('edit-due-S2')).toHaveValue('12:00');
});
