/**
 * A long history: the web mode on a dispatcher's database after about two years (bench/long-history-file.ts builds
 * it: 2,000 city days of 50 to 200 stops, about 20,000 plans, a few training runs). Measures the time from start to
 * the server's first answer, each call the page makes at start, when a day is opened, for the history's plan list,
 * the Training tab and the Compare tab, what a window reads of the history after a change (median of REPEAT, with the
 * answer's size), the server's memory, and the page
 * in Debian's chromium: until the history shows its days (drawn and painted) and scrolled to its last, a day opened, the
 * Training tab's day list shown and scrolled to its last, a stored comparison shown. Prints SQLite's query plans of the list queries. Needs `npm run build` first (the renderer).
 *   nice -n 5 npx tsx bench/long-history.ts [--days 2000] [--plans-per-day 10] [--db FILE] [--no-browser]
 * With --db FILE: builds the file there where it does not exist, else measures the file as it is (--days is then
 * ignored); without, in a temporary folder removed afterwards.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import { chromium } from 'playwright-core';
import { type BuiltHistory, buildLongHistory, HEAVY_DAY_PLANS } from './long-history-file.js';

const REPEAT = 5;
const BROWSER = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium';

const { values } = parseArgs({
  options: {
    days: { type: 'string', default: '2000' },
    'plans-per-day': { type: 'string', default: '10' },
    db: { type: 'string' },
    'no-browser': { type: 'boolean', default: false },
  },
});
const days = Number(values.days);
const plansPerDay = Number(values['plans-per-day']);
if (!Number.isInteger(days) || days < 100) throw new Error(`--days ${values.days}: give a whole number of days, 100 or more`);
if (!Number.isInteger(plansPerDay) || plansPerDay < 2) throw new Error(`--plans-per-day ${values['plans-per-day']}: 2 or more`);

const dir = values.db ? null : mkdtempSync(join(tmpdir(), 'jampr-long-'));
const dbPath = values.db ?? join(dir!, 'long.sqlite');

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const ms = (x: number) => `${x.toFixed(x < 10 ? 1 : 0)} ms`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The days the measurements open, read from the file (a file built before is measured as it is). */
function daysOf(path: string): Omit<BuiltHistory, 'buildSec'> {
  const db = new BetterSqlite3(path, { readonly: true });
  const one = (sql: string) => (db.prepare(sql).pluck().get() as number | undefined) ?? 0;
  const perDay = 'SELECT instance_id, count(*) AS n FROM plans GROUP BY instance_id';
  const found = {
    days: one('SELECT count(*) FROM instances'),
    plans: one('SELECT count(*) FROM plans'),
    typicalDay: one(`SELECT instance_id FROM (${perDay}) WHERE n = ${plansPerDay} LIMIT 1`),
    heavyDay: one(`SELECT instance_id FROM (${perDay}) ORDER BY n DESC LIMIT 1`),
    comparedDay: one('SELECT max(instance_id) FROM plans WHERE compared_with IS NOT NULL'),
    savedAfterDay: one(
      `SELECT i.id FROM instances i JOIN (${perDay}) c ON c.instance_id = i.id WHERE i.updated_at > i.created_at AND c.n >= ${plansPerDay} AND c.n < ${HEAVY_DAY_PLANS} LIMIT 1`,
    ),
  };
  db.close();
  return found;
}

/** SQLite's plan for each list query (a SCAN of plans where a SEARCH would do is the first thing to look for). */
function queryPlans(path: string): string[] {
  const db = new BetterSqlite3(path, { readonly: true });
  const lines: string[] = [];
  const explain = (label: string, sql: string, ...args: unknown[]) => {
    const rows = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[];
    lines.push(`${label}: ${rows.map((r) => r.detail).join(' | ')}`);
  };
  explain('plans of a day', 'SELECT id FROM plans WHERE instance_id = ? ORDER BY id DESC', 1);
  explain(
    'plan count per day',
    'SELECT i.id, (SELECT count(*) FROM plans p WHERE p.instance_id = i.id) FROM instances i ORDER BY i.updated_at DESC, i.id DESC',
  );
  explain('training runs', 'SELECT * FROM training_runs ORDER BY id DESC');
  db.close();
  return lines;
}

interface Server {
  child: ChildProcess;
  url: string;
  token: string;
  port: number;
  startMs: number;
}

/** The web mode as a dispatcher starts it; resolves once it printed its link and answered app:info. */
async function startServer(path: string): Promise<Server> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['bin/web.mjs', '--port', '0', '--db', path], { stdio: ['ignore', 'pipe', 'pipe'] });
  const link = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /web mode: (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.stderr!.on('data', (c: Buffer) => process.stderr.write(c));
    child.on('exit', (code) => reject(new Error(`the web mode exited (${code}) before it printed its link:\n${out}`)));
  });
  const url = new URL(link);
  const server = { child, url: link, token: url.searchParams.get('token')!, port: Number(url.port), startMs: 0 };
  await call(server, 'app:info', {});
  server.startMs = performance.now() - t0;
  return server;
}

