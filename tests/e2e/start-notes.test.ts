/**
 * What the start has to say of the database (a write-ahead log set aside beside it, a rescued copy) shows in the
 * page, not only in the web mode's terminal: a dispatcher working in a browser tab never sees that terminal. The
 * notes are read at every page load, so a tab opened later (or reloaded) says them too, and says nothing once the
 * files are gone.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { type AppSession, openApp } from './support/browser.js';

const folder = process.env.E2E_DB_DIR!;
const STAMP = '2026-12-02T10-40-10-172Z';
const files = ['-wal', '-shm', '-wal-owner'].map((journal) => join(folder, `e2e.sqlite${journal}.set-aside-${STAMP}`));

let session: AppSession | undefined;
test.afterAll(async () => {
  for (const file of files) rmSync(file, { force: true });
  await session?.close();
});

test('the page names the files set aside beside the database and says how a backup is made', async ({ browser }) => {
  for (const file of files) writeFileSync(file, 'x');
  session = await openApp(browser);
  const { page } = session;
  const banner = page.getByTestId('error-banner').filter({ hasText: 'Note on the database' });
  await expect(banner).toHaveCount(1);
  for (const file of files) await expect(banner).toContainText(file);
  await expect(banner).toContainText('a copy of e2e.sqlite alone, taken while the app runs, is not a backup');

  for (const file of files) rmSync(file);
  await page.reload();
  await expect(page.getByTestId('history')).toHaveAttribute('data-loaded', 'true');
  await expect(page.getByTestId('app-info')).toHaveCount(1);
  await expect(page.getByTestId('error-banner')).toHaveCount(0);
  expect(session.errors).toEqual([]);
});
