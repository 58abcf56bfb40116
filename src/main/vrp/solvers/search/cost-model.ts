import type { Variant } from '../../../../shared/domain.js';
import { variantHardTime, variantWaits } from '../../../../shared/domain.js';
import { TIME_EPS } from '../../evaluate.js';

/**
 * The variant's cost rules as the search needs them. The search prices routes exactly like evaluate.ts
 * (same simulation, same stopPenalty); these flags only pick the fastest exact way to do it.
 */
export interface CostModel {
  readonly variant: Variant;
  /** Early vehicles wait for the window to open (tw1, tw2). */
  readonly waits: boolean;
  /** Windows and the horizon are hard rules (tw1). */
  readonly hardTime: boolean;
  /**
   * tw1 with a linear waiting price: a route's cost is (1 - alpha) * distance + alpha * (return time - start
   * - service), so a route suffix is summarised by O(1) numbers and most moves are priced in O(1).
   */
  readonly fastSuffix: boolean;
  readonly alpha: number;
  /** Lateness above this breaks a hard window. Stricter than the evaluator's TIME_EPS, so every plan the
   * search accepts also passes the evaluator despite rounding in a different summation order. */
  readonly lateTolerance: number;
}

export function makeCostModel(variant: Variant): CostModel {
  const hardTime = variantHardTime(variant.name);
  return {
    variant,
    waits: variantWaits(variant.name),
    hardTime,
    fastSuffix: hardTime && (variant.penalty === 'linear' || variant.alpha === 0),
    alpha: variant.alpha,
    lateTolerance: TIME_EPS / 2,
  };
}