async function call(server: Server, name: string, request: unknown): Promise<{ value: unknown; bytes: number }> {
  const res = await fetch(`http://127.0.0.1:${server.port}/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-jampr-token': server.token },
    body: JSON.stringify(request),
  });
  const text = await res.text();
  const answer = JSON.parse(text) as { ok: boolean; value?: unknown; error?: { message: string } };
  if (!answer.ok) throw new Error(`${name}: ${answer.error?.message}`);
  return { value: answer.value, bytes: Buffer.byteLength(text) };
}

/** VmRSS and VmHWM (the peak) of a process, from /proc. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

async function timeCalls(server: Server, found: Omit<BuiltHistory, 'buildSec'>): Promise<string[]> {
  const rows: string[] = [];
  const latestOf = async (instanceId: number) => {
    const { value } = await call(server, 'plans:list', { instanceId });
    return (value as { id: number }[])[0].id;
  };
  const timed = async (label: string, name: string, request: unknown) => {
    const times: number[] = [];
    let bytes = 0;
    for (let k = 0; k < REPEAT; k++) {
      const t = performance.now();
      ({ bytes } = await call(server, name, request));
      times.push(performance.now() - t);
    }
    const size = bytes < 10_240 ? `${bytes} B` : `${(bytes / 1024).toFixed(0)} KiB`;
    rows.push(`| ${label} | \`${name}\` | ${ms(median(times))} | ${ms(Math.max(...times))} | ${size} |`);
  };
  rows.push('| what | call | median | max | answer |', '|---|---|---|---|---|');
  for (const name of ['app:info', 'instances:list', 'models:list', 'training:list']) await timed('start', name, {});
  const open = async (label: string, instanceId: number) => {
    await timed(`open ${label}`, 'instances:get', { id: instanceId });
    await timed(`open ${label}`, 'plans:list', { instanceId });
    await timed(`open ${label}`, 'plans:get', { id: await latestOf(instanceId) });
  };
  await open(`a day of ${plansPerDay} plans`, found.typicalDay);
  await open(`the day of ${HEAVY_DAY_PLANS} plans`, found.heavyDay);
  if (found.savedAfterDay) await open('a day saved after it was planned', found.savedAfterDay);
  await timed('Compare tab, a compared day', 'compare:latest', { instanceId: found.comparedDay });
  // What each window reads of the history after a change (a day saved again as it is: only its updatedAt moves): the
  // whole list (as every window did before), or the days changed since the change it was at.
  const { seq } = (await call(server, 'instances:changes', {})).value as { seq: number };
  const day = (await call(server, 'instances:get', { id: found.typicalDay })).value as { instance: unknown; updatedAt: string };
  await call(server, 'instances:save', { id: found.typicalDay, basedOn: day.updatedAt, instance: day.instance });
  await timed('after a day saved, each window: the whole history', 'instances:list', {});
  await timed('after a day saved, each window: the days changed', 'instances:changes', { since: seq });
  return rows;
}

/** A scrolling box in the page, as the steps scroll it (the bench is compiled without the DOM's types). */
interface Box {
  scrollHeight: number;
  clientHeight: number;
  scrollTo(x: number, y: number): void;
  scrollBy(x: number, y: number): void;
}

