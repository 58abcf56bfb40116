import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { rescuedCopiesDialog } from '../../../src/main/start-notices.js';
import { rescuedCopiesNote } from '../../../src/main/store/file-guard.js';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("the desktop app's start", () => {
  it('tells of a rescued copy beside its database in a dialog, in the words the web mode prints', () => {
    dir = mkdtempSync(join(tmpdir(), 'jampr-start-'));
    const db = join(dir, 'jampr.sqlite');
    writeFileSync(db, '');
    expect(rescuedCopiesDialog(db)).toBeNull();
    const copy = join(dir, 'jampr.sqlite.rescued-2026-12-02T01-55-21-820Z');
    writeFileSync(copy, '');
    const note = rescuedCopiesNote(db)!;
    expect(note).toContain(copy);
    expect(rescuedCopiesDialog(db)).toEqual({
      type: 'warning',
      title: 'JAMPR Dispatch',
      message: `A${note.slice(1)}.`,
      buttons: ['OK'],
    });
  });
});
