import { describe, expect, it } from 'vitest';
import { MIN_DAYS_TO_JUDGE, splitHoldout } from '../../../src/shared/holdout.js';

describe('the held-out days of a retraining', () => {
  it('holds out the most recent days: none of one, a fifth of many, enough to judge by where that leaves enough to learn', () => {
    const days = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    expect(splitHoldout(days(1))).toEqual({ learn: [1], holdout: [] });
    expect(splitHoldout(days(2))).toEqual({ learn: [1], holdout: [2] });
    expect(splitHoldout(days(5)).holdout).toEqual([4, 5]);
    expect(splitHoldout(days(6)).holdout).toHaveLength(MIN_DAYS_TO_JUDGE);
    expect(splitHoldout(days(50)).holdout).toEqual(days(50).slice(40));
    // Every day is used once: to learn from or to judge by.
    for (const n of [3, 7, 12, 31]) {
      const { learn, holdout } = splitHoldout(days(n));
      expect([...learn, ...holdout]).toEqual(days(n));
    }
  });
});
