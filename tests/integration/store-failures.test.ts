import { copyFileSync, existsSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { inProcessRunner } from '../../src/main/jobs/in-process.js';
import { setupStore } from '../../src/main/setup.js';
import { openStore } from '../../src/main/store/index.js';
import { createTestApp } from './fixtures/services.js';
import { tinyInstance } from './fixtures/tiny.js';

const tempDb = () => join(mkdtempSync(join(tmpdir(), 'jampr-fail-')), 'app.sqlite');

describe('the store when the machine says no', () => {
  it('refuses a database from a newer version without switching its journal to WAL first', () => {
    const path = tempDb();
    const raw = new BetterSqlite3(path);
    raw.pragma('journal_mode = DELETE');
    raw.pragma('user_version = 999');
    raw.close();
    expect(() => openStore(path)).toThrow(/newer version of JAMPR Dispatch \(schema 999/);
    const after = new BetterSqlite3(path, { readonly: true });
    expect(after.pragma('journal_mode', { simple: true })).toBe('delete');
    after.close();
  });

  it("refuses another program's SQLite file before adding its tables to it", () => {
    const path = tempDb();
    const raw = new BetterSqlite3(path);
    raw.exec('CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)');
    raw.pragma('user_version = 3');
    raw.close();
    expect(() => openStore(path)).toThrow(/is not a JAMPR Dispatch database \(it holds the tables invoices\); nothing in it was changed/);
    const after = new BetterSqlite3(path, { readonly: true });
    expect(after.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all()).toEqual([{ name: 'invoices' }]);
    expect(after.pragma('user_version', { simple: true })).toBe(3);
    after.close();
  });

  it("refuses a second app on the same database, leaving the first one's training run running", () => {
    const path = tempDb();
    const first = setupStore(path, join(path, 'no-models'));
    const run = first.trainingRuns.start({ variant: 'tw1', size: 10, instanceIds: [], minutes: 1 });
    expect(() => setupStore(path, join(path, 'no-models'))).toThrow(/in use by another JAMPR Dispatch/);
    expect(first.trainingRuns.get(run.id)?.status).toBe('running');
    first.close();
  });

  it('reports a full disk and a read-only database as storage errors in words, and keeps what was saved', async () => {
    const app = createTestApp(inProcessRunner());
    const kept = await app.call('instances:save', { instance: tinyInstance('kept') });
    // SQLite's page limit stands in for a full disk: writes fail with SQLITE_FULL just the same.
    const pages = app.store.db.pragma('page_count', { simple: true }) as number;
    app.store.db.pragma(`max_page_count = ${pages + 2}`);
    // A day of 100 stops with addresses at the longest a save takes: about 50 kB, more than two pages.
    const tiny = tinyInstance('big');
    const customers = Array.from({ length: 100 }, (_, k) => ({ ...tiny.customers[k % 5], id: `s${k}`, address: 'x'.repeat(500) }));
    const big = { ...tiny, vehicles: 100, capacity: 1000, customers };
    let full = null;
    for (let i = 0; i < 20 && !full; i++) {
      const result = await app.services.handlers['instances:save']({ instance: { ...big, name: `${big.name}${i}` } });
      if (!result.ok) full = result.error;
    }
    expect(full).toMatchObject({ kind: 'storage', message: expect.stringMatching(/disk holding the database is full/) });
    expect((await app.call('instances:get', { id: kept.id })).instance.name).toBe('kept');
    // Deleting still works on a full database, so space can be made.
    expect(await app.call('instances:delete', { id: kept.id })).toMatchObject({ deleted: true });

    app.store.db.pragma('query_only = ON');
    expect(await app.fail('instances:delete', { id: kept.id })).toMatchObject({
      kind: 'storage',
      message: expect.stringMatching(/read-only/),
    });
    app.store.db.pragma('query_only = OFF');
    await app.close();
  });

  it('writes everything saved back when the database file is deleted while the app runs, and refuses later calls', async () => {
    const app = createTestApp(inProcessRunner());
    const path = app.store.path;
    const kept = await app.call('instances:save', { instance: tinyInstance('kept') });
    // The database file alone is deleted: its write-ahead log (-wal) stays, as a file manager leaves it.
    rmSync(path);
    // Before, this save was confirmed into the deleted file and gone at the next start.
    const lost = await app.fail('instances:save', { instance: tinyInstance('after') });
    expect(lost).toMatchObject({ kind: 'storage', message: expect.stringMatching(/was deleted while the app was running/) });
    expect(lost.message).toContain(`written to ${path}`);
    expect(await app.fail('instances:list', {})).toMatchObject({ kind: 'storage' });
    // The old log is gone with the closed connection: replayed into the copy, it would have damaged it.
    expect(existsSync(`${path}-wal`)).toBe(false);
    const reopened = openStore(path);
    expect(reopened.instances.list().map((i) => [i.id, i.name])).toEqual([[kept.id, 'kept']]);
    expect(reopened.db.pragma('integrity_check', { simple: true })).toBe('ok');
    reopened.close();
    await app.close();
  });

  it("ends a plan under way when the database file was deleted in the guard's words, not as a defect", async () => {
    // The plan job waits at a gate, so that the file goes away while it is under way.
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const inner = inProcessRunner();
    const app = createTestApp({
      ...inner,
      run: async (job, input, options) => {
        await gate;
        return inner.run(job, input, options);
      },
    });
    const { id: instanceId } = await app.call('instances:save', { instance: tinyInstance('kept') });
    const plan = app.services.handlers['plans:create']({ instanceId, variant: { name: 'tw1' }, method: 'classical', timeLimitSec: 0.1 });
    rmSync(app.store.path);
    await app.fail('instances:list', {}); // another window's call: the guard closes the store
    open();
    const result = await plan;
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'storage', message: expect.stringMatching(/was deleted while the app was running/) },
    });
    await app.close();
  });

  it("keeps a file that took the database's place, and writes what was saved beside it", async () => {
    const app = createTestApp(inProcessRunner());
    const path = app.store.path;
    await app.call('instances:save', { instance: tinyInstance('kept') });
    // Another day's database moved onto the path (its own log folded in); the app's log stays beside it.
    const other = join(app.dir, 'other.sqlite');
    const theirs = openStore(other);
    theirs.instances.insert(tinyInstance('theirs'), 'json');
    theirs.close();
    renameSync(other, path);
    const error = await app.fail('instances:list', {});
    expect(error.message).toMatch(/was replaced by another file/);
    const rescued = readdirSync(app.dir).find((f) => f.startsWith('app.sqlite.rescued-'));
    expect(rescued).toBeDefined();
    expect(error.message).toContain(`--db ${join(app.dir, rescued ?? '')}`);
    const reopened = openStore(join(app.dir, rescued ?? ''));
    expect(reopened.instances.list().map((i) => i.name)).toEqual(['kept']);
    reopened.close();
    // The file that took its place is left as it was: the app's log was not replayed into it.
    expect(existsSync(`${path}-wal`)).toBe(false);
    const replacement = openStore(path);
    expect(replacement.instances.list().map((i) => i.name)).toEqual(['theirs']);
    replacement.close();
    await app.close();
  });

  it('closed after another database and its own log took the place of its file, keeps that log for it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'jampr-fail-'));
    const path = join(dir, 'app.sqlite');
    const store = openStore(path);
    store.instances.insert(tinyInstance('kept'), 'json');
    // A copy of another database taken while it was open: its last save is still in its log only.
    const theirs = openStore(join(dir, 'theirs.sqlite'));
    theirs.instances.insert(tinyInstance('theirs'), 'json');
    copyFileSync(join(dir, 'theirs.sqlite'), join(dir, 'copy.sqlite'));
    copyFileSync(join(dir, 'theirs.sqlite-wal'), join(dir, 'copy.sqlite-wal'));
    theirs.close();
    renameSync(join(dir, 'copy.sqlite'), path);
    renameSync(join(dir, 'copy.sqlite-wal'), `${path}-wal`);
    expect(store.close()?.message).toMatch(/was replaced by another file while the app was running/);
    // Before, the app removed the log at the path as its own, and the replacement lost its last save.
    const replacement = openStore(path);
    expect(replacement.instances.list().map((i) => i.name)).toEqual(['theirs']);
    replacement.close();
    const rescued = readdirSync(dir).find((f) => f.startsWith('app.sqlite.rescued-')) ?? '';
    const reopened = openStore(join(dir, rescued));
    expect(reopened.instances.list().map((i) => i.name)).toEqual(['kept']);
    reopened.close();
  });
});
