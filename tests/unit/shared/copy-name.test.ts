/** "name (copy)" (then "(copy 2)", ...), the name of a day kept as a new day, is a name a save takes, whatever the day's name was. */
import { describe, expect, it } from 'vitest';
import { copyName } from '../../../src/shared/copy-name.js';
import { sentInstanceSchema } from '../../../src/shared/domain.js';
import { MAX_TEXT_CHARS } from '../../../src/shared/limits.js';
import { tinyInstance } from '../../integration/fixtures/tiny.js';

/** The name a save of a day so named would store, or the save's refusal. */
const savedName = (name: string) => {
  const parsed = sentInstanceSchema.safeParse({ ...tinyInstance(), name });
  return parsed.success ? parsed.data.name : parsed.error.issues.map((i) => i.message).join('; ');
};

describe('copyName', () => {
  it('adds " (copy)" to a name', () => {
    expect(copyName('Monday north')).toBe('Monday north (copy)');
    expect(savedName(copyName('Monday north'))).toBe('Monday north (copy)');
  });

  it('shortens a name at the length limit so that its copy saves, and says it was cut', () => {
    const name = 'M'.repeat(MAX_TEXT_CHARS);
    const copy = copyName(name);
    expect(copy).toHaveLength(MAX_TEXT_CHARS);
    expect(copy).toBe(`${'M'.repeat(MAX_TEXT_CHARS - ' (copy)'.length - 1)}… (copy)`);
    expect(savedName(copy)).toBe(copy);
  });

  it('cuts after whole letters, and leaves no space before the cut', () => {
    // A letter written in two UTF-16 units (𠀀) where the cut falls between them: the letter goes whole.
    const wide = copyName(`${'a'.repeat(MAX_TEXT_CHARS - 9)}𠀀${'b'.repeat(10)}`);
    expect(wide).toBe(`${'a'.repeat(MAX_TEXT_CHARS - 9)}… (copy)`);
    expect(savedName(wide)).toBe(wide);
    const spaced = copyName(`${'a'.repeat(MAX_TEXT_CHARS - 10)}   ${'b'.repeat(10)}`);
    expect(spaced).toBe(`${'a'.repeat(MAX_TEXT_CHARS - 10)}… (copy)`);
  });

  it('numbers the copy of a copy, "(copy 2)", "(copy 3)", rather than adding " (copy)" again', () => {
    expect(copyName('Monday north (copy)')).toBe('Monday north (copy 2)');
    expect(copyName('Monday north (copy 2)')).toBe('Monday north (copy 3)');
    expect(copyName('Monday north (copy 9)')).toBe('Monday north (copy 10)');
    expect(copyName(' Monday north (copy) ')).toBe('Monday north (copy 2)');
    // Only a copy's own mark at the end counts: a name that merely says "copy" gets its own.
    expect(copyName('Copy room (copyedit)')).toBe('Copy room (copyedit) (copy)');
  });

  it('keeps a numbered copy of a name at the length limit within the limit, cut once', () => {
    const first = copyName('M'.repeat(MAX_TEXT_CHARS));
    const second = copyName(first);
    expect(second).toHaveLength(MAX_TEXT_CHARS);
    expect(second).toBe(`${'M'.repeat(MAX_TEXT_CHARS - ' (copy 2)'.length - 1)}… (copy 2)`);
    expect(savedName(second)).toBe(second);
    const tenth = copyName(`${'M'.repeat(MAX_TEXT_CHARS - ' (copy 9)'.length - 1)}… (copy 9)`);
    expect(tenth).toBe(`${'M'.repeat(MAX_TEXT_CHARS - ' (copy 10)'.length - 1)}… (copy 10)`);
    expect(savedName(tenth)).toBe(tenth);
  });

  it('makes the copy of a name with spaces at its ends from the name as a save keeps it', () => {
    expect(copyName('  Monday north ')).toBe('Monday north (copy)');
  });
});
