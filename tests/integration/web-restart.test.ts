/**
 * The web mode started again on the same database answers the link it printed before (port and token), so a tab
 * left open carries on with its unsaved edits; the link is kept beside the database, readable by its user alone.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function startWeb(db: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/web.ts', '--db', db], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /web mode: (\S+)/.exec(out)?.[1];
      if (url) resolve({ child, url });
    });
    child.once('exit', (code) => reject(new Error(`the web mode exited with ${code} before printing its link: ${out}`)));
  });
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

describe('web mode restarts', () => {
  it('keeps its link across a restart on the same database, in a file only its user can read', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'jampr-web-')), 'app.sqlite');
    const first = await startWeb(db);
    await stop(first.child);
    const second = await startWeb(db);
    try {
      expect(second.url).toBe(first.url);
      const { origin, searchParams } = new URL(second.url);
      const answer = await fetch(`${origin}/api/app:info`, {
        method: 'POST',
        headers: { 'x-jampr-token': searchParams.get('token') ?? '', 'content-type': 'application/json' },
        body: '{}',
      });
      expect(answer.status).toBe(200);
      expect(statSync(`${db}.web-session.json`).mode & 0o777).toBe(0o600);
    } finally {
      await stop(second.child);
    }
  }, 60_000);
});
