/**
 * The cost a plan out of date had when it was made (whether it is out of date: src/shared/changed-since.ts, the rule
 * the plan panel, the driver sheets and the plan exports share).
 */
import type { StoredPlan } from '../../shared/api.js';
import { formatCost } from '../format.js';

/**
 * The cost a changed plan had when it was made, where it reads differently from today's: an edit that changes only
 * what the cost does not count (an order's size under hard windows) leaves nothing to compare.
 */
export function costWhenPlanned(plan: Pick<StoredPlan, 'plannedCost'>, costNow: number): string | null {
  if (plan.plannedCost === undefined) return null;
  const then = formatCost(plan.plannedCost);
  return then === formatCost(costNow) ? null : then;
}
