import { MAX_APP_TRAINING_SIZE, MIN_TRAINING_SIZE } from '../../shared/limits.js';

/** Model sizes the form accepts, and the size it offers before any day is ticked. */
export const SIZE_RANGE = [MIN_TRAINING_SIZE, MAX_APP_TRAINING_SIZE] as const;
const DEFAULT_SIZE = 20;

/** The median stop count of the ticked days, within the sizes a model can be trained at. */
export function typicalSize(stopCounts: number[]): number {
  if (stopCounts.length === 0) return DEFAULT_SIZE;
  const sorted = [...stopCounts].sort((a, b) => a - b);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  return Math.min(SIZE_RANGE[1], Math.max(SIZE_RANGE[0], median));
}
