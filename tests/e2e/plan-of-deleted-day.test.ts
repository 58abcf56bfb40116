/**
 * A plan on screen whose day another tab deletes is not lost: it still exports, Save as new day keeps it with the new
 * day, Plan saves the day as a new day first (as with edits), and a plan that was running when the day went is kept with
 * a copy of the day. Two (or three) tabs of one browser on the web mode.
 */
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { dayEntry, deleteDay, importDay, openDay, openTabs } from './support/tabs.js';

async function download(page: Page, testId: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  return { name: file.suggestedFilename(), text: await readFile((await file.path())!, 'utf8') };
}

test('a plan whose day another tab deleted still exports, and Save as new day keeps it with the new day', async ({ browser }) => {
  const { context, pages, errors } = await openTabs(browser, 2);
  const [a, b] = pages;
  await importDay(a, 'Dienstag', '0.5');
  const planId = (await a.getByTestId('plan-meta').getAttribute('data-plan-id'))!;
  await openDay(b, 'Dienstag');
  await expect(b.getByTestId('plan-meta')).toHaveAttribute('data-plan-id', planId);
  const json = await download(b, 'export-plan-json');
  const csv = await download(b, 'export-plan-csv-decimal-comma');

  await deleteDay(a, 'Dienstag');
  await b.bringToFront();
  await expect(b.getByTestId('deleted-elsewhere')).toBeVisible();
  // The files are made from the plan and day the tab holds: the same files as before.
  expect(await download(b, 'export-plan-json')).toEqual(json);
  expect(await download(b, 'export-plan-csv-decimal-comma')).toEqual(csv);
  await expect(b.getByTestId('error-banner')).toHaveCount(0);

  // The day is kept as a new day with the plan on screen as its plan: the same routes and cost, made the same way.
  const cost = await b.getByTestId('plan-kpis').textContent();
  await b.getByTestId('save-as-new-day').click();
  await expect(b.getByTestId('instance-name')).toHaveValue('Dienstag (copy)');
  await expect(b.getByTestId('plan-meta')).not.toHaveAttribute('data-plan-id', planId);
  await expect(b.getByTestId('plan-meta')).toContainText('Classical');
  await expect(b.getByTestId('plan-kpis')).toHaveText(cost!);
  const kept = JSON.parse((await download(b, 'export-plan-json')).text) as { routes: string[][] };
  expect(kept.routes).toEqual((JSON.parse(json.text) as { routes: string[][] }).routes);
  await expect(dayEntry(b, 'Dienstag (copy)').locator('.history-plan')).toHaveCount(1);
  // Its history entry says it was kept, and, its plan deleted with the day, that how it was made is as this tab said.
  const keptMark = dayEntry(b, 'Dienstag (copy)').locator('[data-testid^="kept-from-"]');
  await expect(keptMark).toContainText('kept (unchecked)');
  await expect(keptMark).toHaveAttribute('title', /that plan was deleted, so how it was made .* is as the window that kept it said/);
  // And the tab that deleted the day sees the new day with its plan.
  await expect(dayEntry(a, 'Dienstag (copy)')).toContainText('1 plan');
  await expect(b.getByTestId('error-banner')).toHaveCount(0);
  expect(errors).toEqual([]);
  await context.close();
});

test('Plan on a day another tab deleted reads Save and plan as it does with edits, and plans it as a new day', async ({ browser }) => {
  const { context, pages, errors } = await openTabs(browser, 2);
  const [a, b] = pages;
  await importDay(a, 'Donnerstag');
  await openDay(b, 'Donnerstag');
  await deleteDay(a, 'Donnerstag');

  await b.bringToFront();
  await expect(b.getByTestId('deleted-elsewhere')).toBeVisible();
  await expect(b.getByTestId('unsaved-badge')).toHaveCount(0);
  await expect(b.getByTestId('plan-button')).toHaveText('Save and plan');
  await expect(b.getByTestId('plan-button')).toHaveAttribute(
    'title',
    /“Donnerstag” was deleted in another window: it is saved as a new day first/,
  );
  let question = '';
  b.once('dialog', (dialog) => {
    question = dialog.message();
    void dialog.accept();
  });
  await b.getByTestId('method').selectOption('classical');
  await b.getByTestId('method-effort').fill('0.5');
  await b.getByTestId('plan-button').click();
  await expect.poll(() => question).toContain('“Donnerstag” was deleted in another window after you opened it here.');
  expect(question).toContain('Save it as a new day, “Donnerstag (copy)”?');
  await expect(b.getByTestId('plan-meta')).toBeVisible({ timeout: 60_000 });
  await expect(b.getByTestId('instance-name')).toHaveValue('Donnerstag (copy)');
  await expect(b.getByTestId('deleted-elsewhere')).toHaveCount(0);
  await expect(b.getByTestId('plan-button')).toHaveText('Plan');
  await expect(b.getByTestId('error-banner')).toHaveCount(0);
  expect(errors).toEqual([]);
  await context.close();
});

test('a plan running when another tab deletes its day is kept with a copy of the day, and the tab says so', async ({ browser }) => {
  const { context, pages, errors } = await openTabs(browser, 3);
  const [a, b, c] = pages;
  await importDay(a, 'Mittwoch');
  await importDay(c, 'Blocker');
  await openDay(b, 'Mittwoch');
  // Tab C's long plan holds the worker: tab A's plan waits behind it, so the day goes while A's plan is in progress.
  await c.getByTestId('method').selectOption('classical');
  await c.getByTestId('method-effort').fill('60');
  await c.getByTestId('plan-button').click();
  await expect(c.getByTestId('plan-progress')).toBeVisible();
  await a.bringToFront();
  await a.getByTestId('method').selectOption('classical');
  await a.getByTestId('method-effort').fill('0.5');
  await a.getByTestId('plan-button').click();
  await expect(a.getByTestId('plan-progress')).toContainText('waiting for another plan to finish first');

  await deleteDay(b, 'Mittwoch');
  await a.bringToFront();
  await expect(a.getByTestId('deleted-elsewhere')).toBeVisible();
  await c.bringToFront();
  await c.getByTestId('cancel-plan').click();

  // Tab A's plan runs once C's stops, and is kept with a copy of the day, which is the day on screen now.
  await a.bringToFront();
  await expect(a.getByTestId('plan-meta')).toBeVisible({ timeout: 60_000 });
  await expect(a.getByTestId('plan-day-deleted')).toHaveText(
    '“Mittwoch” was deleted in another window while it was being planned: the plan is kept with a copy of the day as it was planned, “Mittwoch (copy)”.',
  );
  await expect(a.getByTestId('instance-name')).toHaveValue('Mittwoch (copy)');
  await expect(a.getByTestId('unsaved-badge')).toHaveCount(0);
  await expect(a.getByTestId('deleted-elsewhere')).toHaveCount(0);
  await expect(a.getByTestId('error-banner')).toHaveCount(0);
  await expect(dayEntry(b, 'Mittwoch (copy)')).toContainText('1 plan');
  expect(errors).toEqual([]);
  await context.close();
});
