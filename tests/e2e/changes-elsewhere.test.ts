/**
 * Two tabs of one browser on the web mode: what one tab deletes or saves, the other shows as it happens (no reload,
 * no focus coming back), and unsaved edits in it are never replaced unasked.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { dayEntry, importDay, openDay, openTabs } from './support/tabs.js';

/** Tab A imports `name` and plans it (`plan`); tab B opens it. */
async function dayInTwoTabs(browser: Browser, name: string, plan: boolean) {
  const { context, pages, errors } = await openTabs(browser, 2);
  const [a, b] = pages;
  await importDay(a, name, plan ? '0.5' : undefined);
  await openDay(b, name);
  return { context, a, b, errors };
}

async function setDemand(page: Page, id: string, value: string) {
  await page.getByTestId(`edit-demand-${id}`).fill(value);
  await page.getByTestId(`edit-demand-${id}`).press('Enter');
}

test('a day deleted in one tab leaves the other tab’s history at once; its unsaved edits there are kept, and can be kept as a new day', async ({
  browser,
}) => {
  const { context, a, b, errors } = await dayInTwoTabs(browser, 'Tuesday Hamburg', true);
  // A stop of the plan taken off its route by hand, and a demand changed, neither saved.
  await b.bringToFront();
  const chip = b.getByTestId('legend-route-0').locator('[data-testid^="stop-chip-"]').first();
  const off = (await chip.textContent())!;
  await chip.click();
  await b.getByTestId('move-stop-select').selectOption('-1');
  const offReason = b
    .getByTestId('not-served-group')
    .filter({ has: b.getByTestId(`not-served-${off}`) })
    .getByTestId('not-served-reason');
  await expect(offReason).toHaveText('it was taken off its route by hand');
  await setDemand(b, 'S2', '9');
  await expect(b.getByTestId('unsaved-badge')).toBeVisible();

  a.once('dialog', (dialog) => void dialog.accept());
  await dayEntry(a, 'Tuesday Hamburg').getByRole('button', { name: 'Delete Tuesday Hamburg', exact: true }).click();
  await expect(dayEntry(a, 'Tuesday Hamburg')).toHaveCount(0);
  // Tab A deleted it itself: it says nothing of another window.
  await expect(a.getByTestId('deleted-elsewhere')).toHaveCount(0);

  // Tab B hears it without a reload or the focus: the day leaves its history, its edit stays, and it says what to do.
  await expect(dayEntry(b, 'Tuesday Hamburg')).toHaveCount(0);
  await expect(b.getByTestId('deleted-elsewhere')).toContainText(
    '“Tuesday Hamburg” was deleted in another window. Your edits are kept here, unsaved: Save as new day keeps them as “Tuesday Hamburg (copy)”.',
  );
  await expect(b.getByTestId('edit-demand-S2')).toHaveValue('9');
  await expect(b.getByTestId('instance-name')).toHaveValue('Tuesday Hamburg');
  // Its plan still exports, from the plan and day the tab holds.
  const [file] = await Promise.all([b.waitForEvent('download'), b.getByTestId('export-plan-csv').click()]);
  expect(file.suggestedFilename()).toMatch(/^Tuesday_Hamburg-.*\.csv$/);
  await expect(b.getByTestId('error-banner')).toHaveCount(0);

  await b.getByTestId('save-as-new-day').click();
  await expect(b.getByTestId('instance-name')).toHaveValue('Tuesday Hamburg (copy)');
  await expect(b.getByTestId('unsaved-badge')).toHaveCount(0);
  await expect(b.getByTestId('edit-demand-S2')).toHaveValue('9');
  await expect(b.getByTestId('deleted-elsewhere')).toHaveCount(0);
  // The hand edits are kept as a plan of the new day, the stop taken off still taken off by hand (not "left out
  // although 1 of 3 vehicles is free", as the routes alone would say).
  await expect(b.getByTestId('edit-bar')).toHaveCount(0);
  await expect(offReason).toHaveText('it was taken off its route by hand');
  // And tab A hears of the new day in turn.
  await expect(dayEntry(a, 'Tuesday Hamburg (copy)')).toHaveCount(1);
  expect(errors).toEqual([]);
  await context.close();
});

