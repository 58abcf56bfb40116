/**
 * A models folder given to a benchmark that is missing or holds no model is refused before any work, naming it, with
 * exit code 1 (docs/limits.md): `jampr bench --speed --model`, `jampr bench` with $JAMPR_MODELS_DIR, and the
 * benchmark script's `--models` (bench/real-days.ts). Real processes on real folders.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CliFailure, cliWorkDir, jamprWithEnv } from './fixtures/cli.js';

/** bench/real-days.ts run as the benchmarks are (`npx tsx bench/real-days.ts`): its exit code and both streams. */
const realDays = (...args: string[]): Promise<CliFailure> =>
  new Promise((done) =>
    execFile(process.execPath, ['--import', 'tsx', 'bench/real-days.ts', ...args], { encoding: 'utf8' }, (err, stdout, stderr) =>
      done({ code: err ? Number(err.code) : 0, stdout, stderr }),
    ),
  );

/** A folder that does not exist, one with no model in it (a folder without a card.json), and a file. */
async function notModelFolders(dir: string) {
  const missing = join(dir, 'no-such-models');
  const empty = join(dir, 'empty-models');
  await mkdir(join(empty, 'not-a-model'), { recursive: true });
  const file = join(dir, 'models.txt');
  await writeFile(file, 'not a folder');
  return { missing, empty, file };
}

describe('a benchmark given a models folder that holds no model', () => {
  it('jampr bench --speed refuses a --model folder that does not exist before its first figure', async () => {
    const dir = await cliWorkDir();
    const { missing } = await notModelFolders(dir);
    const failure = await jamprWithEnv(dir, {}, 'bench', '--speed', '--model', missing);
    expect(failure).toEqual({ code: 1, stdout: '', stderr: `jampr: the model folder ${missing} does not exist\n` });
  });

  it('jampr bench refuses a $JAMPR_MODELS_DIR with no model for its learned rows before the table begins', async () => {
    const dir = await cliWorkDir();
    const { empty } = await notModelFolders(dir);
    const bench = ['bench', '--methods', 'classical,jampr-greedy', '--size', '5', '--count', '1', '--time-limit', '0.1'];
    const failure = await jamprWithEnv(dir, { JAMPR_MODELS_DIR: empty }, ...bench);
    expect(failure.code).toBe(1);
    expect(failure.stdout).toBe('');
    expect(failure.stderr).toContain(`jampr: no trained jampr model for tw1 in ${empty}\n`);
  });

  it('bench/real-days.ts refuses a --models folder that does not exist, holds no model or is a file, naming it, and writes no results', async () => {
    const dir = await cliWorkDir();
    const folders = await notModelFolders(dir);
    const results = join(dir, 'results.json');
    const why = {
      missing: 'does not exist',
      empty: 'holds no model: none of its folders has a card.json',
      file: 'is a file, not a folder',
    };
    for (const [kind, folder] of Object.entries(folders) as [keyof typeof why, string][]) {
      const run = await realDays('--days', '1', '--methods', 'classical', '--models', folder, '--results', results);
      expect(run).toEqual({
        code: 1,
        stdout: '',
        stderr: `real-days: --models ${folder} ${why[kind]}\n  - give a folder that holds model folders, as resources/models does\n`,
      });
    }
    expect(existsSync(results)).toBe(false);
  });
});
