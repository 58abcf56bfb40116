/**
 * Two browser tabs on the web mode, as a dispatcher and a colleague might have: a tab hears what the other saved or
 * deleted as it happens, and plans only the version of the day it shows; hand edits of a plan or a day the other tab
 * deleted are kept, and the tab says how.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { dayEntry, deleteDay, importDay, openDay, openTabs } from './support/tabs.js';

test('a tab shows what another tab saved as it happens, and plans that version; a day deleted there leaves its history', async ({
  browser,
}) => {
  const { context, pages, errors } = await openTabs(browser, 2);
  const [a, b] = pages;
  await importDay(a, 'two-tabs');
  const entry = (page: Page) => page.locator('[data-testid^="history-instance-"]', { hasText: 'two-tabs' });
  await entry(b).first().click();
  await expect(b.getByTestId('fleet-vehicles')).toHaveValue('3');

  // Tab A cuts the fleet and saves; tab B, with nothing unsaved, shows that version without a reload or the focus
  // (headless tabs never send a focus event of their own), and plans it.
  await a.getByTestId('fleet-vehicles').fill('2');
  await a.getByTestId('fleet-vehicles').press('Enter');
  await a.getByTestId('save-instance').click();
  await expect(a.getByTestId('unsaved-badge')).toHaveCount(0);
  await expect(b.getByTestId('fleet-vehicles')).toHaveValue('2');
  await b.getByTestId('method').selectOption('classical');
  await b.getByTestId('plan-button').click();
  await expect(b.getByTestId('plan-meta')).toBeVisible({ timeout: 60_000 });
  await expect(b.getByTestId('error-banner')).toHaveCount(0);

  // Tab A deletes the day; tab B's history drops it as it happens.
  a.once('dialog', (dialog) => void dialog.accept());
  // B's plan is listed in A's history by now, with a Delete button of its own.
  await entry(a).getByRole('button', { name: 'Delete two-tabs', exact: true }).click();
  await expect(entry(a)).toHaveCount(0);
  await expect(entry(b)).toHaveCount(0);
  await expect(b.getByTestId('deleted-elsewhere')).toContainText('“two-tabs” was deleted in another window. It stays open here');
  expect(errors).toEqual([]);
  await context.close();
});

test('a tab refuses to save hand edits of a plan once another tab has changed the day, as it refuses to plan it', async ({ browser }) => {
  const { context, pages, errors } = await openTabs(browser, 2);
  const [a, b] = pages;
  await importDay(a, 'edit-tabs', '0.5');
  const entry = (page: Page) => page.locator('[data-testid^="history-instance-"]', { hasText: 'edit-tabs' });
  await entry(b).first().click();
  await expect(b.getByTestId('fleet-vehicles')).toHaveValue('3');

  // Tab A moves a stop onto another route: edited by hand, checked against the day it shows.
  await a.bringToFront();
  await a.getByTestId('legend-route-0').locator('[data-testid^="stop-chip-"]').first().click();
  await a.getByTestId('move-stop-select').selectOption('1');
  await expect(a.getByTestId('save-edited')).toBeEnabled();
  const plans = a.locator('[data-testid^="history-plan-"]');
  const stored = await plans.count();
  // Tab B moves a window and saves.
  await b.bringToFront();
  await b.getByTestId('edit-due-S1').fill('17:00');
  await b.getByTestId('edit-due-S1').press('Enter');
  await b.getByTestId('save-instance').click();
  await expect(b.getByTestId('unsaved-badge')).toHaveCount(0);
  // Tab A's save is refused in the words of a refused plan; the edits stay on screen, and no plan is stored.
  // Asked to keep them as a new day instead, the dispatcher cancels.
  await a.bringToFront();
  let question = '';
  a.once('dialog', (dialog) => {
    question = dialog.message();
    void dialog.dismiss();
  });
  await a.getByTestId('save-edited').click();
  await expect.poll(() => question).toContain('“edit-tabs” was saved in another window after you opened it here');
  await expect(a.getByTestId('error-banner')).toContainText('“edit-tabs” was changed in another window since it was opened here');
  await expect(a.getByTestId('error-banner')).toContainText('the edited plan was not saved');
  await expect(a.getByTestId('edit-bar')).toBeVisible();
  await expect(plans).toHaveCount(stored);
  expect(errors).toEqual([]);
  await context.close();
});

test('a training run started in one tab is followed, and can be cancelled, in another', async ({ browser }) => {
  const { context, pages, errors } = await openTabs(browser, 2);
  const [a, b] = pages;
  for (const page of pages) await page.getByTestId('tab-training').click();
  await a.bringToFront();
  await a.getByTestId('train-size').fill('10');
  await a.getByTestId('train-minutes').fill('1');
  await a.getByTestId('train-name').fill('started-in-a');
  await a.getByTestId('train-start').click();
  await expect(a.locator('[data-testid="training-status"][data-status="running"]')).toBeVisible({ timeout: 30_000 });
  // Tab B, open all along, shows the run live (its progress events name a run it had not listed) and can stop it.
  await b.bringToFront();
  await expect(b.locator('[data-testid="training-status"][data-status="running"]')).toBeVisible({ timeout: 60_000 });
  await expect(b.getByTestId('train-cancel')).toBeEnabled();
  await b.getByTestId('train-cancel').click();
  await expect(b.locator('[data-testid="training-status"][data-status="cancelled"]')).toBeVisible({ timeout: 60_000 });
  expect(errors).toEqual([]);
  await context.close();
});

/**
 * Tab A imports `name` (the city day) and plans it; tab B opens it and moves the first stop of route 1 onto route 2 by
 * hand, not saved. Returns the tabs, the plan's id and the stop moved.
 */
