import { mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../src/main/content-security.js';
import { createWebServer } from '../../src/main/http.js';
import { createEventHub } from '../../src/main/http/events.js';
import { inProcessRunner } from '../../src/main/jobs/in-process.js';
import { createServices } from '../../src/main/services/registry.js';
import type { CallResult, StoredPlan } from '../../src/shared/api.js';
import { createTestApp, type TestApp } from './fixtures/services.js';
import { tinyInstance } from './fixtures/tiny.js';

const TOKEN = 'test-token-0123456789';
let app: TestApp;
let web: ReturnType<typeof createWebServer>;
let port: number;

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Raw HTTP so the Host and Origin headers can be set freely. */
function send(method: string, path: string, headers: Record<string, string> = {}, body?: string | Buffer): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
const call = (name: string, request: unknown, headers: Record<string, string> = { 'x-jampr-token': TOKEN }) =>
  send('POST', `/api/${name}`, { 'content-type': 'application/json', ...headers }, JSON.stringify(request));

beforeAll(async () => {
  app = createTestApp();
  const rendererDir = join(app.dir, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><html><head><title>t</title></head><body></body></html>');
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(app.dir, 'secret.txt'), 'secret');
  const hub = createEventHub();
  // A second service set over the same store, whose events go to the SSE hub.
  const services = createServices({
    store: app.store,
    jobs: inProcessRunner(),
    emit: hub.emit,
    app: { version: 'test', transport: 'http' },
    modelsDir: join(app.dir, 'models'),
  });
  web = createWebServer({ services, hub, token: TOKEN, rendererDir });
  port = Number(new URL(await web.listen(0)).port);
});
afterAll(async () => {
  await web.close();
  await app.close();
});

describe('the web mode server', () => {
  it('refuses a call without the token, or with a wrong one', async () => {
    expect((await call('instances:list', {}, {})).status).toBe(401);
    expect((await call('instances:list', {}, { 'x-jampr-token': 'guess' })).status).toBe(401);
    expect((await send('GET', '/api/events')).status).toBe(401);
  });

  it('refuses a request whose Host header is not a loopback name, even with the token', async () => {
    const reply = await call('instances:list', {}, { 'x-jampr-token': TOKEN, host: `evil.example:${port}` });
    expect(reply.status).toBe(403);
    expect(reply.body).toMatch(/127\.0\.0\.1 or localhost/);
  });

  it('refuses a call from a foreign origin, even with the token', async () => {
    expect((await call('instances:list', {}, { 'x-jampr-token': TOKEN, origin: 'https://evil.example' })).status).toBe(403);
    expect((await call('instances:list', {}, { 'x-jampr-token': TOKEN, origin: `http://127.0.0.1:${port}` })).status).toBe(200);
  });

  it('serves calls with the token, errors as data, and sends a tw1 variant as plain JSON', async () => {
    const saved = JSON.parse((await call('instances:save', { instance: tinyInstance() })).body) as CallResult<{ id: number }>;
    if (!saved.ok) throw new Error(saved.error.message);
    const planned = await call('plans:create', { instanceId: saved.value.id, variant: { name: 'tw1' }, method: 'random', samples: 10 });
    expect(planned.status).toBe(200);
    const plan = JSON.parse(planned.body) as CallResult<StoredPlan>;
    expect(plan.ok && plan.value.variant).toEqual({ name: 'tw1', alpha: 1, penalty: 'linear' });
    const missing = await call('plans:get', { id: 424242 });
    expect(missing.status).toBe(400);
    expect(JSON.parse(missing.body)).toMatchObject({ ok: false, error: { kind: 'input' } });
    const unreadable = await send(
      'POST',
      '/api/instances:list',
      { 'x-jampr-token': TOKEN, 'content-type': 'application/json' },
      '{not json',
    );
    expect(unreadable.status).toBe(400);
    expect(JSON.parse(unreadable.body)).toMatchObject({ ok: false, error: { kind: 'input', message: /unreadable request body/ } });
  });

  it('answers every API request in JSON with a status that says why it was refused', async () => {
    const unknown = await call('plans:crate', {});
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body)).toMatchObject({
      ok: false,
      error: { kind: 'input', message: /unknown call plans:crate: the calls are .*plans:create/ },
    });
    const noToken = await call('instances:list', {}, {});
    expect(noToken.status).toBe(401);
    expect(JSON.parse(noToken.body)).toMatchObject({ ok: false, error: { message: /access token/ } });
    const get = await send('GET', '/api/instances:list', { 'x-jampr-token': TOKEN });
    expect([get.status, get.headers.allow]).toEqual([405, 'POST']);
    expect(JSON.parse(get.body)).toMatchObject({ ok: false, error: { message: /POST/ } });
    const foreign = await call('instances:list', {}, { 'x-jampr-token': TOKEN, origin: 'https://evil.example' });
    expect(JSON.parse(foreign.body)).toMatchObject({ ok: false, error: { message: /cross-origin/ } });
  });

  it('streams events to a client that passes the token in the query', async () => {
    const received = await new Promise<string>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: `/api/events?token=${TOKEN}` }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', async (chunk: string) => {
          text += chunk;
          if (chunk.startsWith('retry')) {
            const list = JSON.parse((await call('instances:list', {})).body) as CallResult<Array<{ id: number }>>;
            if (list.ok)
              await call('plans:create', { instanceId: list.value[0].id, variant: { name: 'tw3' }, method: 'random', samples: 5 });
          }
          if (text.includes('event: plan:progress')) {
            req.destroy();
            resolve(text);
          }
        });
      });
      req.on('error', reject);
      req.end();
    });
    expect(received).toMatch(/event: plan:progress\ndata: \{"fraction":/);
  });

  it('serves the renderer without a cookie or the token in it, under a Content-Security-Policy', async () => {
    const page = await send('GET', `/?token=${TOKEN}`);
    expect(page.status).toBe(200);
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(page.body).not.toContain(TOKEN);
    expect(page.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    // The page's code holds no data: it loads without the token; the calls it makes need it.
    expect((await send('GET', '/assets/app.js')).body).toBe('console.log(1)');
    expect((await call('instances:list', {}, { cookie: `jampr_token_${port}=${TOKEN}` })).status).toBe(401);
    expect((await send('GET', '/..%2Fsecret.txt')).status).toBe(404);
  });

  it('answers a malformed %-escape in the address with 400, not an internal error', async () => {
    const reply = await send('GET', '/%E0%A4%A');
    expect(reply.status).toBe(400);
    expect(reply.body).toMatch(/malformed URL/);
    expect((await send('POST', '/api/%zz', { 'x-jampr-token': TOKEN })).status).toBe(400);
  });

  it('refuses a body that is not declared JSON in UTF-8 with 415 and stores nothing', async () => {
    const count = async () => (JSON.parse((await call('instances:list', {})).body) as { value: unknown[] }).value.length;
    const stored = await count();
    const save = (headers: Record<string, string>, body: Buffer | string) =>
      send('POST', '/api/instances:save', { 'x-jampr-token': TOKEN, ...headers }, body);
    // Latin-1 bytes of "Café Müller": read as UTF-8 they would be stored garbled.
    const latin1 = Buffer.from(JSON.stringify({ instance: tinyInstance('Café Müller') }), 'latin1');
    const refusals = [
      [{ 'content-type': 'application/json; charset=iso-8859-1' }, /declared in iso-8859-1 charset, and the API reads JSON in UTF-8 only/],
      [{ 'content-type': 'text/plain' }, /the request body is text\/plain, not JSON: send it as application\/json/],
      [{ 'content-type': 'application/x-www-form-urlencoded' }, /x-www-form-urlencoded, not JSON/],
      [{}, /the request body has no Content-Type: send it as application\/json/],
    ] as const;
    for (const [headers, message] of refusals) {
      const reply = await save(headers, latin1);
      expect(reply.status, JSON.stringify(headers)).toBe(415);
      expect(JSON.parse(reply.body)).toMatchObject({ ok: false, error: { kind: 'input', message } });
    }
    expect(await count()).toBe(stored);
    // JSON in UTF-8, however the charset is written, and a call without a body, are read as before.
    const utf8 = Buffer.from(JSON.stringify({ instance: tinyInstance('Café Müller') }), 'utf8');
    const saved = await save({ 'content-type': 'application/json; charset="UTF-8"' }, utf8);
    expect(JSON.parse(saved.body)).toMatchObject({ ok: true, value: { instance: { name: 'Café Müller' } } });
    expect((await send('POST', '/api/instances:list', { 'x-jampr-token': TOKEN })).status).toBe(200);
  });

  it('refuses a body declared UTF-8 whose bytes are not (Latin-1 sent as JSON) with 400 and stores nothing', async () => {
    const count = async () => (JSON.parse((await call('instances:list', {})).body) as { value: unknown[] }).value.length;
    const stored = await count();
    const latin1 = Buffer.from(JSON.stringify({ instance: tinyInstance('Bäckerei') }), 'latin1');
    for (const contentType of ['application/json', 'application/json; charset=utf-8']) {
      const reply = await send('POST', '/api/instances:save', { 'x-jampr-token': TOKEN, 'content-type': contentType }, latin1);
      expect(reply.status, contentType).toBe(400);
      expect(JSON.parse(reply.body)).toMatchObject({
        ok: false,
        error: { kind: 'input', message: expect.stringMatching(/not valid UTF-8.*send the JSON encoded as UTF-8/) },
      });
    }
    expect(await count()).toBe(stored);
  });
});
