import { describe, expect, it } from 'vitest';
import type { LearningPoint } from '../../../src/shared/api.js';
import { baselineOnMean } from '../../../src/renderer/training/curve-points.js';

const point = (meanCost: number | null, baselineCost: number | null): LearningPoint =>
  ({ instancesSeen: 64, elapsedSec: 1, meanCost, baselineCost, validationCost: null }) as LearningPoint;

describe('the learning curve legend', () => {
  it('tells a baseline that is the training mean (each day’s own samples) from one that is not', () => {
    expect(baselineOnMean([point(10, 10), point(9.5, 9.5 + 1e-9)])).toBe(true);
    expect(baselineOnMean([point(10, 10), point(9.5, 9.8)])).toBe(false);
    // No baseline drawn (imitation): nothing to say about it.
    expect(baselineOnMean([point(10, null)])).toBe(false);
    expect(baselineOnMean([point(null, 3)])).toBe(false);
  });
});
