/**
 * A web mode of a file's own, on a database of its own, beside the one playwright.config.ts starts for all files: for
 * a file that stops its server (server-gone) or fills its history (long-history) without the other files seeing it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A new database file `<name>.sqlite` in a new temporary folder (not created: the web mode creates it). */
export const freshDatabase = (name: string): string => join(mkdtempSync(join(tmpdir(), `jampr-${name}-`)), `${name}.sqlite`);

export interface OwnServer {
  /** The server's process, to kill (SIGKILL) in the file's afterAll, or to stop it under an open page. */
  process: ChildProcess;
  /** The link the web mode prints, with its access token; rejected if it exits before printing it. */
  link: Promise<string>;
}

/** Starts the web mode on `db`, on the last start's port where it is free (a free one the first time). */
export function startOwnServer(db: string): OwnServer {
  const server = spawn(process.execPath, ['bin/web.mjs', '--db', db], { stdio: ['ignore', 'pipe', 'inherit'] });
  const link = new Promise<string>((resolve, reject) => {
    let out = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /web mode: (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out)?.[1];
      if (url) resolve(url);
    });
    server.on('exit', (code) => reject(new Error(`the web mode exited with ${code} before printing its link: ${out}`)));
  });
  return { process: server, link };
}
