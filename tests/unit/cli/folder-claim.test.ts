import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLAIM_FILE, claimOutputFolder } from '../../../src/cli/folder-claim.js';

/** The id of a process that ran and ended: a claim holding it was left by a run killed outright. */
const endedProcess = (): number => spawnSync(process.execPath, ['-e', '']).pid!;

/** A claim's outcome: taken, or the refusal's message. */
const outcome = (claim: () => void): string => {
  try {
    claim();
    return 'taken';
  } catch (err) {
    return (err as Error).message;
  }
};

describe('the claim of a jampr train --out folder', () => {
  it('left by a run killed outright is taken over by one of two runs reaching it at one moment, never both', () => {
    const dir = mkdtempSync(join(tmpdir(), 'jampr-claim-'));
    const stale = endedProcess();
    writeFileSync(join(dir, CLAIM_FILE), `${stale}\n`);
    // The second run takes the claim over between the first one finding it stale and taking it over itself.
    let second = '';
    const secondRun = () => {
      second = outcome(() => claimOutputFolder(dir, 'model'));
    };
    const first = outcome(() => claimOutputFolder(dir, 'model', { beforeTakeover: secondRun }));
    expect(second).toBe('taken');
    // Both runs are this test's process: the claim names it.
    expect(first).toBe(
      `cannot write into model: another jampr train (process ${process.pid}) is writing into it; wait for it to end, or choose another --out`,
    );
    expect(readFileSync(join(dir, CLAIM_FILE), 'utf8')).toBe(`${process.pid}\n`);
    // Nothing of the takeover is left beside the claim.
    expect(readdirSync(dir)).toEqual([CLAIM_FILE]);
  });

  it('is not taken over where a run taking it over was killed in that moment: the marker it left is named, to be removed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'jampr-claim-'));
    const stale = endedProcess();
    writeFileSync(join(dir, CLAIM_FILE), `${stale}\n`);
    const marker = join(dir, `${CLAIM_FILE}.takeover-${stale}`);
    writeFileSync(marker, `${endedProcess()}\n`);
    expect(outcome(() => claimOutputFolder(dir, 'model'))).toBe(
      `cannot write into model: a takeover of the claim left there by process ${stale} was cut short; remove ${marker} and start again`,
    );
    expect(readFileSync(join(dir, CLAIM_FILE), 'utf8')).toBe(`${stale}\n`);
  });
});
