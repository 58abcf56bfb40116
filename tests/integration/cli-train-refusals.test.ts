/**
 * `jampr train` refuses what would waste its minutes, before any work: a name the model's card cannot hold, a folder
 * another run writes into.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes.js';
import { CLAIM_FILE } from '../../src/cli/folder-claim.js';
import { cliWorkDir, failureOf, startJampr } from './fixtures/cli.js';

const TINY_RUN = ['train', '--size', '5', '--minutes', '0.5', '--threads', '1'];

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

  it('an --out another run writes into: the second run is refused at once, naming the folder; the first saves its model', async () => {
    const dir = await cliWorkDir();
    const out = join(dir, 'model');
    // Long enough to outlast the second run's start, then stopped once refused: it saves what it trained.
    const first = startJampr(['train', '--size', '5', '--minutes', '2', '--threads', '1', '--out', out]);
    await first.seen(/ cost \d/);
    const failure = await failureOf(...TINY_RUN, '--out', out);
    expect(failure.code).toBe(EXIT.input);
    expect(failure.stderr).toMatch(
      new RegExp(
        `^jampr: cannot write into ${out}: another jampr train \\(process ${first.child.pid}\\) is writing into it; wait for it to end, or choose another --out`,
        'm',
      ),
    );
    expect(failure.stderr).not.toMatch(/%/);
    first.child.kill('SIGINT');
    expect(await first.ended).toEqual({ code: EXIT.interrupted, signal: null });
    // The first run's model, and no claim left behind.
    expect((await readdir(out)).sort()).toEqual(['card.json', 'model.json', 'optimizer.bin', 'optimizer.json', 'weights.bin']);
  }, 60_000);

  it('takes over a claim left by a run killed outright, whose process no longer runs', async () => {
    const dir = await cliWorkDir();
    const out = join(dir, 'model');
    await mkdir(out);
    await writeFile(join(out, CLAIM_FILE), '999999999\n');
    // Taken over once it trains; stopped there, it saves what it trained (a full run would take its half minute).
    const run = startJampr([...TINY_RUN, '--out', out]);
    await run.seen(/ cost \d/);
    run.child.kill('SIGINT');
    expect(await run.ended).toEqual({ code: EXIT.interrupted, signal: null });
    expect(existsSync(join(out, 'card.json'))).toBe(true);
    expect(existsSync(join(out, CLAIM_FILE))).toBe(false);
  }, 60_000);

  it('a customer CSV given as --instances: one line saying what --instances reads and how to train on such days', async () => {
    const dir = await cliWorkDir();
    const csv =
      'id,lat,lon,demand,ready,due,service\nDEPOT,53.55,9.99,0,08:00,18:00,0\nC1,53.56,10.01,2,09:00,12:00,5\nC2,53.54,9.97,1,10:00,14:00,5\n';
    // Named .csv, or named as JSON Lines but holding a table.
    for (const name of ['days.csv', 'days.jsonl']) {
      await writeFile(join(dir, name), `\uFEFF${csv}`);
      const failure = await failureOf(...TINY_RUN, '--instances', join(dir, name), '--out', join(dir, 'model'));
      expect(failure.code).toBe(EXIT.input);
      expect(failure.stderr.trim().split('\n')).toHaveLength(1);
      expect(failure.stderr).toMatch(
        /^jampr: \S+days\.(csv|jsonl) is a customer table \(CSV\), but --instances reads JSON Lines of instances .*as jampr generate writes them\); no jampr command turns a CSV into them, .*Training tab/,
      );
      expect(existsSync(join(dir, 'model'))).toBe(false);
    }
  });
});
