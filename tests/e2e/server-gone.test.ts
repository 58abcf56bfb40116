/**
 * The web mode's server stops under an open page (closed, killed): the page says so at once, instead of showing
 * work as still running. Its own server, so that the one the other files share keeps running.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

let server: ChildProcess | null = null;
test.afterAll(() => {
  server?.kill('SIGKILL');
});

/** Starts the web mode on a free port and a fresh database; resolves with the link it prints. */
function startServer(): Promise<string> {
  const db = join(mkdtempSync(join(tmpdir(), 'jampr-gone-')), 'gone.sqlite');
  server = spawn(process.execPath, ['bin/web.mjs', '--port', '0', '--db', db], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    server!.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /web mode: (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out)?.[1];
      if (url) resolve(url);
    });
    server!.on('exit', (code) => reject(new Error(`the web mode exited with ${code} before printing its link: ${out}`)));
  });
}

test('a page whose server stops says it lost the connection', async ({ browser }) => {
  const url = await startServer();
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  await expect(page.getByTestId('history')).toHaveAttribute('data-loaded', 'true');
  await expect(page.getByTestId('error-banner')).toHaveCount(0);
  server!.kill('SIGKILL');
  const lost = page.getByTestId('error-banner').filter({ hasText: 'lost the connection to the JAMPR Dispatch server' });
  await expect(lost).toBeVisible({ timeout: 15_000 });
  await expect(lost).toContainText('open the link it prints');
  await context.close();
});
