/**
 * Reliability figures for bench/RESULTS.md, "Reliability": one run, three parts, on this machine's CPU.
 *  1. Abuse over HTTP: the web mode's server (real worker, temporary database) gets seeded random and mutated
 *     requests for every call, plus oversized bodies, bad paths and bad tokens. Each answer is a value, a clear
 *     refusal (4xx, or an error of a user-facing kind) or a crash (5xx or an internal error); no answer within
 *     30 s is a hang. Every acknowledged write is checked afterwards (data lost = acknowledged, not deleted, gone).
 *  2. kill -9: the web mode as a process, killed while writes are in flight, restarted, all acknowledged writes
 *     checked and the file's integrity verified, CYCLES times.
 *  3. Cancel latency: 20 classical plans queued (60 s limit each), one plans:cancel, time until all 20 answered.
 *   nice -n 5 npx tsx bench/reliability.ts
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { createWebServer } from '../src/main/http.js';
import { createEventHub } from '../src/main/http/events.js';
import { createServices } from '../src/main/services/registry.js';
import { openStore } from '../src/main/store/index.js';
import { generateInstance } from '../src/main/vrp/generate.js';
import { writeInstanceCsv } from '../src/main/vrp/io/csv-write.js';
import { createRng } from '../src/main/vrp/rng.js';
import { WorkerClient } from '../src/main/worker-client.js';
import { launchSourceWorker } from '../src/main/worker-source.js';
import { CALL_NAMES, type CallName } from '../src/shared/api.js';
import type { Instance } from '../src/shared/domain.js';

const TOKEN = 'reliability-token-0123456789';
const CASES = 2_000;
const CYCLES = 10;
const HANG_MS = 30_000;
const USER_FACING = new Set(['input', 'model', 'storage', 'cancelled', 'busy']);

const tiny = (name: string): Instance => ({
  name,
  depot: { id: 'D', x: 0, y: 0, ready: 0, due: 1000 },
  capacity: 30,
  vehicles: 3,
  customers: ['a', 'b', 'c', 'd', 'e'].map((id, i) => ({
    id,
    x: 10 * Math.cos(i),
    y: 10 * Math.sin(i),
    demand: 10,
    ready: 0,
    due: 500,
    service: 5,
  })),
});

interface Reply {
  status: number;
  body: string;
}
function send(
  port: number,
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
  token = TOKEN,
): Promise<Reply | 'hang'> {
  return new Promise((resolve) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method, path, headers: { 'x-jampr-token': token, 'content-type': 'application/json', ...headers } },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.setTimeout(HANG_MS, () => {
      req.destroy();
      resolve('hang');
    });
    req.on('error', (err) => resolve({ status: 0, body: err.message }));
    req.end(body);
  });
}

async function abuse() {
  const dir = mkdtempSync(join(tmpdir(), 'jampr-rel-'));
  const store = openStore(join(dir, 'rel.sqlite'));
  const jobs = new WorkerClient(launchSourceWorker);
  const hub = createEventHub();
  const services = createServices({
    store,
    jobs,
    emit: hub.emit,
    app: { version: 'bench', transport: 'http' },
    modelsDir: join(dir, 'models'),
  });
  const web = createWebServer({ services, hub, token: TOKEN, rendererDir: null });
  const port = Number(new URL(await web.listen(0)).port);
  const call = async (name: string, request: unknown) => send(port, 'POST', `/api/${encodeURIComponent(name)}`, JSON.stringify(request));

  const first = await call('instances:save', { instance: tiny('kept') });
  const instanceId = first !== 'hang' ? (JSON.parse(first.body) as { value: { id: number } }).value.id : 0;
  const valid: Record<string, unknown> = {
    'instances:get': { id: instanceId },
    'instances:save': { instance: tiny('fuzzed') },
    'instances:previewCsv': { fileName: 'f.csv', text: writeInstanceCsv(tiny('c')), capacity: 30 },
    'instances:importCsv': { fileName: 'f.csv', text: writeInstanceCsv(tiny('c')), capacity: 30 },
    'instances:exportCsv': { id: instanceId },
    'instances:delete': { id: instanceId + 1 },
    'plans:create': { instanceId, variant: { name: 'tw2' }, method: 'classical', timeLimitSec: 0.2 },
    'plans:list': { instanceId },
    'plans:check': {
      instanceId,
      variant: { name: 'tw1' },
      routes: [
        ['a', 'b'],
        ['c', 'd', 'e'],
      ],
    },
    'plans:saveEdited': { instanceId, variant: { name: 'tw3' }, routes: [['a', 'b', 'c', 'd', 'e']] },
    'compare:variants': { instanceId, a: { name: 'tw1' }, b: { name: 'tw3' }, method: 'random', samples: 5 },
    'models:import': { folder: join(dir, 'nowhere') },
    'training:status': { id: 1 },
  };
  const leaf = fc.oneof(
    fc.constantFrom(null, -1, 0, 1e308, '', '%zz', '../..', [], {}),
    fc.integer(),
    fc.double(),
    fc.string({ maxLength: 10 }),
  );
  const mutate = (value: unknown, path: number[], replacement: unknown): unknown => {
    if (path.length === 0 || value === null || typeof value !== 'object') return replacement;
    const entries = Object.entries(value as Record<string, unknown>);
    if (!entries.length) return replacement;
    const [key, child] = entries[path[0] % entries.length];
    return { ...(value as object), [key]: mutate(child, path.slice(1), replacement) };
  };
  const requestFor = (name: CallName) =>
    fc.oneof(
      fc.constant(valid[name] ?? {}),
      fc.tuple(fc.array(fc.nat(), { maxLength: 3 }), leaf).map(([p, r]) => mutate(valid[name] ?? {}, p, r)),
      fc.anything(),
    );
  const cases = fc.sample(
    fc.constantFrom(...CALL_NAMES).chain((name) => fc.tuple(fc.constant(name), requestFor(name))),
    { seed: 7, numRuns: CASES },
  );

  const tally = { tried: 0, values: 0, refusals: 0, crashes: 0, hangs: 0 };
  const acknowledged = new Map<number, string>();
  const deleted = new Set<number>();
  const count = (reply: Reply | 'hang', name?: string, request?: unknown) => {
    tally.tried++;
    if (reply === 'hang') return void tally.hangs++;
    if (reply.status >= 500 || reply.status === 0) return void tally.crashes++;
    if (reply.status >= 400) return void tally.refusals++;
    const result = JSON.parse(reply.body) as {
      ok: boolean;
      value?: { id?: number; deleted?: boolean; instance?: Instance };
      error?: { kind: string };
    };
    if (!result.ok) return void (USER_FACING.has(result.error!.kind) ? tally.refusals++ : tally.crashes++);
    tally.values++;
    if ((name === 'instances:save' || name === 'instances:importCsv') && result.value?.id)
      acknowledged.set(result.value.id, JSON.stringify(result.value.instance));
    if (name === 'instances:delete' && result.value?.deleted) deleted.add((request as { id: number }).id);
  };
  for (const [name, request] of cases) {
    const reply = call(name, request);
    const stopper = setTimeout(() => void call('plans:cancel', {}), 300);
    count(await reply, name, request);
    clearTimeout(stopper);
    if (name === 'training:start') await call('training:cancel', { id: 1 });
  }
  // Requests the API fuzzing cannot produce: bodies, paths and tokens.
  for (const [method, path, body, headers] of [
    ['POST', '/api/instances:list', 'x'.repeat(17 * 1024 * 1024), {}],
    ['POST', '/api/instances:list', '{"unterminated', {}],
    ['GET', '/%E0%A4%A', undefined, {}],
    ['GET', '/api/events', undefined, { 'x-jampr-token': 'wrong' }],
    ['POST', '/api/instances:list', '{}', { host: 'evil.example' }],
    ['POST', '/api/no:such', '{}', {}],
  ] as const) {
    count(await send(port, method, path, body, headers));
  }
  let lost = 0;
  for (const [id, text] of acknowledged) {
    if (deleted.has(id)) continue;
    const reply = await call('instances:get', { id });
    if (reply === 'hang' || JSON.stringify((JSON.parse(reply.body) as { value?: { instance: unknown } }).value?.instance) !== text) lost++;
  }
  const closed = web.close();
  await services.shutdown();
  await closed;
  store.close();
  rmSync(dir, { recursive: true, force: true });
  return { ...tally, acknowledgedWrites: acknowledged.size, dataLost: lost };
}

function startWeb(db: string): Promise<{ child: ChildProcess; port: number; token: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/web.ts', '--db', db], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c) => {
      out += c;
      const m = /http:\/\/127\.0\.0\.1:(\d+)\/\?token=(\S+)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]), token: m[2] });
    });
    child.on('exit', (code) => reject(new Error(`web mode exited with ${code}`)));
  });
}

async function killCycles() {
  const dir = mkdtempSync(join(tmpdir(), 'jampr-kill9-'));
  const db = join(dir, 'kill.sqlite');
  const acknowledged = new Map<number, string>();
  let survived = 0;
  let lost = 0;
  const rng = createRng(9);
  for (let cycle = 0; cycle < CYCLES; cycle++) {
    const { child, port, token } = await startWeb(db);
    let stop = false;
    const writer = (async () => {
      for (let n = 0; !stop; n++) {
        const instance = { ...generateInstance(50, createRng(cycle * 1000 + n), `c${cycle}-${n}`), vehicles: 10 };
        const reply = await send(port, 'POST', '/api/instances:save', JSON.stringify({ instance }), {}, token);
        if (reply === 'hang' || reply.status !== 200) return;
        const result = JSON.parse(reply.body) as { ok: boolean; value?: { id: number; instance: Instance } };
        if (result.ok && result.value) acknowledged.set(result.value.id, JSON.stringify(result.value.instance));
      }
    })();
    await new Promise((r) => setTimeout(r, 300 + 1200 * rng.next()));
    child.kill('SIGKILL');
    stop = true;
    await writer;
    await new Promise((r) => child.once('exit', r));
    const store = openStore(db);
    const intact = store.db.pragma('integrity_check', { simple: true }) === 'ok';
    let missing = 0;
    for (const [id, text] of acknowledged) if (JSON.stringify(store.instances.get(id)?.instance) !== text) missing++;
    store.close();
    lost += missing;
    if (intact && missing === 0) survived++;
  }
  rmSync(dir, { recursive: true, force: true });
  return { cycles: CYCLES, survived, acknowledgedWrites: acknowledged.size, dataLost: lost };
}

async function cancelLatency() {
  const dir = mkdtempSync(join(tmpdir(), 'jampr-cancel-'));
  const store = openStore(join(dir, 'c.sqlite'));
  const progress: number[] = [];
  const services = createServices({
    store,
    jobs: new WorkerClient(launchSourceWorker),
    emit: (event) => event === 'plan:progress' && progress.push(performance.now()),
    app: { version: 'bench', transport: 'ipc' },
    modelsDir: join(dir, 'models'),
  });
  const saved = await services.handlers['instances:save']({ instance: { ...generateInstance(200, createRng(2), 'queue'), vehicles: 20 } });
  const instanceId = saved.ok ? saved.value.id : 0;
  const latencies: number[] = [];
  for (let round = 0; round < 5; round++) {
    progress.length = 0;
    const plans = Array.from({ length: 20 }, () =>
      services.handlers['plans:create']({ instanceId, variant: { name: 'tw3' }, method: 'classical', timeLimitSec: 60 }).then(() =>
        performance.now(),
      ),
    );
    while (progress.length === 0) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 500));
    const cancelled = performance.now();
    await services.handlers['plans:cancel']({});
    const ends = await Promise.all(plans);
    latencies.push(Math.max(...ends) - cancelled);
  }
  await services.shutdown();
  store.close();
  rmSync(dir, { recursive: true, force: true });
  const sorted = [...latencies].sort((a, b) => a - b);
  return { rounds: latencies.length, queued: 20, medianMs: Math.round(sorted[2]), maxMs: Math.round(sorted[4]) };
}

console.log(JSON.stringify({ abuse: await abuse() }));
console.log(JSON.stringify({ kill9: await killCycles() }));
console.log(JSON.stringify({ cancel: await cancelLatency() }));
process.exit(0);
