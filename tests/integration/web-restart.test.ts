/**
 * The web mode started again on the same database answers the link it printed before (port and token), so a tab
 * left open carries on with its unsaved edits; the link is kept beside the database, readable by its user alone.
 * A test that wants its port back after a restart first starts on a port outside the ephemeral range (keptPort), which
 * the other file running beside this one cannot take in between, as it could take one `--port 0` got.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/main/store/index.js';
import { keptPort } from './fixtures/kept-port.js';
import { tinyInstance } from './fixtures/tiny.js';

function startWeb(db: string, ...flags: string[]): Promise<{ child: ChildProcess; url: string; stderr: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/web.ts', '--db', db, ...flags], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const stderr = () => err;
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /web mode: (\S+)/.exec(out)?.[1];
      if (url) resolve({ child, url, stderr });
    });
    child.once('exit', (code) => reject(new Error(`the web mode exited with ${code} before printing its link: ${out}`)));
  });
}

async function save(url: string, name: string): Promise<void> {
  const { origin, searchParams } = new URL(url);
  const answer = await fetch(`${origin}/api/instances:save`, {
    method: 'POST',
    headers: { 'x-jampr-token': searchParams.get('token') ?? '', 'content-type': 'application/json' },
    body: JSON.stringify({ instance: tinyInstance(name) }),
  });
  expect(answer.status).toBe(200);
}

const names = (path: string): string[] => {
  const store = openStore(path);
  try {
    return store.instances
      .list()
      .map((i) => i.name)
      .sort();
  } finally {
    store.close();
  }
};

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

describe('web mode restarts', () => {
  it('keeps its link across a restart on the same database, in a file only its user can read', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'jampr-web-')), 'app.sqlite');
    const first = await startWeb(db, '--port', String(await keptPort()));
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

  it('keeps its link across restarts asked for any free port (--port 0), where the last port is free', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'jampr-web-')), 'app.sqlite');
    const first = await startWeb(db, '--port', String(await keptPort()));
    await stop(first.child);
    const second = await startWeb(db, '--port', '0');
    try {
      expect(second.url).toBe(first.url);
    } finally {
      await stop(second.child);
    }
  }, 60_000);

  it('says so when the last port is taken by another program, and takes a new one', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'jampr-web-')), 'app.sqlite');
    const first = await startWeb(db, '--port', String(await keptPort()));
    await stop(first.child);
    const port = Number(new URL(first.url).port);
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve));
    const second = await startWeb(db, '--port', '0');
    try {
      expect(second.url).not.toBe(first.url);
      await expect
        .poll(() => second.stderr())
        .toContain(`port ${port} of the last start is in use by another program, so the link changed`);
    } finally {
      await stop(second.child);
      squatter.close();
    }
  }, 60_000);

  // The server is stopped with no call in between, so only the stop can notice the file went away.
  it('stopped after its database file was replaced, keeps the replacement as it was and its own days beside it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jampr-web-'));
    const db = join(dir, 'live.sqlite');
    const backup = openStore(join(dir, 'backup.sqlite'));
    for (const name of ['Backup1', 'Backup2', 'Backup3']) backup.instances.insert(tinyInstance(name), 'json');
    backup.close();
    const web = await startWeb(db);
    await save(web.url, 'Precious');
    renameSync(join(dir, 'backup.sqlite'), db);
    await stop(web.child);
    // Before, the old log stayed beside the replacement and was replayed into it at the next start.
    expect(existsSync(`${db}-wal`)).toBe(false);
    expect(web.stderr()).toMatch(/was replaced by another file while the app was running/);
    expect(names(db)).toEqual(['Backup1', 'Backup2', 'Backup3']);
    const rescued = readdirSync(dir).filter((f) => f.startsWith('live.sqlite.rescued-'));
    expect(rescued).toHaveLength(1);
    expect(web.stderr()).toContain(join(dir, rescued[0]));
    expect(names(join(dir, rescued[0]))).toEqual(['Precious']);
    // The next start says the copy is there, for as long as it is.
    const again = await startWeb(db);
    try {
      await expect.poll(again.stderr).toContain(`note: a copy of the database rescued when its file was moved or deleted`);
      expect(again.stderr()).toContain(join(dir, rescued[0]));
    } finally {
      await stop(again.child);
    }
  }, 60_000);

  it('stopped after its database file was deleted, writes its days back to the path', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'jampr-web-')), 'live.sqlite');
    const web = await startWeb(db);
    await save(web.url, 'Precious');
    rmSync(db);
    await stop(web.child);
    // Before, the next start opened a new, empty database without a word.
    expect(web.stderr()).toMatch(/was deleted while the app was running: everything saved until then was written to/);
    expect(names(db)).toEqual(['Precious']);
  }, 60_000);
});
