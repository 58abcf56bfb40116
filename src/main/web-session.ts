/**
 * The web mode's link (port and access token) kept beside the database, so a restarted server answers the tabs
 * still open on it: their unsaved edits can be saved instead of being stranded behind a new link. The file is the
 * user's alone (0600), as the database is; deleting it gives the next start a new token.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

export interface WebSession {
  port: number;
  token: string;
}

/** One per database, so two web modes on two databases in one folder keep their own links. */
export const webSessionPath = (dbPath: string): string => `${resolve(dbPath)}.web-session.json`;

/** The last start's link, or a new token (and any port) where there is none or it cannot be read. */
export function readWebSession(path: string): { port: number | null; token: string } {
  try {
    const saved = JSON.parse(readFileSync(path, 'utf8')) as Partial<WebSession>;
    const token = typeof saved.token === 'string' && /^[\w-]{32,}$/.test(saved.token) ? saved.token : null;
    const port =
      Number.isInteger(saved.port) && (saved.port as number) > 0 && (saved.port as number) < 65536 ? (saved.port as number) : null;
    if (token) return { port, token };
  } catch {
    // none yet, or unreadable: a new link
  }
  return { port: null, token: randomBytes(24).toString('base64url') };
}

/** Best effort: a start that cannot write it still runs, with a link of its own. */
export function writeWebSession(path: string, session: WebSession): void {
  try {
    writeFileSync(path, `${JSON.stringify(session)}\n`, { mode: 0o600 });
    chmodSync(path, 0o600);
  } catch {
    // a read-only folder: the next start makes a new link
  }
}
