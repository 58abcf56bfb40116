import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliWorkDir, startJampr } from './fixtures/cli.js';

/** The size of the file generate writes into before it takes the name asked for, 0 while there is none. */
const partialSize = (dir: string): number => {
  const partial = readdirSync(dir).find((name) => name.endsWith('.partial'));
  return partial ? statSync(join(dir, partial)).size : 0;
};

describe('jampr generate of a count too large to hold', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)(
    'writes each instance as it comes, and on %s says how far it came and leaves no file',
    async (signal) => {
      const dir = await cliWorkDir();
      const out = join(dir, 'days.jsonl');
      const { child, streams, ended } = startJampr(['generate', '--size', '5', '--count', '100000000', '--out', out]);
      // Written as generated: the temporary file grows long before the hundred million are made (waited for a while
      // at most, so that a run that holds them all is stopped too).
      for (const start = performance.now(); partialSize(dir) < 100_000 && performance.now() - start < 20_000; )
        await new Promise((wait) => setTimeout(wait, 50));
      const grown = partialSize(dir);
      child.kill(signal);
      expect(grown).toBeGreaterThanOrEqual(100_000);
      expect(await ended).toEqual({ code: null, signal });
      expect(streams.stderr).toMatch(/^jampr: generate cancelled after \d+ of 100000000 instances: nothing was written\n$/);
      expect(readdirSync(dir)).toEqual([]);
    },
    60_000,
  );
});
