/**
 * `jampr train` refuses what would waste its minutes, before any work: a name the model's card cannot hold.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes.js';
import { cliWorkDir, failureOf } from './fixtures/cli.js';

const TINY_RUN = ['train', '--size', '5', '--minutes', '0.05', '--threads', '1'];

describe('jampr train refuses before any work', () => {
  it('a --name longer than a card holds, or with a control character, as the app refuses it: exit 1, nothing written', async () => {
    const dir = await cliWorkDir();
    const out = join(dir, 'model');
    for (const [name, said] of [
      [
        'x'.repeat(201),
        /^jampr: --name is longer than 200 characters, the most a model name may have: shorten it; see jampr train --help$/m,
      ],
      ['north\tsoft', /^jampr: --name holds the invisible control character U\+0009: remove it/m],
    ] as const) {
      const failure = await failureOf(...TINY_RUN, '--out', out, '--name', name);
      expect(failure.code).toBe(EXIT.input);
      expect(failure.stderr).toMatch(said);
      // Refused before training: no progress line, no folder.
      expect(failure.stderr).not.toMatch(/%/);
      expect(existsSync(out)).toBe(false);
    }
  });

  it('an --out folder whose name, the model name by default, is longer than a card holds', async () => {
    const dir = await cliWorkDir();
    const failure = await failureOf(...TINY_RUN, '--out', join(dir, 'm'.repeat(201)));
    expect(failure.code).toBe(EXIT.input);
    expect(failure.stderr).toMatch(/the model would be named after its folder m+, which is longer than 200 characters.*: give it a --name/);
  });
});
