import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startNotes, startNotesDialog } from '../../../src/main/start-notices.js';
import { rescuedCopiesNote } from '../../../src/main/store/file-guard.js';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("the desktop app's start", () => {
  it('tells of a rescued copy beside its database in a dialog, in the words the web mode prints', () => {
    dir = mkdtempSync(join(tmpdir(), 'jampr-start-'));
    const db = join(dir, 'jampr.sqlite');
    writeFileSync(db, '');
    expect(startNotesDialog(startNotes({ path: db, logSetAside: null }))).toBeNull();
    const copy = join(dir, 'jampr.sqlite.rescued-2026-12-02T01-55-21-820Z');
    writeFileSync(copy, '');
    const note = rescuedCopiesNote(db)!;
    expect(note).toContain(copy);
    expect(startNotesDialog(startNotes({ path: db, logSetAside: null }))).toEqual({
      type: 'warning',
      title: 'JAMPR Dispatch',
      message: `A${note.slice(1)}.`,
      buttons: ['OK'],
    });
  });

  it("tells of a write-ahead log its open set aside, in the open's words, before a rescued copy", () => {
    dir = mkdtempSync(join(tmpdir(), 'jampr-start-'));
    const db = join(dir, 'jampr.sqlite');
    writeFileSync(join(dir, 'jampr.sqlite.rescued-2026-12-02T01-55-21-820Z'), '');
    const setAside = `${db} was replaced after the app last stopped without closing: its log was moved aside`;
    const notes = startNotes({ path: db, logSetAside: setAside });
    expect(notes).toEqual([setAside, rescuedCopiesNote(db)]);
    expect(startNotesDialog(notes)?.message).toBe(`${setAside.charAt(0).toUpperCase()}${setAside.slice(1)}.\n\nA${notes[1].slice(1)}.`);
  });
});
