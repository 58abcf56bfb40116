/**
 * The web mode stopped by SIGTERM during a training run, as a service manager or `kill` stops it: it says at once what
 * becomes of the run, stops it as promptly as Cancel (its model is not judged on the held-out days after the signal),
 * records it, lets go of the database and exits; started again at once on the same file, it shows the run as stopped.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import type { TrainingRun } from '../../src/shared/api.js';
import { FIRST_STEP_PHASE } from '../../src/main/jampr/train/phases.js';
import { generateInstance } from '../../src/main/vrp/generate.js';
import { createRng } from '../../src/main/vrp/rng.js';

interface Web {
  child: ChildProcess;
  call: <T>(name: string, body: object) => Promise<T>;
  stderr: () => string;
  exited: Promise<number | null>;
}

/** The web mode on `db`, once it printed its link; a start that exits first fails the test with what it said. */
function startWeb(db: string): Promise<Web> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/web.ts', '--db', db], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk;
      const link = /web mode: (\S+)/.exec(out)?.[1];
      if (!link) return;
      const { origin, searchParams } = new URL(link);
      const call = async <T>(name: string, body: object): Promise<T> => {
        const answer = await fetch(`${origin}/api/${name}`, {
          method: 'POST',
          headers: { 'x-jampr-token': searchParams.get('token') ?? '', 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        const text = await answer.text();
        if (answer.status !== 200) throw new Error(`${name}: ${answer.status} ${text}`);
        return (JSON.parse(text) as { value: T }).value;
      };
      resolve({ child, call, stderr: () => err, exited });
    });
    void exited.then((code) => reject(new Error(`the web mode exited with ${code} before printing its link: ${out}${err}`)));
  });
}

