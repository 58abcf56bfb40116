/**
 * The web mode's command line, read by the rules `jampr` reads its own by: one line naming the mistake and the usage,
 * exit 1, never a stack trace nor the last of two flags winning; and a database it makes is said to be new.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { type CliFailure, cliWorkDir } from './fixtures/cli.js';

const web = (...args: string[]) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/main/web.ts', ...args], { encoding: 'utf8', timeout: 60_000 }).then(
    () => null,
    (e: CliFailure) => e,
  );

/** Starts the web mode on `db`, returns what it printed up to its link, and stops it (SIGTERM). */
async function startAndStop(db: string): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/web.ts', '--db', db], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk;
      if (/^database: /m.test(out)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the web mode exited with ${code}: ${out}`)));
  });
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
  return out;
}

const USAGE = 'usage: npm run web -- [--port N] [--db PATH]\n';

describe('the web mode command line', () => {
  it('refuses an unknown option, an argument too many, a port out of range and a flag given twice, in one line with the usage', async () => {
    const dir = await cliWorkDir();
    const db = join(dir, 'web.sqlite');
    for (const [args, said] of [
      [['--nope'], 'error: unknown option --nope for npm run web\n'],
      [['extra'], 'error: unexpected argument extra for npm run web\n'],
      [['--port', '-1'], 'error: --port -1 is less than 0: give an integer >= 0 and <= 65535\n'],
      [
        ['--db', db, '--db', join(dir, 'other.sqlite')],
        `error: --db is given 2 times ('${db}', '${join(dir, 'other.sqlite')}'): give it once\n`,
      ],
    ] as const) {
      const failure = await web(...args);
      expect(failure?.code, args.join(' ')).toBe(1);
      expect(failure?.stderr).toBe(`${said}${USAGE}`);
    }
    // Refused before the database is opened or made.
    expect(existsSync(db)).toBe(false);
  }, 120_000);

  it('says it created a new database where the file did not exist (its folder made too), and not when it opens it again', async () => {
    const dir = await cliWorkDir();
    const db = join(dir, 'no-folder', 'x.sqlite');
    expect(await startAndStop(db)).toContain(`created a new database at ${db}\n`);
    expect(existsSync(db)).toBe(true);
    expect(await startAndStop(db)).not.toContain('created a new database');
  }, 120_000);
});
