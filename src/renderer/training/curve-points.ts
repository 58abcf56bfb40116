import type { LearningPoint } from '../../shared/api.js';

/** Every baseline point equals the training mean beside it (to rounding). */
export const baselineOnMean = (points: LearningPoint[]) =>
  points.some((p) => p.baselineCost !== null) &&
  points.every(
    (p) =>
      p.baselineCost === null || (p.meanCost !== null && Math.abs(p.baselineCost - p.meanCost) <= 1e-6 * Math.max(1, Math.abs(p.meanCost))),
  );
