import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeInstanceJson } from '../../src/main/vrp/io/json.js';
import { createRng } from '../../src/main/vrp/rng.js';
import { saveTinyModel, tinyInstance } from '../unit/jampr/fixtures.js';
import { type CliFailure, cliWorkDir, jamprIn, jamprWithEnv } from './fixtures/cli.js';

/** A folder with a tiny tw1 N=6 model and `count` days of 6 customers named day-1, day-2, … in days.jsonl. */
async function retrainingFolder(count: number) {
  const dir = await cliWorkDir();
  const from = await saveTinyModel(dir, 'jampr', 'tw1', 6);
  const rng = createRng(4);
  const days = Array.from({ length: count }, (_, i) => ({ ...tinyInstance(6, rng), name: `day-${i + 1}` }));
  await writeFile(join(dir, 'days.jsonl'), days.map((d) => writeInstanceJson(d)).join('\n'));
  return { dir, from };
}

const train = (dir: string, ...args: string[]) =>
  jamprIn(dir, 'train', '--size', '6', '--minutes', '0.5', '--threads', '1', '--instances', 'days.jsonl', ...args);

describe('jampr train on days of --instances', () => {
  // The two trainings below each take their half minute of the clock on one thread (--threads 1): run side by side
  // (each its own process), they take one half minute of the suite rather than two. Their checks read no step count.
  it.concurrent('holds out the last days, as the Training tab holds out the days stored last, and judges the model on them against the one it started from', async ({
    expect,
  }) => {
    const { dir, from } = await retrainingFolder(6);
    const { stdout, stderr } = await train(dir, '--from', from, '--out', 'mine');
    const result = JSON.parse(stdout);
    // Six days: the last three are held out (shared/holdout.ts), the model learns from the first three.
    expect(result).toMatchObject({ heldOut: ['day-4', 'day-5', 'day-6'], compared: from, comparison: { days: 3 } });
    // What it said of its minutes before it started (shared/training-time.ts): days of 6 stops fit in half a minute.
    expect(result.estimate).toEqual({ shortestMinutes: 0.5, expectedSec: 30, short: false });
    expect(stderr).not.toMatch(/^jampr: warning:/m);
    expect(result.comparison.currentCosts).toHaveLength(3);
    expect(Math.min(...result.comparison.currentCosts)).toBeGreaterThan(0);
    const card = JSON.parse(await readFile(join(dir, 'mine', 'card.json'), 'utf8'));
    expect(card.instanceSource).toMatch(/; then 3 stored instance\(s\), perturbed/);
    // A run to its end: its validation cost at its start and end are the card's first and last.
    expect(result).toMatchObject({ cancelled: false });
    expect(result.validation).toEqual({ start: card.validation.curve[0].cost, end: card.validation.curve.at(-1).cost });
    // The verdict in the app's figures, whichever way it went.
    expect(stderr).toMatch(
      /^jampr: mine is (not )?better than jampr-tw1-n6: mean cost of its greedy plans of 3 held-out days \(“day-4”, “day-5”, “day-6”\) [\d,.]+ against [\d,.]+ for jampr-tw1-n6, day by day [^;]+ \(the geometric mean of the per-day cost ratios, which judges it\); /m,
    );
    expect(typeof result.better).toBe('boolean');
  }, 120_000);

  it.concurrent('without --from, compares each held-out day with the model jampr plans that day with, as the app does', async ({
    expect,
  }) => {
    const dir = await cliWorkDir();
    const models = join(dir, 'models');
    const n6 = await saveTinyModel(models, 'jampr', 'tw1', 6);
    const n20 = await saveTinyModel(models, 'jampr', 'tw1', 20);
    const rng = createRng(5);
    // The last three days are held out: two of 6 customers (planned by the N=6 model) and one of 18 (by the N=20 one).
    const days = [6, 6, 6, 6, 6, 18].map((n, i) => ({ ...tinyInstance(n, rng), name: `day-${i + 1}` }));
    await writeFile(join(dir, 'days.jsonl'), days.map((d) => writeInstanceJson(d)).join('\n'));
    const run = await jamprWithEnv(
      dir,
      { JAMPR_MODELS_DIR: models },
      ...['train', '--size', '6', '--minutes', '0.5', '--threads', '1', '--instances', 'days.jsonl', '--out', 'mine'],
    );
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result).toMatchObject({ heldOut: ['day-4', 'day-5', 'day-6'], compared: null, comparedByDay: [n6, n6, n20] });
    expect(result.comparison.currentCosts).toHaveLength(3);
    expect(run.stderr).toMatch(
      /^jampr: mine is (not )?better than jampr-tw1-n6 on 2 days, jampr-tw1-n20 on 1, each day with the model that plans it today: /m,
    );
  }, 120_000);

  it('refuses an --out in the folder jampr plan takes its models from unasked, where a model of the policy plans, before any work', async () => {
    const { dir } = await retrainingFolder(2);
    // The folder holding the tiny tw1 model is the models folder: jampr plan would take a model written there unasked.
    const env = { ...process.env, JAMPR_MODELS_DIR: dir };
    const args = ['train', '--size', '6', '--minutes', '0.5', '--instances', 'days.jsonl', '--out', 'mine'];
    const failure = await new Promise<CliFailure>((done) =>
      execFile(process.execPath, [resolve('bin/jampr.mjs'), ...args], { cwd: dir, env, encoding: 'utf8' }, (err, stdout, stderr) =>
        done({ code: err ? Number(err.code) : 0, stdout, stderr }),
      ),
    );
    expect(failure).toMatchObject({ code: 1, stdout: '' });
    expect(failure.stderr).toMatch(
      /^jampr: cannot write into mine: jampr plan takes its tw1 model unasked from .* \(jampr-tw1-n6\), so this model would plan there before it is judged, and even where it is not better; write it elsewhere/,
    );
    expect(existsSync(join(dir, 'mine'))).toBe(false);
  });
});