test('a day saved in one tab is shown in the other where nothing there is unsaved, and offered where something is', async ({ browser }) => {
  const { context, a, b, errors } = await dayInTwoTabs(browser, 'saved-elsewhere', false);
  await setDemand(a, 'S1', '7');
  await a.getByTestId('save-instance').click();
  await expect(a.getByTestId('unsaved-badge')).toHaveCount(0);
  // Nothing unsaved in tab B: it shows tab A's version, and says whose it is.
  await expect(b.getByTestId('edit-demand-S1')).toHaveValue('7');
  await expect(b.getByTestId('followed-elsewhere')).toContainText('“saved-elsewhere” was saved in another tab or window');
  await expect(a.getByTestId('followed-elsewhere')).toHaveCount(0);

  // Tab B edits; tab A saves again: B keeps its edit and offers A's version, asking before the edit goes.
  await setDemand(b, 'S3', '2');
  await setDemand(a, 'S1', '8');
  await a.getByTestId('save-instance').click();
  await expect(a.getByTestId('unsaved-badge')).toHaveCount(0);
  await expect(b.getByTestId('saved-elsewhere')).toBeVisible();
  await expect(b.getByTestId('edit-demand-S1')).toHaveValue('7');
  await expect(b.getByTestId('edit-demand-S3')).toHaveValue('2');
  let question = '';
  b.once('dialog', (dialog) => {
    question = dialog.message();
    void dialog.accept();
  });
  await b.getByTestId('open-saved-version').click();
  await expect.poll(() => question).toContain('Discard the changes to “saved-elsewhere”?');
  await expect(b.getByTestId('edit-demand-S1')).toHaveValue('8');
  await expect(b.getByTestId('edit-demand-S3')).toHaveValue('4');
  await expect(b.getByTestId('saved-elsewhere')).toHaveCount(0);
  expect(errors).toEqual([]);
  await context.close();
});

test('a plan deleted in one tab stays on screen in the other with its hand edits, which it says can be kept as a new plan', async ({
  browser,
}) => {
  const { context, a, b, errors } = await dayInTwoTabs(browser, 'Wednesday Bremen', true);
  const planId = await b.getByTestId('plan-meta').getAttribute('data-plan-id');
  // Tab B moves a stop onto another route: edited by hand, not saved.
  await b.bringToFront();
  await b.getByTestId('legend-route-0').locator('[data-testid^="stop-chip-"]').first().click();
  await b.getByTestId('move-stop-select').selectOption('1');
  await expect(b.getByTestId('save-edited')).toBeEnabled();

  await a.bringToFront();
  a.once('dialog', (dialog) => void dialog.accept());
  await a.getByTestId(`delete-plan-${planId}`).click();
  await expect(a.getByTestId(`history-plan-${planId}`)).toHaveCount(0);
  // Tab A deleted it itself: it says nothing of another window.
  await expect(a.getByTestId('plan-deleted-elsewhere')).toHaveCount(0);

  // Tab B hears it: the plan leaves its history, the edited routes stay on screen, and it says how to keep them.
  await expect(b.getByTestId(`history-plan-${planId}`)).toHaveCount(0);
  await expect(b.getByTestId('plan-deleted-elsewhere')).toContainText(
    'This plan of “Wednesday Bremen” was deleted in another window. Your hand edits are kept here, unsaved: Save edited plan keeps them as a new plan',
  );
  await expect(b.getByTestId('edit-bar')).toBeVisible();
  await b.bringToFront();
  await b.getByTestId('save-edited').click();
  await expect(b.getByTestId('plan-source-deleted')).toBeVisible();
  await expect(b.getByTestId('edit-bar')).toHaveCount(0);
  await expect(b.getByTestId('plan-deleted-elsewhere')).toHaveCount(0);
  expect(errors).toEqual([]);
  await context.close();
});

