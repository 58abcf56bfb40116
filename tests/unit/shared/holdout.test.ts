import { describe, expect, it } from 'vitest';
import { holdoutOutlook, MIN_DAYS_TO_JUDGE, splitHoldout } from '../../../src/shared/holdout.js';

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
      '1 of the 3 ticked days is held out: too few to judge by (at least 3), so the new model is kept but not activated (tick 4 or more days for that).',
    );
    expect(holdoutOutlook(1)).toMatch(/^1 day ticked: none is held out, so the new model is kept but not activated/);
    expect(holdoutOutlook(0)).toMatch(/^No day ticked: /);
  });
});
