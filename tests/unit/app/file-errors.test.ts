/** A file that could not be read or written is said why in a user's words, from the system's own error. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileErrorReason } from '../../../src/main/file-errors.js';

/** The error reading `path` throws. */
function readError(path: string): unknown {
  try {
    readFileSync(path);
  } catch (err) {
    return err;
  }
  throw new Error(`${path} was read`);
}

describe('fileErrorReason', () => {
  const dir = mkdtempSync(join(tmpdir(), 'jampr-file-errors-'));

  it('says a path that goes through a file, where a folder is expected, in plain words', () => {
    writeFileSync(join(dir, 'days.csv'), 'id\n');
    const err = readError(join(dir, 'days.csv', 'monday.csv'));
    expect((err as NodeJS.ErrnoException).code).toBe('ENOTDIR');
    expect(fileErrorReason(err)).toBe('a part of its path is a file, not a folder');
  });

  it('says a missing file and a folder as before', () => {
    expect(fileErrorReason(readError(join(dir, 'none.csv')))).toBe('it does not exist');
    expect(fileErrorReason(readError(dir))).toBe('it is a folder, not a file');
  });
});
