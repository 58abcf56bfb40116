import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getCurrentFuseWire } from '@electron/fuses';
import { describe, expect, it } from 'vitest';
import { FUSES, setFuses } from '../../../scripts/fuses.js';

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** How the binary stores a fuse: the characters '1' (enabled) and '0' (disabled). */
const ENABLE = 0x31;
const DISABLE = 0x30;

describe('the Electron fuses set at package time', () => {
  it('flips every configured fuse in a binary whose fuse wire starts with Electron defaults', async () => {
    // A stand-in for the Electron binary: bytes around the sentinel and a version-1 wire of 8 fuses, all enabled.
    const wire = Buffer.from([1, 8, ...Array(8).fill(ENABLE)]);
    const binary = join(mkdtempSync(join(tmpdir(), 'jampr-fuses-')), 'electron');
    writeFileSync(binary, Buffer.concat([Buffer.alloc(64, 7), Buffer.from(SENTINEL), wire, Buffer.alloc(64, 7)]));
    expect(await setFuses(binary)).toBe(1);
    const flipped = await getCurrentFuseWire(binary);
    for (const [fuse, on] of Object.entries(FUSES)) {
      if (fuse === 'version') continue;
      expect(flipped[Number(fuse) as keyof typeof flipped], `fuse ${fuse}`).toBe(on ? ENABLE : DISABLE);
    }
  });
});
