/**
 * The web mode stopped by SIGTERM during a training run, as a service manager or `kill` stops it: it says at once what
 * becomes of the run, stops it as promptly as Cancel (its model is not judged on the held-out days after the signal),
 * records it, lets go of the database and exits; started again at once on the same file, it shows the run as stopped.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
      `^stopping: training run ${started.id} \\(stopped-run\\): the model trained so far is kept as stopped-run \\(the step under way is finished and saved first\\), not judged and not activated$`,
      'm',
    ),
  );

  // Started again at once on the same file: not refused as in use, and the run reads as the app's stop left it.
  const again = await startWeb(db);
  try {
    const run = await again.call<TrainingRun>('training:status', { id: started.id });
    expect(run).toMatchObject({
      status: 'failed',
      error: 'interrupted: the app stopped during training; its last checkpoint is kept as the model stopped-run',
      keptModel: 'stopped-run',
      verdict:
        'stopped-run was not activated: the app stopped before it was judged, so it was not compared with jampr-tw1-n20 on its 1 held-out day. It can be activated under Models.',
    });
  } finally {
    again.child.kill('SIGTERM');
    await again.exited;
  }
}, 120_000);