async function editedInTabB(browser: Browser, name: string) {
  const { context, pages, errors } = await openTabs(browser, 2);
  const [a, b] = pages;
  await importDay(a, name, '1');
  const planId = (await a.getByTestId('plan-meta').getAttribute('data-plan-id'))!;
  await openDay(b, name);
  await expect(b.getByTestId('plan-meta')).toHaveAttribute('data-plan-id', planId);
  const chip = b.getByTestId('legend-route-0').locator('[data-testid^="stop-chip-"]').first();
  const moved = (await chip.getAttribute('data-testid'))!.replace('stop-chip-', '');
  await chip.click();
  await b.getByTestId('move-stop-select').selectOption('1');
  await expect(b.getByTestId('edit-bar')).toBeVisible();
  await expect(b.getByTestId('save-edited')).toBeEnabled();
  return { context, a, b, errors, planId, moved };
}

test('hand edits of a plan another tab deleted are saved as a new plan, and the plan panel says so', async ({ browser }) => {
  const { context, a, b, errors, planId, moved } = await editedInTabB(browser, 'plan-gone');
  a.once('dialog', (dialog) => void dialog.accept());
  await a.getByTestId(`delete-plan-${planId}`).click();
  await expect(a.getByTestId(`history-plan-${planId}`)).toHaveCount(0);

  await b.bringToFront();
  await b.getByTestId('save-edited').click();
  await expect(b.getByTestId('plan-source-deleted')).toHaveText(
    `Plan ${planId}, which these edits were made on, was deleted elsewhere since: the edits are kept as a new hand-edited plan of “plan-gone”.`,
  );
  await expect(b.getByTestId('edit-bar')).toHaveCount(0);
  await expect(b.getByTestId('plan-meta')).not.toHaveAttribute('data-plan-id', planId);
  await expect(b.getByTestId('legend-route-1').getByTestId(`stop-chip-${moved}`)).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

test('hand edits of a plan whose day another tab deleted are kept, if the dispatcher agrees, with the day as a new day', async ({
  browser,
}) => {
  const { context, a, b, errors, moved } = await editedInTabB(browser, 'day-gone');
  await deleteDay(a, 'day-gone');

  await b.bringToFront();
  let question = '';
  b.once('dialog', (dialog) => {
    question = dialog.message();
    void dialog.accept();
  });
  await b.getByTestId('save-edited').click();
  await expect.poll(() => question).toContain('“day-gone” was deleted in another window after you opened it here');
  expect(question).toContain('Save the day as a new day, “day-gone (copy)”, with your edited routes as its plan?');
  await expect(b.getByTestId('instance-name')).toHaveValue('day-gone (copy)');
  await expect(b.getByTestId('unsaved-badge')).toHaveCount(0);
  // The edits are the new day's plan, saved: nothing on screen is left unsaved, and the refusal is answered.
  await expect(b.getByTestId('edit-bar')).toHaveCount(0);
  await expect(b.getByTestId('legend-route-1').getByTestId(`stop-chip-${moved}`)).toBeVisible();
  await expect(dayEntry(b, 'day-gone (copy)').locator('.history-plan')).toContainText('Edited by hand');
  await expect(b.getByTestId('error-banner')).toHaveCount(0);
  expect(errors).toEqual([]);
  await context.close();
});

test('a day another tab deleted, saved as a copy, keeps the hand edits of its plan', async ({ browser }) => {
  const { context, a, b, errors, moved } = await editedInTabB(browser, 'day-and-plan-gone');
  await b.getByTestId('edit-demand-S2').fill('9');
  await b.getByTestId('edit-demand-S2').press('Enter');
  await deleteDay(a, 'day-and-plan-gone');

  await b.bringToFront();
  let question = '';
  b.once('dialog', (dialog) => {
    question = dialog.message();
    void dialog.accept();
  });
  await b.getByTestId('save-instance').click();
  await expect
    .poll(() => question)
    .toContain('Save your version as a new day, “day-and-plan-gone (copy)”, with your hand edits of the plan as its plan?');
  expect(question).toContain('“day-and-plan-gone” was deleted in another window after you opened it here, so your edits have no day');
  await expect(b.getByTestId('instance-name')).toHaveValue('day-and-plan-gone (copy)');
  await expect(b.getByTestId('edit-demand-S2')).toHaveValue('9');
  await expect(b.getByTestId('plan-meta')).toBeVisible();
  await expect(b.getByTestId('edit-bar')).toHaveCount(0);
  await expect(b.getByTestId('legend-route-1').getByTestId(`stop-chip-${moved}`)).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

test('a stop moved by hand after another tab deleted the day can still be kept, with the day, as a new day', async ({ browser }) => {
  const { context, a, b, errors, moved } = await editedInTabB(browser, 'gone-then-moved');
  await deleteDay(a, 'gone-then-moved');

  // Tab B moves one more stop: its routes cannot be scored on a day that is gone, and the tab says what is left to do.
  await b.bringToFront();
  const chip = b.getByTestId('legend-route-0').locator('[data-testid^="stop-chip-"]').first();
  const movedAfter = (await chip.getAttribute('data-testid'))!.replace('stop-chip-', '');
  await chip.click();
  await b.getByTestId('move-stop-select').selectOption('1');
  await expect(b.getByTestId('save-edited')).toBeEnabled();
  await expect(b.getByTestId('edit-day-gone')).toContainText('“gone-then-moved” was deleted in another window');
  // The plan panel says what is left to do; the refused check says nothing else beside it (a day "with id N").
  await expect(b.getByTestId('error-banner')).toHaveCount(0);
  let question = '';
  b.once('dialog', (dialog) => {
    question = dialog.message();
    void dialog.accept();
  });
  await b.getByTestId('save-edited').click();
  await expect.poll(() => question).toContain('Save the day as a new day, “gone-then-moved (copy)”, with your edited routes as its plan?');
  await expect(b.getByTestId('instance-name')).toHaveValue('gone-then-moved (copy)');
  // Both hand moves are the new day's plan, scored on it, and nothing is left unsaved or refused.
  await expect(b.getByTestId('edit-bar')).toHaveCount(0);
  for (const stop of [moved, movedAfter]) await expect(b.getByTestId('legend-route-1').getByTestId(`stop-chip-${stop}`)).toBeVisible();
  await expect(dayEntry(b, 'gone-then-moved (copy)').locator('.history-plan')).toContainText('Edited by hand');
  await expect(b.getByTestId('error-banner')).toHaveCount(0);
  expect(errors).toEqual([]);
  await context.close();
});
