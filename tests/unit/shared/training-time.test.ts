import { describe, expect, it } from 'vitest';
import { MIN_TRAINING_MINUTES } from '../../../src/shared/limits.js';
import { expectedSec, minutesText, runTime, runTimeNotice } from '../../../src/shared/training-time.js';

const days = (count: number, stops: number) => Array.from({ length: count }, () => stops);
/** The Training tab's run on ticked days (split as the form splits them: the most recent held out), from the model in use. */
const ticked = (size: number, learn: number[], heldOut: number[]) => ({
  size,
  learnStops: learn,
  heldOutStops: heldOut,
  fromScratch: false,
});

describe('the shortest retraining at a size, said before the run', () => {
  it('keeps half a minute for small days, and asks more where getting ready and judging big days leave no step', () => {
    // The form's first look: nothing ticked, 20 customers; and 50 days of 20 (10 held out), 20 days of 50 (4 held out),
    // which trained steps in half a minute on the loaded two-core machine (bench/RESULTS.md).
    expect(runTime(ticked(20, [], [])).shortestMinutes).toBe(MIN_TRAINING_MINUTES);
    expect(runTime(ticked(20, days(40, 20), days(10, 20))).shortestMinutes).toBe(MIN_TRAINING_MINUTES);
    expect(runTime(ticked(50, days(16, 50), days(4, 50))).shortestMinutes).toBe(MIN_TRAINING_MINUTES);
    // Five days of 120 stops at 100 customers: half a minute and a minute trained no step or overran it (measured 34 s
    // with none, 75 s with one); one day of 120 validates on 128 copies of it, 67 s each way.
    expect(runTime(ticked(100, days(2, 120), days(3, 120))).shortestMinutes).toBe(1.5);
    expect(runTime(ticked(100, days(1, 120), [])).shortestMinutes).toBe(3);
    // Bigger held-out days need more; from scratch there is no pair bias to fit, so less.
    const bigHeld = runTime(ticked(100, days(2, 120), days(3, 400)));
    expect(bigHeld.shortestMinutes).toBeGreaterThan(3);
    expect(runTime({ ...ticked(100, days(2, 120), days(3, 120)), fromScratch: true }).pairSec).toBe(0);
  });

  it('fits a step and the closing validation in the shortest minutes, and not in half a minute less', () => {
    for (const shape of [ticked(100, days(2, 120), days(3, 120)), ticked(100, days(1, 120), []), ticked(80, days(4, 90), days(3, 200))]) {
      const t = runTime(shape);
      expect(expectedSec(t, t.shortestMinutes)).toBe(t.shortestMinutes * 60);
      // Half a minute less: it runs past them with its one step, or ends once ready without one.
      expect(expectedSec(t, t.shortestMinutes - 0.5)).not.toBe((t.shortestMinutes - 0.5) * 60);
    }
  });

  it('says the total and that judging is within the minutes where they fit; where not, what the run would do and the fewest that fit', () => {
    const big = ticked(100, days(2, 120), days(3, 120));
    expect(runTimeNotice(big, 2)).toEqual({
      short: false,
      shortestMinutes: 1.5,
      text: 'Takes about 2 min in all: planning the 3 held-out days with the model it starts from, and the new model at the end, is part of the minutes.',
    });
    const short = runTimeNotice(big, 0.5);
    expect(short.short).toBe(true);
    expect(short.text).toBe(
      'Too short for these days at this size: getting ready (planning the 3 held-out days with the model it starts from) takes about 0.5 min, and the same again for the new model at the end must fit in the minutes too, so in 0.5 min it takes one short step past them, about 1 min in all. Give it at least 1.5 min (estimated for a busy two-core machine; a faster one needs less).',
    );
    // One day of 120 ticked: getting ready outlasts the minutes (the pair bias's share with it: not fitted), and the run
    // takes it whole.
    expect(runTimeNotice(ticked(100, [120], []), 0.5).text).toMatch(
      /^Too short .*\(measuring the model it starts from on 128 copies of the ticked days\) takes about 1\.5 min.* it trains no step and keeps no model, yet takes about 1\.5 min\. Give it at least 3 min/,
    );
    // Where the measuring ends within the pair bias's share, the fit is begun: said so.
    expect(runTimeNotice(big, 1).text).toMatch(
      /\(planning the 3 held-out days with the model it starts from, then fitting the pair bias\)/,
    );
    // A minute on five days of 120: one step squeezed in past them.
    expect(runTimeNotice(big, 1).text).toMatch(/so in 1 min it takes one short step past them, about 1\.5 min in all\./);
    expect(runTimeNotice(ticked(20, [], []), 0.5).text).toBe(
      'Takes about 0.5 min in all: measuring the model it starts from on 128 generated days, and the new model at the end, is part of the minutes.',
    );
  });

  it('fits the pair bias only within its share of the minutes: not begun after it, its pass ended at it', () => {
    const big = runTime(ticked(100, days(2, 120), days(3, 120)));
    // Half a minute: its 30 % (9 s) is spent measuring the held-out days (13.5 s), so no fit, and a step past the minutes.
    expect(expectedSec(big, 0.5)).toBe(big.validationSec + big.stepSec + big.validationSec);
    // A minute: the fit's first pass (16 s) is ended at 18 s, a batch of its days past it; the step and closing
    // validation then run past the minute.
    expect(expectedSec(big, 1)).toBeCloseTo(18 + big.pairSec / 4 + big.stepSec + big.validationSec, 9);
    // Long runs: the search goes on to its share, and a generation's last pass may end a pass past it.
    expect(expectedSec(big, 10)).toBe(600);
    // From scratch: nothing to fit; one day ticked, 128 copies measured (64 s), a run that trains no step ends once ready.
    expect(expectedSec({ ...big, pairSec: 0 }, 0.5)).toBe(big.validationSec + big.stepSec + big.validationSec);
    const oneDay = runTime(ticked(100, [120], []));
    expect(expectedSec(oneDay, 1)).toBe(oneDay.validationSec);
  });

  it('words a wall time to the half minute, rounded up', () => {
    expect([minutesText(0), minutesText(30), minutesText(31), minutesText(89.5), minutesText(600)]).toEqual([
      '0.5 min',
      '0.5 min',
      '1 min',
      '1.5 min',
      '10 min',
    ]);
  });

  it('writes its minutes as every message writes a number: no thousands separator (messageNumber)', () => {
    // A day's run of 20 hours: "1,200" reads as one point two to a dispatcher used to decimal commas.
    expect(minutesText(72_000)).toBe('1200 min');
    expect(runTimeNotice(ticked(20, [], []), 1200).text).toMatch(/^Takes about 1200 min in all/);
    // Too short at a size whose getting ready outlasts a thousand minutes: the minutes given and the fewest alike.
    const huge = ticked(1000, days(1, 1000), days(20, 3000));
    const fewest = runTime(huge).shortestMinutes;
    expect(fewest).toBeGreaterThan(1000);
    expect(runTimeNotice(huge, 1000.5).text).toContain(`so in 1000.5 min `);
    expect(runTimeNotice(huge, 1000.5).text).toContain(`Give it at least ${fewest} min`);
  });
});
