/**
 * `--out` files: written whole through a temporary file, but through a symbolic link to the file it names and into
 * a pipe, never over the link or the pipe itself.
 */
import { execFileSync, spawn } from 'node:child_process';
import { lstatSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkWritable, writeTextFile } from '../../../src/cli/files.js';

const folder = () => mkdtempSync(join(tmpdir(), 'jampr-out-'));

describe('--out files', () => {
  it('writes a file whole, replacing what was there', () => {
    const path = join(folder(), 'plan.json');
    writeFileSync(path, 'old');
    checkWritable(path);
    writeTextFile(path, 'new');
    expect(readFileSync(path, 'utf8')).toBe('new');
  });

  it('refuses a file name ending in a slash, which names a folder, rather than writing the file without it', () => {
    const dir = folder();
    expect(() => checkWritable(join(dir, 'plan.json/'))).toThrow(/plan\.json\/: it ends in \/ and so names a folder, not a file/);
    expect(() => checkWritable(`${dir}/`)).toThrow(/names a folder, not a file/);
  });

  it("refuses '-', which other tools read as stdout, rather than writing a file of that name", () => {
    expect(() => checkWritable('-')).toThrow(/cannot write -: it is not a file name/);
  });

  it('writes through a symbolic link to the file it names, and keeps the link', () => {
    const dir = folder();
    writeFileSync(join(dir, 'today.json'), 'old');
    symlinkSync('today.json', join(dir, 'latest.json'));
    symlinkSync('tomorrow.json', join(dir, 'next.json')); // a link to a file not made yet
    for (const [link, file] of [
      ['latest.json', 'today.json'],
      ['next.json', 'tomorrow.json'],
    ]) {
      checkWritable(join(dir, link));
      writeTextFile(join(dir, link), 'plan');
      expect(lstatSync(join(dir, link)).isSymbolicLink()).toBe(true);
      expect(readFileSync(join(dir, file), 'utf8')).toBe('plan');
    }
  });

  // As root /proc passes the write check (root may write anywhere) and then creates no file: ENOENT, as if missing.
  it.runIf(process.getuid?.() === 0)('says that a folder that takes no new files (/proc) refused the file, not that it is missing', () => {
    expect(() => writeTextFile('/proc/jampr-plan.json', '{}')).toThrow(
      'cannot write /proc/jampr-plan.json: no file can be created in the folder /proc',
    );
  });

  it('writes into a named pipe, which stays a pipe', async () => {
    const fifo = join(folder(), 'plans.fifo');
    execFileSync('mkfifo', [fifo]);
    const reader = spawn('cat', [fifo]);
    let read = '';
    reader.stdout.on('data', (chunk: Buffer) => {
      read += chunk.toString();
    });
    const done = new Promise((resolve) => reader.once('exit', resolve));
    checkWritable(fifo);
    writeTextFile(fifo, 'through the pipe\n');
    await done;
    expect(read).toBe('through the pipe\n');
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });
});
