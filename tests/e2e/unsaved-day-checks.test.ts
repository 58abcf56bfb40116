/**
 * A plan is checked against the saved instance: while the day on screen has changes not saved yet (an order made
 * bigger), the panel says so beside its figures, the status badge says whose rules it met, and hand edits cannot be
 * stored as a plan until the day is saved, since their figures would not be the day's on screen. Saved, the edits
 * are checked again against it. A change no plan reads (the day's name) leaves the plan as it is.
 */
import { expect, test } from '@playwright/test';
import { cityDayPage } from './support/city-day-page.js';

const app = cityDayPage('unsaved-day-checks.csv');

test('a plan with unsaved changes to its day says it is checked against the saved instance', async () => {
  const { byTest } = app;
  await byTest('method').selectOption('classical');
  await byTest('method-effort').fill('1');
  await byTest('plan-button').click();
  await expect(byTest('plan-feasible')).toContainText('All rules met', { timeout: 60_000 });
  await expect(byTest('plan-unsaved-changes')).toHaveCount(0);

  // A new name is no planning data (planning-data.ts): the plan's figures still hold, and its hand edits may be saved.
  await byTest('instance-name').fill('unsaved-day-checks renamed');
  await byTest('instance-name').press('Enter');
  await expect(byTest('unsaved-badge')).toBeVisible();
  await expect(byTest('plan-unsaved-changes')).toHaveCount(0);

  await byTest('edit-demand-S2').fill('29');
  await byTest('edit-demand-S2').press('Enter');
  await expect(byTest('plan-unsaved-changes')).toContainText('checked against the saved instance');
  await expect(byTest('plan-feasible')).toContainText('(on the saved instance)');

  // A hand move is scored against the saved day: it cannot be stored as a plan of the day on screen.
  const chip = byTest('legend-route-0').locator('[data-testid^="stop-chip-"]').first();
  if (!(await chip.getAttribute('class'))?.includes('selected')) await chip.click();
  await byTest('move-stop-select').selectOption('1');
  await expect(byTest('edit-bar')).toBeVisible();
  await expect(byTest('plan-unsaved-changes')).toContainText('the edited routes are checked against the saved instance');
  await expect(byTest('save-edited')).toBeDisabled();
});
