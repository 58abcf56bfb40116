import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebServer } from '../../src/main/http.js';
import { MAX_BODY_BYTES } from '../../src/main/http/body.js';
import { createEventHub, MAX_EVENT_STREAMS } from '../../src/main/http/events.js';
import { generateInstance } from '../../src/main/vrp/generate.js';
import { createRng } from '../../src/main/vrp/rng.js';
import { createTestApp, type TestApp } from './fixtures/services.js';

const TOKEN = 'limits-token-0123456789';
let app: TestApp;
let web: ReturnType<typeof createWebServer>;
let port: number;

beforeAll(async () => {
  app = createTestApp();
  web = createWebServer({ services: app.services, hub: createEventHub(), token: TOKEN, rendererDir: null });
  port = Number(new URL(await web.listen(0)).port);
});
afterAll(() => app.close());

/** Sends the head of a request and only `sent` bytes of its body; resolves with the status line it gets back. */
function statusFor(headers: string[], sent: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        [...headers, `Host: 127.0.0.1:${port}`, `X-Jampr-Token: ${TOKEN}`, 'Content-Type: application/json', '', sent].join('\r\n'),
      );
    });
    let reply = '';
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.includes('\r\n')) resolve(reply.split('\r\n')[0]);
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(reply.split('\r\n')[0]));
  });
}

const progressed = (jobId: string) =>
  app.events.some((e) => e.event === 'plan:progress' && (e.payload as { jobId?: string }).jobId === jobId);

describe('the web mode server under load and abuse', () => {
  it('refuses an announced oversized body with 413 before reading it', async () => {
    const status = await statusFor(['POST /api/instances:list HTTP/1.1', `Content-Length: ${MAX_BODY_BYTES + 1}`], '{"a":');
    expect(status).toBe('HTTP/1.1 413 Payload Too Large');
  });

  it('refuses an oversized body sent without a length with 413', async () => {
    const chunk = 'x'.repeat(1024 * 1024);
    const body = Array.from({ length: MAX_BODY_BYTES / chunk.length + 1 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`).join('');
    const status = await statusFor(['POST /api/instances:list HTTP/1.1', 'Transfer-Encoding: chunked'], body);
    expect(status).toBe('HTTP/1.1 413 Payload Too Large');
  });

  it('caps the open event streams', async () => {
    const open = await Promise.all(
      Array.from(
        { length: MAX_EVENT_STREAMS + 1 },
        () =>
          new Promise<{ status: number; close(): void }>((resolve, reject) => {
            const req = httpRequest({ host: '127.0.0.1', port, path: `/api/events?token=${TOKEN}` }, (res) =>
              resolve({ status: res.statusCode ?? 0, close: () => req.destroy() }),
            );
            req.on('error', reject);
            req.end();
          }),
      ),
    );
    const statuses = open.map((o) => o.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(MAX_EVENT_STREAMS);
    expect(statuses.filter((s) => s === 503)).toHaveLength(1);
    for (const o of open) o.close();
  });

  it('cancels a plan whose tab went away (its connection closed) and frees the worker for the next', async () => {
    const { id } = await app.call('instances:save', { instance: generateInstance(100, createRng(6), 'closed tab') });
    const post = (body: object) =>
      httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/plans:create',
        headers: { 'x-jampr-token': TOKEN, 'content-type': 'application/json' },
      }).end(JSON.stringify(body));
    const abandoned = post({ instanceId: id, variant: { name: 'tw3' }, method: 'classical', timeLimitSec: 60, jobId: 'tab-a' });
    abandoned.on('error', () => undefined);
    await expect.poll(() => progressed('tab-a'), { timeout: 20_000 }).toBe(true);
    const started = Date.now();
    abandoned.destroy();
    const next = await app.call('plans:create', { instanceId: id, variant: { name: 'tw3' }, method: 'classical', timeLimitSec: 0.2 });
    // Behind a plan of 60 s still running, the next one would wait for it.
    expect(Date.now() - started).toBeLessThan(15_000);
    expect((await app.call('plans:list', { instanceId: id })).map((p) => p.id)).toEqual([next.id]);
  });

  it('answers a call in progress when it shuts down with 503 (the server is stopping), instead of dropping the connection', async () => {
    const { id } = await app.call('instances:save', { instance: generateInstance(100, createRng(5), 'drain') });
    const reply = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/plans:create',
          headers: { 'x-jampr-token': TOKEN, 'content-type': 'application/json' },
        },
        (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ instanceId: id, variant: { name: 'tw3' }, method: 'classical', timeLimitSec: 60, jobId: 'drain' }));
    });
    await expect.poll(() => progressed('drain'), { timeout: 20_000 }).toBe(true);
    const closed = web.close();
    await app.services.shutdown();
    await closed;
    const { status, body } = await reply;
    // Nobody cancelled the plan: the server went away under it, and the same request may succeed once it runs again.
    expect(status).toBe(503);
    expect(JSON.parse(body)).toMatchObject({
      ok: false,
      error: { kind: 'unavailable', message: expect.stringMatching(/^the server is stopping/) },
    });
    expect((await app.call('plans:list', { instanceId: id })).length).toBe(0);
    // A plan asked for once it is stopping is refused the same way, and no worker is started again for it.
    const late = await app.fail('plans:create', { instanceId: id, variant: { name: 'tw3' }, method: 'classical', timeLimitSec: 0.2 });
    expect(late).toMatchObject({ kind: 'unavailable', message: expect.stringMatching(/^the server is stopping/) });
  });
});
