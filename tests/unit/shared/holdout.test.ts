import { describe, expect, it } from 'vitest';
import {
  costRatio,
  holdoutOutlook,
  holdoutSpeedNotice,
  holdoutWords,
  MIN_DAYS_TO_JUDGE,
  plannedBetter,
  splitHoldout,
} from '../../../src/shared/holdout.js';

describe('the held-out days of a retraining', () => {
  it('holds out the most recent days: none of one, a fifth of many, and from four days on enough to judge by', () => {
    const days = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    expect(splitHoldout(days(1))).toEqual({ learn: [1], holdout: [] });
    expect(splitHoldout(days(2))).toEqual({ learn: [1], holdout: [2] });
    expect(splitHoldout(days(3)).holdout).toEqual([3]);
    // From four days on, enough are held out to judge by: a week of five stored days can replace the model in use.
    expect(splitHoldout(days(4))).toEqual({ learn: [1], holdout: [2, 3, 4] });
    expect(splitHoldout(days(5))).toEqual({ learn: [1, 2], holdout: [3, 4, 5] });
    expect(splitHoldout(days(6)).holdout).toHaveLength(MIN_DAYS_TO_JUDGE);
    expect(splitHoldout(days(50)).holdout).toEqual(days(50).slice(40));
    // Every day is used once: to learn from or to judge by.
    for (const n of [3, 7, 12, 31]) {
      const { learn, holdout } = splitHoldout(days(n));
      expect([...learn, ...holdout]).toEqual(days(n));
    }
  });

  it('says before the run how many days are held out and whether the new model can be activated on them', () => {
    expect(holdoutOutlook(5)).toBe(
      '3 of the 5 ticked days are held out: the new model is activated if it plans them better than the model in use.',
    );
    expect(holdoutOutlook(3)).toBe(
      '1 of the 3 ticked days is held out: too few to judge by (at least 3), so the new model is kept but not activated (tick 4 or more stored days for that).',
    );
    expect(holdoutOutlook(1)).toBe(
      '1 day ticked: none is held out, so the new model is kept but not activated (tick 4 or more stored days for that).',
    );
    // The dispatcher may have many days stored, none of them ticked: the advice is to tick them.
    expect(holdoutOutlook(0)).toBe(
      'No day ticked: it learns from generated days, holds none of yours out, and is not activated (tick 4 or more stored days for that).',
    );
  });
});

describe('judging the held-out days day by day', () => {
  const compared = (newCosts: number[], currentCosts: number[], newUnserved = 0, currentUnserved = 0) => ({
    days: newCosts.length,
    newCosts,
    newUnserved,
    newUnservedByDay: newCosts.map((_, d) => (d === 0 ? newUnserved : 0)),
    currentCosts,
    currentUnserved,
    currentUnservedByDay: currentCosts.map((_, d) => (d === 0 ? currentUnserved : 0)),
  });
  it("weighs each day alike, whatever its size or units: a day's costs scaled by 1,000 change nothing", () => {
    const city = compared([90, 90, 110], [100, 100, 100]);
    const withPlanarDay = compared([90, 90, 110_000], [100, 100, 100_000]);
    expect(costRatio(city)).toBeCloseTo(Math.cbrt(0.9 * 0.9 * 1.1), 12);
    expect(costRatio(withPlanarDay)).toBeCloseTo(costRatio(city)!, 12);
    // The mean of the costs would call the second worse (36,726.7 against 33,400.0): the big day alone decided.
    expect(plannedBetter(withPlanarDay)).toBe(true);
  });
  it('counts fewer customers unserved first, and a day with nothing to plan (no cost to either) as a tie', () => {
    expect(plannedBetter(compared([80, 80, 80], [100, 100, 100], 1, 0))).toBe(false);
    expect(plannedBetter(compared([120, 120, 120], [100, 100, 100], 0, 1))).toBe(true);
    expect(costRatio(compared([90, 0], [100, 0]))).toBeCloseTo(Math.sqrt(0.9), 12);
    expect(plannedBetter(compared([100, 100], [100, 100]))).toBe(false);
  });
});

describe('the notice before Start where a held-out day takes minutes to judge on', () => {
  it('names the held-out days a learned model takes minutes to plan, by the Plan view notice rule, and says what to do', () => {
    expect(holdoutSpeedNotice([{ name: 'Dienstag', customers: 60 }])).toBeNull();
    expect(holdoutSpeedNotice([{ name: 'Dienstag', customers: 399 }])).toBeNull();
    expect(
      holdoutSpeedNotice([
        { name: 'Dienstag', customers: 60 },
        { name: 'Hamburg1000', customers: 1000 },
      ]),
    ).toBe(
      "“Hamburg1000” (1000 customers) is held out to judge the new model: both models plan it once within the run's minutes (the model in use as the run starts, the new one as it ends), and on a day of 400 customers or more that takes minutes, not seconds. To judge sooner, untick it (the next most recent days are then held out).",
    );
  });
  it('says a day bigger than a learned model plans cannot be judged on', () => {
    expect(holdoutSpeedNotice([{ name: 'Depot 2000', customers: 2000 }])).toMatch(
      /The learned models plan at most 1000 customers, so a bigger day cannot be judged on: untick “Depot 2000”\.$/,
    );
  });
});

describe('the verdict on held-out days changed during the run', () => {
  it('names the days deleted, those judged as stored now, and those judged as read at the start, with why', () => {
    const c = {
      days: 3,
      newCosts: [1, 1, 1],
      newUnserved: 0,
      newUnservedByDay: [0, 0, 0],
      currentCosts: null,
      currentUnserved: null,
      currentUnservedByDay: null,
    };
    const { on } = holdoutWords(c, ['a', 'b', 'c'], ['d'], {
      now: ['b'],
      asBefore: ['“c” (1,200 customers now, more than a learned model plans)'],
    });
    expect(on).toBe(
      'mean cost of its greedy plans of 3 held-out days (“a”, “b”, “c”; “d” was deleted during the run and is left out; “b” was changed during the run and is judged as stored now; “c” (1,200 customers now, more than a learned model plans) was changed during the run but is judged as read at its start)',
    );
    expect(holdoutWords(c, ['a', 'b', 'c'], [], { now: ['a', 'b'], asBefore: [] }).on).toContain(
      '; “a”, “b” were changed during the run and are judged as stored now)',
    );
  });
});
