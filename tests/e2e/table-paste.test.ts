/**
 * A block copied from a spreadsheet (tab-separated columns, one line a row) pasted into a customer's cell fills the
 * cells across and down from it, each value checked as a typed one (refused ones stay shown with their reason), and
 * one Undo takes the whole block back. A block that does not fit changes nothing and says why.
 */
import { expect, test } from '@playwright/test';
import { cityDayPage } from './support/city-day-page.js';

const app = cityDayPage('paste.csv');
const byTest = app.byTest;

/** Puts text on the clipboard, as a spreadsheet's Copy does. */
const copy = (text: string) => app.page.evaluate(`navigator.clipboard.writeText(${JSON.stringify(text)})`);
const row = (id: string) => Promise.all(['demand', 'ready', 'due', 'service'].map((f) => byTest(`edit-${f}-${id}`).inputValue()));

test('a block pasted from a spreadsheet fills the cells across and down, refused values stay shown, one Undo takes it back', async () => {
  const { page } = app;
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const before = await Promise.all(['S5', 'S6', 'S7'].map(row));
  // Demand, ready, due and service of three rows, as a spreadsheet copies them; S6's ready time is a slip.
  const block = '10\t08:00\t12:00\t5\r\n12\tnoon\t15:00\t7\r\n14\t09:30\t13:00\t9\r\n';
  await copy(block);
  await byTest('edit-demand-S5').focus();
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Control+v');
  expect(await row('S5')).toEqual(['10', '08:00', '12:00', '5']);
  expect(await row('S6')).toEqual(['12', 'noon', '15:00', '7']);
  expect(await row('S7')).toEqual(['14', '09:30', '13:00', '9']);
  await expect(byTest('edit-ready-S6')).toHaveAttribute('aria-invalid', 'true');
  await expect(byTest('customers-panel').locator('.cell-error')).toHaveText([/use a time of day/]);
  await byTest('undo').click();
  const undone = await Promise.all(['S5', 'S6', 'S7'].map(row));
  // The refused entry was never in the day: it stays on screen with its reason, the rest is back as it was.
  expect(undone).toEqual([before[0], [before[1][0], 'noon', ...before[1].slice(2)], before[2]]);
  await expect(byTest('undo')).toBeDisabled();
  await byTest('edit-ready-S6').focus();
  await page.keyboard.press('Escape');
});

test('a block running past the last row or the last editable column is refused and changes nothing', async () => {
  const { page } = app;
  const before = await Promise.all(['S9', 'S10'].map(row));
  await copy('3\r\n4\r\n5');
  await byTest('edit-demand-S9').focus();
  await page.keyboard.press('Control+v');
  await expect(byTest('customers-panel').locator('.cell-error')).toHaveText([/3 rows.*past the table's last row/]);
  await copy('10\t5');
  await byTest('edit-service-S9').focus();
  await page.keyboard.press('Control+v');
  await expect(byTest('customers-panel').locator('.cell-error')).toHaveText([/2 columns.*past the table's last column/]);
  expect(await Promise.all(['S9', 'S10'].map(row))).toEqual(before);
  await expect(byTest('undo')).toBeDisabled();
  // A single value pastes as before: into the cell, to be committed with Enter.
  await copy('09:15\r\n');
  await byTest('edit-ready-S9').focus();
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Control+v');
  await page.keyboard.press('Enter');
  await expect(byTest('edit-ready-S9')).toHaveValue('09:15');
  await expect(byTest('customers-panel').locator('.cell-error')).toHaveCount(0);
});

test('Ctrl+Z with the keyboard still in the pasted cell takes the whole block back, as Undo does, and makes no edit of its own', async () => {
  const { page } = app;
  const before = await Promise.all(['S2', 'S3'].map(row));
  await copy('21\r\n22\r\n');
  await byTest('edit-demand-S2').focus();
  await page.keyboard.press('Control+v');
  expect((await Promise.all(['S2', 'S3'].map(row))).map((r) => r[0])).toEqual(['21', '22']);
  await page.keyboard.press('Control+z');
  expect(await Promise.all(['S2', 'S3'].map(row))).toEqual(before);
  // Leaving the cell commits nothing, so the paste is still the step to redo.
  await page.keyboard.press('Tab');
  expect(await Promise.all(['S2', 'S3'].map(row))).toEqual(before);
  await byTest('redo').click();
  expect((await Promise.all(['S2', 'S3'].map(row))).map((r) => r[0])).toEqual(['21', '22']);
});
