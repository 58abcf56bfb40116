import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startNotes } from '../../../src/main/start-notices.js';
import { rescuedCopiesNote } from '../../../src/main/store/file-guard.js';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const STAMP = '2026-12-02T10-40-10-172Z';
/** A database file with what an open that set its log aside leaves beside it: the log, its index and its owner file. */
function withLogSetAside() {
  dir = mkdtempSync(join(tmpdir(), 'jampr-start-'));
  const db = join(dir, 'jampr.sqlite');
  writeFileSync(db, '');
  const files = ['-wal', '-shm', '-wal-owner'].map((journal) => join(dir, `jampr.sqlite${journal}.set-aside-${STAMP}`));
  for (const file of files) writeFileSync(file, 'x');
  return { db, files };
}

describe('the start notes', () => {
  it('say nothing of a database with nothing beside it, and name a rescued copy beside it', () => {
    dir = mkdtempSync(join(tmpdir(), 'jampr-start-'));
    const db = join(dir, 'jampr.sqlite');
    writeFileSync(db, '');
    expect(startNotes({ path: db, logSetAside: [] })).toEqual([]);
    const copy = join(dir, 'jampr.sqlite.rescued-2026-12-02T01-55-21-820Z');
    writeFileSync(copy, '');
    const note = rescuedCopiesNote(db)!;
    expect(note).toContain(copy);
    expect(startNotes({ path: db, logSetAside: [] })).toEqual([note]);
  });

  it('name every file the open set aside (the log, its index, its owner file), and say how a backup is made', () => {
    const { db, files } = withLogSetAside();
    const [note] = startNotes({ path: db, logSetAside: files });
    expect(note).toMatch(/was replaced, restored from a copy or deleted after the app last stopped without closing/);
    for (const file of files) expect(note).toContain(file);
    expect(note).toContain('a copy of jampr.sqlite alone, taken while the app runs, is not a backup');
    expect(note).toContain('stop the app first and copy jampr.sqlite, or copy jampr.sqlite-wal with it');
  });

  it('name the files set aside at every later start while they lie there, before a rescued copy', () => {
    const { db, files } = withLogSetAside();
    writeFileSync(join(dir, 'jampr.sqlite.rescued-2026-12-02T01-55-21-820Z'), '');
    const notes = startNotes({ path: db, logSetAside: [] });
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatch(/was set aside at an earlier start, and lies beside the database/);
    for (const file of files) expect(notes[0]).toContain(file);
    expect(notes[0]).toContain('is not a backup');
    expect(notes[1]).toBe(rescuedCopiesNote(db));
    for (const file of files) rmSync(file);
    expect(startNotes({ path: db, logSetAside: [] })).toEqual([rescuedCopiesNote(db)]);
  });

  it("tell the files this start set aside from an earlier start's", () => {
    const { db, files } = withLogSetAside();
    const later = join(dir, 'jampr.sqlite-wal.set-aside-2026-12-03T08-00-00-000Z');
    writeFileSync(later, 'x');
    const [note] = startNotes({ path: db, logSetAside: [later] });
    expect(note).toContain(`moved aside, untouched, with its index and owner files, to ${later}, and the database opened`);
    expect(note).toContain(`files set aside at an earlier start also lie beside it: ${files.join(', ')}`);
  });
});
