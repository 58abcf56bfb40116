/**
 * Every open tab hears what another one changed: the web mode's server, on a real database file, announces each
 * stored change over its event stream ('data:changed'), with the tab whose call made it, and nothing for a call that
 * changed nothing.
 */
import { type ClientRequest, request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebServer } from '../../src/main/http.js';
import { createEventHub } from '../../src/main/http/events.js';
import { inProcessRunner } from '../../src/main/jobs/in-process.js';
import { registerBuiltInModels } from '../../src/main/services/models.js';
import { createServices } from '../../src/main/services/registry.js';
import type { CallName, CallResult, CallResponse, DataChanged } from '../../src/shared/api.js';
import { createTestApp, type TestApp } from './fixtures/services.js';
import { TINY_CSV, tinyInstance } from './fixtures/tiny.js';

const TOKEN = 'test-token-changes-0123';
let app: TestApp;
let web: ReturnType<typeof createWebServer>;
let port: number;
let stream: ClientRequest;
/** The changes heard on one event stream, in order, and who waits for the next. */
const heard: DataChanged[] = [];
let wake: (() => void) | null = null;

/** Calls over HTTP as tab `tab` (its window id header), or as a script sending none. */
async function call<C extends CallName>(name: C, request: unknown, tab?: string): Promise<CallResult<CallResponse<C>>> {
  const response = await fetch(`http://127.0.0.1:${port}/api/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Jampr-Token': TOKEN, ...(tab ? { 'X-Jampr-Window': tab } : {}) },
    body: JSON.stringify(request),
  });
  return (await response.json()) as CallResult<CallResponse<C>>;
}
async function ok<C extends CallName>(name: C, request: unknown, tab?: string): Promise<CallResponse<C>> {
  const result = await call(name, request, tab);
  if (!result.ok) throw new Error(`${name} failed: ${result.error.message}`);
  return result.value;
}

/** The next change announced on the stream (the ones before it were taken already). */
async function next(): Promise<DataChanged> {
  while (heard.length === 0) await new Promise<void>((resolve) => (wake = resolve));
  return heard.shift()!;
}

beforeAll(async () => {
  app = createTestApp(inProcessRunner());
  registerBuiltInModels(app.store, 'resources/models');
  const hub = createEventHub();
  const services = createServices({
    store: app.store,
    jobs: inProcessRunner(),
    emit: hub.emit,
    app: { version: 'test', transport: 'http' },
    modelsDir: join(app.dir, 'models'),
  });
  web = createWebServer({ services, hub, token: TOKEN, rendererDir: null });
  port = Number(new URL(await web.listen(0)).port);
  // A tab's event stream, open before anything changes.
  await new Promise<void>((resolve, reject) => {
    stream = httpRequest({ host: '127.0.0.1', port, path: `/api/events?token=${TOKEN}` }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        if (text.startsWith('retry')) resolve();
        const frames = text.split('\n\n');
        text = frames.pop()!;
        for (const frame of frames) {
          const event = /^event: (.*)$/m.exec(frame)?.[1];
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (event === 'data:changed' && data) heard.push(JSON.parse(data) as DataChanged);
        }
        wake?.();
      });
    });
    stream.on('error', reject);
    stream.end();
  });
});
afterAll(async () => {
  stream.destroy();
  await web.close();
  await app.close();
});

describe('the changes another tab hears', () => {
  it('a day imported, saved, renamed and deleted, with the tab that did it', async () => {
    const imported = await ok('instances:importCsv', { fileName: 'monday.csv', text: TINY_CSV, vehicles: 3, capacity: 30 }, 'tab-a');
    expect(await next()).toEqual({
      change: { what: 'instance-saved', id: imported.id, name: 'monday', updatedAt: imported.updatedAt },
      by: 'tab-a',
    });
    const renamed = await ok(
      'instances:save',
      { id: imported.id, basedOn: imported.updatedAt, instance: { ...imported.instance, name: 'Tuesday Hamburg' } },
      'tab-b',
    );
    expect(await next()).toEqual({
      change: { what: 'instance-saved', id: imported.id, name: 'Tuesday Hamburg', updatedAt: renamed.updatedAt },
      by: 'tab-b',
    });
    await ok('plans:saveEdited', { instanceId: imported.id, variant: { name: 'tw1' }, routes: [['a', 'b', 'c', 'd', 'e']] }, 'tab-b');
    expect((await next()).change).toMatchObject({ what: 'plan-saved', instanceId: imported.id });

    // A save refused (an older version) and a delete repeated change nothing, and say nothing: the next change heard is
    // the delete of the second day, made by a script that names no tab.
    expect(
      await call('instances:save', { id: imported.id, basedOn: imported.updatedAt, instance: imported.instance }, 'tab-a'),
    ).toMatchObject({
      ok: false,
      error: { kind: 'conflict' },
    });
    expect(await ok('instances:delete', { id: imported.id }, 'tab-a')).toEqual({ deleted: true, plans: 1 });
    expect(await next()).toEqual({ change: { what: 'instance-deleted', id: imported.id, plans: 1 }, by: 'tab-a' });
    expect(await ok('instances:delete', { id: imported.id }, 'tab-a')).toEqual({ deleted: false, plans: 0 });
    const other = await ok('instances:save', { instance: tinyInstance('other day') });
    expect(await next()).toMatchObject({ change: { what: 'instance-saved', id: other.id }, by: null });
    await ok('instances:delete', { id: other.id });
    expect(await next()).toEqual({ change: { what: 'instance-deleted', id: other.id, plans: 0 }, by: null });
  });

  it('a plan made and deleted, and the models activated or given back to the automatic choice', async () => {
    const day = await ok('instances:save', { instance: tinyInstance('plans day') }, 'tab-a');
    await next();
    const plan = await ok(
      'plans:create',
      { instanceId: day.id, variant: { name: 'tw1' }, method: 'classical', timeLimitSec: 0.1 },
      'tab-a',
    );
    expect(await next()).toEqual({ change: { what: 'plan-saved', id: plan.id, instanceId: day.id }, by: 'tab-a' });
    await ok('plans:delete', { id: plan.id }, 'tab-b');
    expect(await next()).toEqual({ change: { what: 'plan-deleted', id: plan.id }, by: 'tab-b' });
    await ok('plans:delete', { id: plan.id }, 'tab-b');

    const model = (await ok('models:list', {})).find((m) => m.card.method === 'jampr' && m.card.variant === 'tw1')!;
    await ok('models:activate', { id: model.id }, 'tab-b');
    expect(await next()).toEqual({ change: { what: 'models-changed' }, by: 'tab-b' });
    await ok('models:automatic', { method: 'jampr', variant: 'tw1' }, 'tab-a');
    expect(await next()).toEqual({ change: { what: 'models-changed' }, by: 'tab-a' });
  });

  it('refuses a window id that is not one, before the call runs', async () => {
    const before = (await ok('instances:list', {})).length;
    const refused = await call('instances:save', { instance: tinyInstance('refused') }, 'tab a/1');
    expect(refused).toMatchObject({ ok: false, error: { kind: 'input', message: expect.stringContaining('X-Jampr-Window') } });
    expect(await ok('instances:list', {})).toHaveLength(before);
  });
});