/** The page in chromium: every step from a fresh profile, as a dispatcher opens the link. */
async function timePage(server: Server, found: Omit<BuiltHistory, 'buildSec'>): Promise<string[]> {
  const browser = await chromium.launch({ executablePath: BROWSER, args: ['--no-sandbox', '--disable-gpu'] });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const byTest = (id: string) => page.getByTestId(id);
  // The days in the order both lists show them (the history's, the Training tab's).
  const order = ((await call(server, 'instances:list', {})).value as { id: number }[]).map((d) => d.id);
  const last = order[order.length - 1];
  const rows: string[] = [];
  // The page's main thread, as Chrome counts it: the time its tasks ran, laying out and styling included, and the
  // DOM nodes (those not yet collected included). Less moved by the machine's load than the wall-clock time, which waits on the server too.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const metrics = async () => {
    const all = new Map((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
    const layout = (all.get('LayoutDuration') ?? 0) + (all.get('RecalcStyleDuration') ?? 0);
    return { task: all.get('TaskDuration') ?? 0, layout, nodes: all.get('Nodes') ?? 0 };
  };
  // Counted from the step's start; a page opened anew counts from zero (its own renderer).
  const since = (a: number, b: number) => `${ms(1000 * (b >= a ? b - a : b))}`;
  // An action may time itself (from the click, past its own set-up calls) by returning its milliseconds.
  const step = async (label: string, action: () => Promise<unknown>) => {
    const [was, t] = [await metrics(), performance.now()];
    const own = await action();
    const wall = typeof own === 'number' ? own : performance.now() - t;
    const now = await metrics();
    rows.push(
      `| ${label} | ${ms(wall)} | ${since(was.task, now.task)} | ${since(was.layout, now.layout)} | ${now.nodes.toLocaleString('en-US')} |`,
    );
  };
  // Resolves once the page drew a frame after now: what a step changed is laid out and painted, not only in the DOM.
  const painted = () => page.evaluate('new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)))');
  // Scrolls a list to its end until its last day is drawn (a list that draws only the rows in view learns its height
  // as it measures them, so its end may move while it is scrolled to).
  const scrollToEnd = async (list: string, item: string) => {
    for (let k = 0; k < 100 && (await page.locator(item).count()) === 0; k++) {
      await page.locator(list).evaluate((el) => (el as unknown as Box).scrollTo(0, (el as unknown as Box).scrollHeight));
      await painted();
    }
    await page.locator(item).scrollIntoViewIfNeeded();
    await painted();
  };
  // Brings a day's entry into the history (untimed): a list that draws only the rows in view has it drawn first.
  const reveal = async (id: number) => {
    const list = page.locator('.history-list');
    const entry = byTest(`history-instance-${id}`);
    const at = order.indexOf(id);
    if ((await entry.count()) === 0)
      await list.evaluate((el, f) => (el as unknown as Box).scrollTo(0, f * (el as unknown as Box).scrollHeight), at / order.length);
    for (let k = 0; k < 400 && (await entry.count()) === 0; k++) {
      const drawn = Number(await list.locator('[data-index]').first().getAttribute('data-index'));
      await list.evaluate(
        (el, down) => (el as unknown as Box).scrollBy(0, (down ? 1 : -1) * (el as unknown as Box).clientHeight),
        drawn < at,
      );
      await painted();
    }
    await entry.scrollIntoViewIfNeeded();
  };
  rows.push('| page step | time | main thread busy | of it layout and style | DOM nodes |', '|---|---|---|---|---|');
  await step(`link opened until the history shows its days (${found.days.toLocaleString('en-US')}), painted`, async () => {
    await page.goto(server.url);
    await page.locator('[data-testid="history"][data-loaded="true"]').waitFor({ timeout: 120_000 });
    await page.locator('[data-testid^="history-instance-"]').first().waitFor({ timeout: 120_000 });
    await painted();
  });
  await step('history scrolled to its last day', () => scrollToEnd('.history-list', `[data-testid="history-instance-${last}"]`));
  const openDay = async (id: number) => {
    const latest = ((await call(server, 'plans:list', { instanceId: id })).value as { id: number }[])[0].id;
    await reveal(id);
    const t = performance.now();
    await page.getByTestId(`history-instance-${id}`).getByTestId('history-open').click();
    await page.locator(`[data-testid="plan-meta"][data-plan-id="${latest}"]`).waitFor({ timeout: 120_000 });
    return performance.now() - t;
  };
  await step(`a day of ${plansPerDay} plans opened (its latest plan shown)`, () => openDay(found.typicalDay));
  await step('Training tab: its day list shown, painted', async () => {
    await byTest('tab-training').click();
    await page.locator('[data-testid="train-instances"] input[type="checkbox"]').first().waitFor();
    await painted();
  });
  await step('Training tab: its day list scrolled to its last day', () =>
    scrollToEnd('[data-testid="train-instances"]', `[data-testid="train-instance-${last}"]`),
  );
  await byTest('tab-plan').click();
  await step('a compared day opened', () => openDay(found.comparedDay));
  await step('Compare tab: its stored comparison shown', async () => {
    await byTest('tab-compare').click();
    await byTest('compare-open-a').waitFor({ timeout: 120_000 });
  });
  await browser.close();
  return rows;
}

async function main() {
  console.log(`long history: ${dbPath}`);
  if (!existsSync(dbPath)) {
    const built = await buildLongHistory(dbPath, { days, plansPerDay, trainingRuns: 4, seed: 2026 }, console.log);
    console.log(`built ${built.days} days and ${built.plans} plans in ${built.buildSec.toFixed(0)} s`);
  }
  const found = daysOf(dbPath);
  console.log(`file: ${mib(statSync(dbPath).size)}, ${found.days} days, ${found.plans} plans`);
  console.log(found);
  for (const line of queryPlans(dbPath)) console.log(`query plan: ${line}`);
  const server = await startServer(dbPath);
  try {
    console.log(`start to first answer: ${ms(server.startMs)}; server ${mib(memoryOf(server.child.pid!).rss)} RSS`);
    for (const row of await timeCalls(server, found)) console.log(row);
    const afterCalls = memoryOf(server.child.pid!);
    console.log(`server after the calls: ${mib(afterCalls.rss)} RSS, peak ${mib(afterCalls.peak)}`);
    if (!values['no-browser']) {
      for (const row of await timePage(server, found)) console.log(row);
      const afterPage = memoryOf(server.child.pid!);
      console.log(`server after the page: ${mib(afterPage.rss)} RSS, peak ${mib(afterPage.peak)}`);
    }
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
