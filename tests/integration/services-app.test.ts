import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredInstance } from '../../src/shared/api.js';
import { createTinyApp, type TestApp } from './fixtures/services.js';

let app: TestApp;
let tiny: StoredInstance;
beforeAll(async () => {
  ({ app, tiny } = await createTinyApp());
});
afterAll(() => app.close());

describe('models', () => {
  it('refuses a folder without a model card and reports a missing model as a model error', async () => {
    const folder = join(app.dir, 'not-a-model');
    mkdirSync(folder);
    expect(await app.fail('models:import', { folder })).toMatchObject({ kind: 'model', message: expect.stringMatching(/card\.json/) });
    const error = await app.fail('plans:create', { instanceId: tiny.id, variant: { name: 'tw2' }, method: 'jampr' });
    expect(error).toMatchObject({ kind: 'model', message: expect.stringMatching(/no jampr model for tw2/) });
  });
});

describe('app', () => {
  it('reports the database path, the transport and the worker backend', async () => {
    const info = await app.call('app:info', {});
    expect(info).toMatchObject({ dbPath: app.store.path, transport: 'ipc', version: 'test' });
    expect(info.backend).not.toBe('');
  });

  it('hands the window the start notes while files set aside lie beside the database, and none once they are gone', async () => {
    expect((await app.call('app:info', {})).startNotes).toEqual([]);
    const log = join(app.dir, 'app.sqlite-wal.set-aside-2026-12-02T10-40-10-172Z');
    writeFileSync(log, 'x');
    const [note, ...more] = (await app.call('app:info', {})).startNotes;
    expect(more).toEqual([]);
    expect(note).toContain(log);
    expect(note).toContain('is not a backup');
    rmSync(log);
    expect((await app.call('app:info', {})).startNotes).toEqual([]);
  });
});
