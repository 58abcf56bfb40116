/**
 * Ctrl+Z in the customer table is the app's Undo, as in a spreadsheet: each press undoes one committed edit, as the
 * Undo button does, and Ctrl+Y or Ctrl+Shift+Z redoes it. It was the browser's text undo of the field: it put old text
 * back into a cell as if typed, leaving the cell committed it as a new edit, and Undo then brought back the values
 * "undone". While text is typed into a cell (not committed), Ctrl+Z takes the typing back, as Excel in edit mode does,
 * and the next Ctrl+Z undoes the last committed edit.
 */
import { expect, type Page, test } from '@playwright/test';
import { cityDayPage } from './support/city-day-page.js';

const app = cityDayPage('undo-keys.csv');
const byTest = app.byTest;
const DUE = { S1: '11:00', S2: '12:00', S3: '10:30', S4: '14:00' };

/** The due times of S1 to S4 as the cells show them. */
const dues = (page: Page) =>
  Promise.all(Object.keys(DUE).map((id) => page.getByTestId(`edit-due-${id}`).inputValue())).then((values) => values.join(' '));

/** No cell holds text not in the day (typed, not committed), which leaving it would commit. */
async function expectNothingHeld(page: Page) {
  await expect(page.locator('[data-testid^="edit-"][data-held]')).toHaveCount(0);
}

test('Ctrl+Z in the table undoes the committed edits one by one, Ctrl+Y and Ctrl+Shift+Z redo them, and leaving a cell makes no edit', async () => {
  const { page } = app;
  await byTest('edit-due-S1').focus();
  for (const typed of ['11:30', '12:30', '11:45']) {
    await page.keyboard.press('Control+a');
    await page.keyboard.type(typed);
    await page.keyboard.press('Enter');
  }
  await expect(byTest('edit-due-S4')).toBeFocused();
  expect(await dues(page)).toBe('11:30 12:30 11:45 14:00');

  await page.keyboard.press('Control+z');
  await expect(byTest('edit-due-S3')).toHaveValue(DUE.S3);
  expect(await dues(page)).toBe('11:30 12:30 10:30 14:00');
  await expectNothingHeld(page);
  await page.keyboard.press('Control+z');
  await expect(byTest('edit-due-S2')).toHaveValue(DUE.S2);
  expect(await dues(page)).toBe('11:30 12:00 10:30 14:00');
  await expectNothingHeld(page);
  // The keyboard stayed in the table; leaving the cell commits nothing, so the undone steps can still be redone.
  await expect(byTest('edit-due-S4')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(byTest('redo')).toBeEnabled();
  expect(await dues(page)).toBe('11:30 12:00 10:30 14:00');

  await byTest('edit-due-S4').focus();
  await page.keyboard.press('Control+y');
  await expect(byTest('edit-due-S2')).toHaveValue('12:30');
  await page.keyboard.press('Control+Shift+z');
  await expect(byTest('edit-due-S3')).toHaveValue('11:45');
  await expect(byTest('redo')).toBeDisabled();

  // The Undo button and Ctrl+Z take the same steps.
  await byTest('undo').click();
  await expect(byTest('edit-due-S3')).toHaveValue(DUE.S3);
  await byTest('edit-due-S4').focus();
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  expect(await dues(page)).toBe(Object.values(DUE).join(' '));
  await expect(byTest('undo')).toBeDisabled();
  // Nothing left to undo: a further Ctrl+Z changes nothing, and brings no old text back.
  await page.keyboard.press('Control+z');
  await expectNothingHeld(page);
  expect(await dues(page)).toBe(Object.values(DUE).join(' '));
});

test('Ctrl+Z while typing in a cell takes the typing back and keeps the committed edits; the next Ctrl+Z undoes the last of them', async () => {
  const { page } = app;
  await byTest('edit-demand-S1').focus();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('9');
  await page.keyboard.press('Enter');
  await expect(byTest('edit-demand-S2')).toBeFocused();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('7');
  await expect(byTest('edit-demand-S2')).toHaveAttribute('data-held', '');

  await page.keyboard.press('Control+z');
  await expect(byTest('edit-demand-S2')).toHaveValue('8');
  await expect(byTest('edit-demand-S1')).toHaveValue('9');
  await expectNothingHeld(page);
  // Redo has nothing to bring back while typing, nor after: no edit was undone.
  await expect(byTest('redo')).toBeDisabled();

  await page.keyboard.press('Control+z');
  await expect(byTest('edit-demand-S1')).toHaveValue('6');
  await expect(byTest('edit-demand-S2')).toBeFocused();
  await expectNothingHeld(page);
  // A refused entry is taken back the same way, and what it replaced stays.
  await page.keyboard.type('lots');
  await page.keyboard.press('Enter');
  await expect(byTest('edit-demand-S2')).toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.press('Control+z');
  await expect(byTest('edit-demand-S2')).toHaveValue('8');
  await expect(byTest('edit-demand-S2')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(byTest('edit-demand-S1')).toHaveValue('6');
});
