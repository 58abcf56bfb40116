import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * The write-ahead logs an open set aside (log-owner.ts) and what every start says of them. A log is set aside with its
 * index (`-shm`) and its owner file (`-wal-owner`), each renamed with `.set-aside-<time>` added; they stay beside the
 * database until the user deletes them, and every start names them, as it names rescued copies (file-guard.ts): the
 * start that set them aside said so once, where it may not have been read (a server's log, a dialog closed in haste).
 */
export const SET_ASIDE = '.set-aside-';
/** The files that go aside together: the log, its index and its owner file, as their names end after the database's. */
const JOURNALS = ['-wal', '-shm', '-wal-owner'];

/** Where `file` (the log, its index or its owner file) goes aside at `stamp`. */
export const setAsideName = (file: string, stamp: string): string => `${file}${SET_ASIDE}${stamp}`;

/** Every file set aside beside the database at `path`, by any start, as full paths: by time, each log before its index and owner. */
export function setAsideFiles(path: string): string[] {
  const folder = dirname(path);
  const prefixes = JOURNALS.map((journal) => `${basename(path)}${journal}${SET_ASIDE}`);
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  return names
    .flatMap((name) => {
      const kind = prefixes.findIndex((prefix) => name.startsWith(prefix));
      return kind < 0 ? [] : [{ name, kind, stamp: name.slice(prefixes[kind].length) }];
    })
    .sort((a, b) => a.stamp.localeCompare(b.stamp) || a.kind - b.kind)
    .map(({ name }) => join(folder, name));
}

/**
 * What a start says where logs set aside lie beside the database, else null. `movedNow`: the files this start's open
 * moved aside (the note then says what happened); the others were set aside by an earlier start. A copy of the
 * database file alone, taken while the app ran, is the usual way to a restore that leaves a log aside (and to an empty
 * database: the copy may hold none of the latest changes), so the note says how to make a backup instead.
 */
export function setAsideLogsNote(path: string, movedNow: readonly string[] = []): string | null {
  const files = setAsideFiles(path);
  if (files.length === 0) return null;
  const now = files.filter((file) => movedNow.includes(file));
  const earlier = files.filter((file) => !movedNow.includes(file));
  const said: string[] = [];
  if (now.length > 0)
    said.push(
      `${path} was replaced, restored from a copy or deleted after the app last stopped without closing: the log of that run's ` +
        'last changes belongs to the file it replaced, so it was not applied but moved aside, untouched, with its index and ' +
        `owner files, to ${now.join(', ')}, and the database opened as it is now`,
    );
  if (earlier.length > 0)
    said.push(
      `${now.length > 0 ? 'files set aside at an earlier start also lie beside it' : 'the write-ahead log of a run killed before its database file was replaced, restored or deleted was set aside at an earlier start, and lies beside the database'}: ` +
        earlier.join(', '),
    );
  const name = basename(path);
  return [
    ...said,
    'if the file was restored on purpose, these files can be deleted; otherwise keep them: they hold those last changes',
    `a copy of ${name} alone, taken while the app runs, is not a backup: the latest changes wait in ${name}-wal, and such a copy ` +
      `may hold none of them; to make a backup, stop the app first and copy ${name}, or copy ${name}-wal with it`,
  ].join('; ');
}
