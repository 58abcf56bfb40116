import { describe, expect, it } from 'vitest';
import { doneElsewhere, editsOfChangedDayQuestion, saveAsCopyQuestion } from '../../../src/renderer/state/elsewhere-questions.js';

const nothingElse = { dayEdits: false, planEdits: false, plan: false };

describe('what a tab asks before it keeps a day another window saved or deleted as a new day', () => {
  it('says which of the two happened, and calls the copy a day, as Save as new day does', () => {
    const deleted = saveAsCopyQuestion('Dienstag', 'deleted', { dayEdits: true, planEdits: false, plan: true });
    expect(deleted).toBe(
      '“Dienstag” was deleted in another window after you opened it here, so your edits have no day to be saved on.\n\n' +
        'Save your version as a new day, “Dienstag (copy)”, with the plan on screen as its plan? (Cancel keeps your edits on screen, unsaved.)',
    );
    expect(saveAsCopyQuestion('Dienstag', 'saved', { dayEdits: true, planEdits: true, plan: true })).toMatch(
      /^“Dienstag” was saved in another window after you opened it here, so your edits were not saved over it\.\n\nSave your version as a new day, “Dienstag \(copy\)”, with your hand edits of the plan as its plan\?/,
    );
    expect(editsOfChangedDayQuestion('Dienstag', 'deleted')).toMatch(/^“Dienstag” was deleted in another window after you opened/);
    for (const question of [deleted, editsOfChangedDayQuestion('Dienstag', 'saved')]) {
      expect(question).not.toContain('changed or deleted');
      expect(question).not.toContain('instance');
    }
  });

  it('asks to keep an unedited day as it is, not "your version" of it', () => {
    expect(saveAsCopyQuestion('Donnerstag', 'deleted', nothingElse)).toBe(
      '“Donnerstag” was deleted in another window after you opened it here.\n\n' +
        'Save it as a new day, “Donnerstag (copy)”? (Cancel keeps it on screen, unsaved.)',
    );
  });

  it('knows the day was deleted from what the tab heard, or from a refusal that says the day is missing', () => {
    const savedOver = { kind: 'conflict', message: '“x” was saved elsewhere after it was opened here; nothing was saved' } as const;
    const gone = { ...savedOver, missing: { what: 'day', id: 4, words: '“x”' } } as const;
    expect(doneElsewhere(false, savedOver)).toBe('saved');
    expect(doneElsewhere(true, savedOver)).toBe('deleted');
    expect(doneElsewhere(false, gone)).toBe('deleted');
  });
});
