/**
 * A database file replaced (a backup restored over it) after the app was killed, while the killed run's write-ahead
 * log still lies beside it: that log holds the killed run's last changes to the file it replaced, and SQLite would
 * replay it into the restored file at the next open (nothing in the log says which file it belongs to), corrupting it
 * or mixing two states of the database. The open sets such a log aside, untouched, and says so.
 */
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startNotes } from '../../src/main/start-notices.js';
import { openStore } from '../../src/main/store/index.js';
import { killWriterMidway } from './fixtures/kill-writer.js';
import { tinyInstance } from './fixtures/tiny.js';

const dir = mkdtempSync(join(tmpdir(), 'jampr-replaced-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const fresh = (name: string) => join(mkdtempSync(join(dir, `${name}-`)), 'jampr.sqlite');
const setAside = (path: string) => readdirSync(join(path, '..')).filter((f) => f.startsWith('jampr.sqlite-wal.set-aside-'));

function store(path: string, ...names: string[]): void {
  const s = openStore(path);
  for (const name of names) s.instances.insert(tinyInstance(name), 'test');
  s.close();
}

/** Opens the database as the app does, and reads what it holds; the start's note about a log set aside with it. */
function opened(path: string) {
  const s = openStore(path);
  try {
    const names = s.instances
      .list()
      .map((i) => i.name.slice(0, 12))
      .sort();
    const [note = null] = startNotes(s);
    return { integrity: s.db.pragma('integrity_check', { simple: true }), names, note, moved: s.logSetAside };
  } finally {
    s.close();
  }
}

describe('a database file replaced after a crash', () => {
  it('opens a backup from an earlier session restored in place (cp keeps the inode) as it is, the log set aside', async () => {
    const path = fresh('earlier');
    store(path, 'Backup');
    const backup = `${path}.backup`;
    copyFileSync(path, backup);
    store(path, 'Later1', 'Later2');
    await killWriterMidway(path, 5);
    const inode = statSync(path).ino;
    copyFileSync(backup, path);
    expect(statSync(path).ino).toBe(inode);

    const { integrity, names, note, moved } = opened(path);
    expect(integrity).toBe('ok');
    expect(names).toEqual(['Backup']);
    const [log] = setAside(path);
    expect(statSync(join(path, '..', log)).size).toBeGreaterThan(0);
    expect(note).toMatch(/was replaced, restored from a copy or deleted after the app last stopped without closing/);
    // The log went aside with its index and its owner file: the note names all three.
    const stamp = log.slice('jampr.sqlite-wal'.length);
    const all = ['-wal', '-shm', '-wal-owner'].map((journal) => join(path, '..', `jampr.sqlite${journal}${stamp}`));
    expect(moved).toEqual(all);
    for (const file of all) expect(note).toContain(file);
    // The next start, as usual, sets nothing aside and says so again while the files lie there.
    const again = opened(path);
    expect(again.moved).toEqual([]);
    expect(again.note).toMatch(/set aside at an earlier start/);
    for (const file of all) expect(again.note).toContain(file);
  });

  it('opens a copy taken during the killed run itself (an older state of the same database) as it is, the log set aside', async () => {
    const path = fresh('same-run');
    store(path, 'Before');
    const copy = `${path}.copy`;
    // The file is copied early in the run. The run goes on past a checkpoint (at about 4 MB of log, SQLite's usual
    // size), so the file itself moves on after the copy was taken, and is killed with changes in its log again.
    let movedOn = 0;
    await killWriterMidway(path, (committed) => {
      // Counts come a chunk of the writer's output at a time, so 2 itself may never be seen.
      if (committed >= 2 && !existsSync(copy)) {
        copyFileSync(path, copy);
        return false;
      }
      if (existsSync(copy) && !movedOn && statSync(path).size > statSync(copy).size) movedOn = committed;
      return movedOn > 0 && committed >= movedOn + 2;
    });
    expect(statSync(`${path}-wal`).size).toBeGreaterThan(0);
    copyFileSync(copy, path);

    const { integrity, names, note } = opened(path);
    expect(integrity).toBe('ok');
    expect(names).toEqual(['Before']);
    expect(setAside(path)).toHaveLength(1);
    expect(note).toMatch(/moved aside, untouched/);
  });

  it('replays the log into the file it belongs to: every commit of the killed run is kept and nothing is set aside', async () => {
    const path = fresh('same-file');
    store(path, 'Before');
    const committed = await killWriterMidway(path, 40);
    const { integrity, names, note } = opened(path);
    expect(integrity).toBe('ok');
    expect(names.length).toBeGreaterThanOrEqual(committed + 1);
    expect(note).toBeNull();
    expect(setAside(path)).toEqual([]);
  });

  it('keeps the log of a file deleted after the crash, which SQLite would delete beside the new empty file', async () => {
    const path = fresh('deleted');
    store(path, 'Before');
    await killWriterMidway(path, 3);
    rmSync(path);
    const { names, note } = opened(path);
    expect(names).toEqual([]);
    const [log] = setAside(path);
    expect(statSync(join(path, '..', log)).size).toBeGreaterThan(0);
    expect(note).toContain(log);
  });

  it('replays a log with no owner file beside it (left by an earlier version of the app) as before', async () => {
    const path = fresh('earlier-version');
    store(path, 'Before');
    const committed = await killWriterMidway(path, 3);
    rmSync(`${path}-wal-owner`);
    const { names, note } = opened(path);
    expect(names.length).toBeGreaterThanOrEqual(committed + 1);
    expect(note).toBeNull();
    expect(setAside(path)).toEqual([]);
  });

  it('leaves no owner file beside a database closed as usual', () => {
    const path = fresh('closed');
    store(path, 'Before');
    expect([existsSync(`${path}-wal`), existsSync(`${path}-wal-owner`)]).toEqual([false, false]);
  });
});
