/**
 * The web mode's server stops under an open page (closed, killed): the page says so at once, instead of showing
 * work as still running, and once it is started again on the same database the page carries on, its unsaved edits
 * saved through the same link. Its own server, so that the one the other files share keeps running.
 */
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { importCsv } from './support/csv-import.js';
import { CITY_DAY_CSV } from './support/fixtures.js';
import { freshDatabase, startOwnServer } from './support/own-server.js';

let server: ChildProcess | null = null;
test.afterAll(() => {
  server?.kill('SIGKILL');
});

const db = freshDatabase('gone');

/** Starts the web mode on the test's database (the last start's port, or a free one); resolves with its link. */
function startServer(): Promise<string> {
  const own = startOwnServer(db);
  server = own.process;
  return own.link;
}

test('a page whose server stops says it lost the connection', async ({ browser }) => {
  const url = await startServer();
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  await expect(page.getByTestId('history')).toHaveAttribute('data-loaded', 'true');
  await expect(page.getByTestId('error-banner')).toHaveCount(0);
  server!.kill('SIGKILL');
  const lost = page.getByTestId('error-banner').filter({ hasText: 'the JAMPR Dispatch server was stopped or cannot be reached' });
  await expect(lost).toBeVisible({ timeout: 15_000 });
  await expect(lost).toContainText('Keep this page open');
  // Titled as what it is, not as an unexpected error: the page carries on once the server is back.
  await expect(lost.getByTestId('error-title')).toHaveText('Connection lost');
  await expect(lost).not.toContainText('Unexpected error');
  await context.close();
});

test('a page left open on a server that was restarted saves its unsaved edits through the same link', async ({ browser }) => {
  const url = await startServer();
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  await expect(page.getByTestId('history')).toHaveAttribute('data-loaded', 'true');
  await page.getByTestId('new-instance').click();
  const map = (await page.getByTestId('map').boundingBox())!;
  await page.mouse.click(map.x + map.width * 0.4, map.y + map.height * 0.4);
  await page.mouse.click(map.x + map.width * 0.6, map.y + map.height * 0.5);
  await page.getByTestId('instance-name').fill('kept across the restart');
  await expect(page.getByTestId('unsaved-badge')).toBeVisible();
  server!.kill('SIGKILL');
  await expect(page.getByTestId('error-banner').filter({ hasText: 'Connection lost' })).toBeVisible({ timeout: 15_000 });
  expect(await startServer()).toBe(url);
  await expect(page.getByTestId('error-banner').filter({ hasText: 'Connection lost' })).toHaveCount(0, { timeout: 30_000 });
  await page.getByTestId('save-instance').click();
  await expect(page.getByTestId('unsaved-badge')).toHaveCount(0);
  await page.locator('[data-testid^="history-instance-"]', { hasText: 'kept across the restart' }).waitFor();
  await context.close();
});

test('a tab whose event stream was down while its open day was deleted in another tab says so once it is back', async ({ browser }) => {
  server?.kill('SIGKILL');
  const url = await startServer();
  const context = await browser.newContext();
  const [a, b] = [await context.newPage(), await context.newPage()];
  await a.goto(url);
  await importCsv(a, 'Thursday Kiel.csv', CITY_DAY_CSV, { vehicles: 3, capacity: 30, speedKmh: 25 });
  const entry = (page: Page) => page.locator('[data-testid^="history-instance-"]', { hasText: 'Thursday Kiel' });
  await b.goto(url);
  await entry(b).getByTestId('history-open').click();
  await expect(b.getByTestId('instance-name')).toHaveValue('Thursday Kiel');
  // Tab B's stream stays down past the restart (its tries to reconnect are refused), so it never hears the delete.
  await b.route('**/api/events**', (route) => route.abort());
  server!.kill('SIGKILL');
  await expect(b.getByTestId('error-banner').filter({ hasText: 'Connection lost' })).toBeVisible({ timeout: 15_000 });
  expect(await startServer()).toBe(url);
  await a.bringToFront();
  a.once('dialog', (dialog) => void dialog.accept());
  await entry(a).getByRole('button', { name: 'Delete Thursday Kiel', exact: true }).click();
  await expect(entry(a)).toHaveCount(0);

  await b.unroute('**/api/events**');
  await expect(b.getByTestId('error-banner').filter({ hasText: 'Connection lost' })).toHaveCount(0, { timeout: 30_000 });
  await expect(entry(b)).toHaveCount(0);
  await expect(b.getByTestId('deleted-elsewhere')).toContainText('“Thursday Kiel” was deleted in another window. It stays open here');
  await context.close();
});

test('a tab opened after the database file was deleted says its instances cannot be read, not that there are none', async ({ browser }) => {
  server?.kill('SIGKILL');
  const url = await startServer();
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  await expect(page.getByTestId('history')).toHaveAttribute('data-loaded', 'true');
  rmSync(db);
  const next = await context.newPage();
  await next.goto(url);
  await expect(next.getByTestId('error-banner').filter({ hasText: 'was deleted while the app was running' }).first()).toBeVisible();
  await expect(next.getByTestId('history-unreadable')).toBeVisible();
  await expect(next.getByTestId('history-empty')).toHaveCount(0);
  await context.close();
});
