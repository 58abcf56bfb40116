/**
 * `jampr train` says before it starts where its --minutes are too few to train a step at the size and on the days
 * given (the Training form's warning, shared/training-time.ts), and still runs as asked (the estimate is a slow
 * machine's): checked on the warning alone, the run stopped once it is said. A run that ends without a step keeps no
 * model, as the app keeps none (trainedPastStart): it says so, leaves nothing and exits 1.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTime } from '../../src/shared/training-time.js';
import { cliWorkDir, startJampr } from './fixtures/cli.js';

describe('jampr train with too few minutes for its size', () => {
  it('warns on stderr before any work, naming the fewest minutes that fit and the time it takes in all, and goes on', async () => {
    const dir = await cliWorkDir();
    // Generated days of 300 customers, from untrained weights: measuring 128 of them alone outlasts half a minute.
    const shortest = runTime({ size: 300, learnStops: [], heldOutStops: [], fromScratch: true }).shortestMinutes;
    expect(shortest).toBeGreaterThan(0.5);
    const run = startJampr(['train', '--size', '300', '--minutes', '0.5', '--threads', '1', '--out', 'model'], { cwd: dir });
    await run.seen(/^0% /m);
    run.child.kill('SIGINT');
    await run.ended;
    const warning = run.streams.stderr.split('\n').find((line) => line.startsWith('jampr: warning:'));
    expect(warning).toMatch(
      new RegExp(
        `^jampr: warning: --minutes 0\\.5: Too short for these days at this size: getting ready \\(measuring the model it starts from on 128 generated days\\) takes about [\\d.]+ min, .* it trains no step and keeps no model, yet takes about [\\d.]+ min\\. Give it at least ${shortest} min \\(estimated for a busy two-core machine; a faster one needs less\\)\\. It runs as asked\\.$`,
      ),
    );
    // Said before the run's first progress line: before any work.
    expect(run.streams.stderr.indexOf('jampr: warning:')).toBeLessThan(run.streams.stderr.search(/^0% /m));
    expect(existsSync(join(dir, 'model', 'model.json'))).toBe(false);
  }, 60_000);
});

describe('jampr train that took no training step in its minutes', () => {
  it('keeps no model, as the app keeps none: says so in one line, writes nothing into --out, exits 1', async () => {
    const dir = await cliWorkDir();
    // Measuring untrained weights on 128 generated days of 120 customers outlasts half the half minute on a fast
    // machine, and the run keeps as long again for the closing measurement: no step fits.
    const shortest = runTime({ size: 120, learnStops: [], heldOutStops: [], fromScratch: true }).shortestMinutes;
    const run = startJampr(['train', '--size', '120', '--minutes', '0.5', '--threads', '1', '--out', 'model'], { cwd: dir });
    expect(await run.ended).toEqual({ code: 1, signal: null });
    expect(run.streams.stdout).toBe('');
    expect(run.streams.stderr.trimEnd().split('\n').at(-1)).toBe(
      `jampr: no training step fitted in --minutes 0.5: getting ready took them, so the model would be the untrained weights and nothing was written to model, as the app keeps no model then; give it at least --minutes ${shortest}`,
    );
    // The folder it made for the run goes with its claim: nothing of the run is left.
    expect(readdirSync(dir)).toEqual([]);
  }, 240_000);
});