it('stops a training run on SIGTERM at once, in words, records it as stopped by the app and frees the database', async () => {
  const db = join(mkdtempSync(join(tmpdir(), 'jampr-web-')), 'app.sqlite');
  const web = await startWeb(db);
  // Two days of five customers: the last is held out, so a run that ends by itself is judged on it.
  const ids: number[] = [];
  for (let d = 0; d < 2; d++)
    ids.push((await web.call<{ id: number }>('instances:save', { instance: generateInstance(5, createRng(d + 1), `day ${d}`) })).id);
  const started = await web.call<TrainingRun>('training:start', {
    variant: 'tw1',
    size: 5,
    instanceIds: ids,
    minutes: 2,
    fromScratch: true,
    name: 'stopped-run',
  });
  // Until it takes its first training step: from then on a stop keeps its model (phases.ts).
  for (;;) {
    const run = await web.call<TrainingRun>('training:status', { id: started.id });
    expect(run.status).toBe('running');
    if (run.phase === FIRST_STEP_PHASE || run.points.some((p) => p.meanCost !== null)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const asked = performance.now();
  web.child.kill('SIGTERM');
  expect(await web.exited).toBe(0);
  // The step under way, the checkpoint and the worker's end: seconds, however loaded the machine (two cores, busy). Not
  // judged after the signal: the run's verdict below says so (judging a day of a hundred customers takes many more).
  expect(performance.now() - asked).toBeLessThan(30_000);
  expect(web.stderr()).toMatch(
    new RegExp(
      `^stopping: training run ${started.id} \\(stopped-run\\): the model trained so far is kept as stopped-run \\(the step under way is finished and saved first\\), not judged and not activated \\(SIGTERM again to quit at once\\)$`,
      'm',
    ),
  );

  // Started again at once on the same file: not refused as in use, and the run reads as the app's stop left it.
  const again = await startWeb(db);
  try {
    const run = await again.call<TrainingRun>('training:status', { id: started.id });
    // Stopped, not failed: the Training tab reads "stopped when the app closed", and the verdict names the model kept.
    expect(run).toMatchObject({
      status: 'stopped',
      error: null,
      keptModel: 'stopped-run',
      modelId: expect.any(Number),
      verdict:
        'stopped-run was not activated: the app stopped before it was judged, so it was not compared with jampr-tw1-n20 on its 1 held-out day. It can be activated under Models.',
    });
  } finally {
    again.child.kill('SIGTERM');
    await again.exited;
  }
}, 120_000);

/** Saves `sizes` days (the last held out) and starts a run on them from scratch; resolves once it takes its first step. */
async function trainUntilFirstStep(web: Web, name: string, sizes: number[]): Promise<TrainingRun> {
  const ids: number[] = [];
  for (const [d, size] of sizes.entries())
    ids.push((await web.call<{ id: number }>('instances:save', { instance: generateInstance(size, createRng(d + 1), `day ${d}`) })).id);
  const started = await web.call<TrainingRun>('training:start', {
    variant: 'tw1',
    size: 5,
    instanceIds: ids,
    minutes: 2,
    fromScratch: true,
    name,
  });
  await untilStatus(web, started.id, (run) => run.phase === FIRST_STEP_PHASE || run.points.some((p) => p.meanCost !== null));
  return started;
}

/** Polls the run until `done` holds of it. */
async function untilStatus(web: Web, id: number, done: (run: TrainingRun) => boolean): Promise<TrainingRun> {
  for (;;) {
    const run = await web.call<TrainingRun>('training:status', { id });
    if (done(run)) return run;
    await new Promise((r) => setTimeout(r, 50));
  }
}

it('quits at once on a second Ctrl-C while it stops, saying so, with a status of 130 and the database whole', async () => {
  const db = join(mkdtempSync(join(tmpdir(), 'jampr-web-')), 'app.sqlite');
  const web = await startWeb(db);
  // Days of 30 customers: the step under way, which the first Ctrl-C waits for, takes longer than the second one takes to come.
  const started = await trainUntilFirstStep(web, 'quit-run', [30, 30]);
  web.child.kill('SIGINT');
  await expect.poll(web.stderr, { timeout: 10_000 }).toMatch(/^stopping: training run \d+ .*\(Ctrl-C again to quit at once\)$/m);
  web.child.kill('SIGINT');
  expect(await web.exited).toBe(130);
  expect(web.stderr()).toMatch(
    /^stopped at once by a second SIGINT: the database is closed; a training run under way keeps its last complete checkpoint and is recorded as interrupted at the next start$/m,
  );
  // Closed, not cut off: SQLite finds the file whole, its log folded in.
  const raw = new Database(db, { readonly: true });
  expect(raw.pragma('integrity_check', { simple: true })).toBe('ok');
  raw.close();

  // The next start records the run it left as interrupted (not stopped in order: it was not waited for).
  const again = await startWeb(db);
  try {
    const run = await again.call<TrainingRun>('training:status', { id: started.id });
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/^interrupted: the app stopped during training/);
  } finally {
    again.child.kill('SIGTERM');
    await again.exited;
  }
}, 120_000);

it('stops the judging of a cancelled run on SIGTERM: the stop wins, the run stays cancelled, its model kept unjudged', async () => {
  const db = join(mkdtempSync(join(tmpdir(), 'jampr-web-')), 'app.sqlite');
  const web = await startWeb(db);
  // The held-out day has 150 customers: judging the model on it (both models plan it) takes many seconds.
  const started = await trainUntilFirstStep(web, 'judged-run', [5, 150]);
  const cancelled = web.call<TrainingRun>('training:cancel', { id: started.id }).catch(() => null);
  await untilStatus(web, started.id, (run) => run.phase?.startsWith('comparing') ?? false);
  web.child.kill('SIGTERM');
  expect(await web.exited).toBe(0);
  expect(web.stderr()).toMatch(
    new RegExp(
      `^stopping: training run ${started.id} \\(judged-run\\): it was cancelled and its model is being judged: the judging stops, the model is kept as judged-run, not judged and not activated \\(SIGTERM again to quit at once\\)$`,
      'm',
    ),
  );
  await cancelled;

  const again = await startWeb(db);
  try {
    const run = await again.call<TrainingRun>('training:status', { id: started.id });
    expect(run).toMatchObject({
      status: 'cancelled',
      error: null,
      keptModel: 'judged-run',
      verdict: expect.stringMatching(/^judged-run was not activated: the app stopped before it was judged, so it was not compared with /),
    });
  } finally {
    again.child.kill('SIGTERM');
    await again.exited;
  }
}, 180_000);
