import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeInstanceJson } from '../../src/main/vrp/io/json.js';
import { createRng } from '../../src/main/vrp/rng.js';
import { saveTinyModel, tinyInstance } from '../unit/jampr/fixtures.js';
import { cliWorkDir, jamprIn } from './fixtures/cli.js';

/** A folder with a tiny tw1 N=6 model and `count` days of 6 customers named day-1, day-2, … in days.jsonl. */
async function retrainingFolder(count: number) {
  const dir = await cliWorkDir();
  const from = await saveTinyModel(dir, 'jampr', 'tw1', 6);
  const rng = createRng(4);
  const days = Array.from({ length: count }, (_, i) => ({ ...tinyInstance(6, rng), name: `day-${i + 1}` }));
  await writeFile(join(dir, 'days.jsonl'), days.map((d) => writeInstanceJson(d)).join('\n'));
  return { dir, from };
}

const train = (dir: string, ...args: string[]) =>
  jamprIn(dir, 'train', '--size', '6', '--minutes', '0.05', '--threads', '1', '--instances', 'days.jsonl', ...args);

describe('jampr train on days of --instances', () => {
  it('holds out the last days, as the Training tab holds out the days stored last, and judges the model on them against the one it started from', async () => {
    const { dir, from } = await retrainingFolder(6);
    const { stdout, stderr } = await train(dir, '--from', from, '--out', 'mine');
    const result = JSON.parse(stdout);
    // Six days: the last three are held out (shared/holdout.ts), the model learns from the first three.
    expect(result).toMatchObject({ heldOut: ['day-4', 'day-5', 'day-6'], compared: from, comparison: { days: 3 } });
    expect(result.comparison.currentCost).toBeGreaterThan(0);
    const card = JSON.parse(await readFile(join(dir, 'mine', 'card.json'), 'utf8'));
    expect(card.instanceSource).toMatch(/; then 3 stored instance\(s\), perturbed/);
    // The verdict in the app's figures, whichever way it went.
    expect(stderr).toMatch(
      /^jampr: mine is (not )?better than jampr-tw1-n6: mean cost of its greedy plans of 3 held-out days \(“day-4”, “day-5”, “day-6”\) [\d,.]+ against [\d,.]+ for jampr-tw1-n6; /m,
    );
    expect(typeof result.better).toBe('boolean');
  }, 120_000);
});