test('edits undone after another tab saved the day leave the saved version on screen, and redone they are edits of the older one', async ({
  browser,
}) => {
  const { context, a, b, errors } = await dayInTwoTabs(browser, 'undone-elsewhere', false);
  // Tab B saves once with nothing unsaved in tab A, which shows that version and says so.
  await setDemand(b, 'S3', '5');
  await b.getByTestId('save-instance').click();
  await expect(a.getByTestId('edit-demand-S3')).toHaveValue('5');
  await expect(a.getByTestId('followed-elsewhere')).toBeVisible();
  // Tab A edits S1 (Tab, not Enter); tab B saves S2 from 8 to 6; tab A's Save is refused, and it keeps its edit.
  await a.bringToFront();
  await a.getByTestId('edit-demand-S1').fill('7');
  await a.getByTestId('edit-demand-S1').press('Tab');
  await expect(a.getByTestId('unsaved-badge')).toBeVisible();
  await b.bringToFront();
  await setDemand(b, 'S2', '6');
  await b.getByTestId('save-instance').click();
  await expect(b.getByTestId('unsaved-badge')).toHaveCount(0);
  await a.bringToFront();
  await expect(a.getByTestId('saved-elsewhere')).toBeVisible();
  const asked: string[] = [];
  a.on('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await a.getByTestId('save-instance').click();
  await expect.poll(() => asked.length).toBe(1);
  expect(asked[0]).toContain('“undone-elsewhere” was saved in another window after you opened it here');

  // Undone, nothing here is unsaved: tab A shows tab B's version, as it says, and plans it.
  await a.getByTestId('undo').click();
  await expect(a.getByTestId('edit-demand-S2')).toHaveValue('6');
  await expect(a.getByTestId('edit-demand-S1')).toHaveValue('6');
  await expect(a.getByTestId('unsaved-badge')).toHaveCount(0);
  await expect(a.getByTestId('saved-elsewhere')).toHaveCount(0);
  await expect(a.getByTestId('followed-elsewhere')).toContainText('“undone-elsewhere” was saved in another tab or window');

  // Redone, the edit is of the version opened here again, not of tab B's: said so, and Save does not put it over B's.
  await a.getByTestId('redo').click();
  await expect(a.getByTestId('edit-demand-S1')).toHaveValue('7');
  await expect(a.getByTestId('edit-demand-S2')).toHaveValue('8');
  await expect(a.getByTestId('unsaved-badge')).toBeVisible();
  await expect(a.getByTestId('saved-elsewhere')).toBeVisible();
  await expect(a.getByTestId('followed-elsewhere')).toHaveCount(0);
  await a.getByTestId('save-instance').click();
  await expect.poll(() => asked.length).toBe(2);
  expect(asked[1]).toContain('“undone-elsewhere” was saved in another window after you opened it here');
  await expect(a.getByTestId('unsaved-badge')).toBeVisible();
  await expect(b.getByTestId('edit-demand-S2')).toHaveValue('6');

  // Undone again: tab B's version, which tab A plans without a refusal.
  await a.getByTestId('undo').click();
  await expect(a.getByTestId('edit-demand-S2')).toHaveValue('6');
  await expect(a.getByTestId('followed-elsewhere')).toBeVisible();
  await a.getByTestId('method').selectOption('classical');
  await a.getByTestId('method-effort').fill('0.5');
  await a.getByTestId('plan-button').click();
  await expect(a.getByTestId('plan-meta')).toBeVisible({ timeout: 60_000 });
  // (The refused saves' banner stays: nothing was saved then.)
  await expect(a.getByTestId('error-banner').filter({ hasText: 'Planning' })).toHaveCount(0);
  await expect(a.getByTestId('edit-demand-S2')).toHaveValue('6');
  expect(asked).toHaveLength(2);
  expect(errors).toEqual([]);
  await context.close();
});
