import type { Instance, Variant } from '../../../shared/domain.js';
import { unservedIds } from '../../../shared/not-served.js';
import { evaluatePlan, toIdRoutes } from '../../vrp/evaluate.js';
import { compileProblem } from '../../vrp/problem.js';
import { fitToFleetBy } from '../../vrp/solvers/fleet-fit.js';
import { carriedPart } from '../../vrp/unserved.js';
import { buildProblem } from '../../vrp/validate.js';
import type { Policy } from '../model/policy.js';
import { jamprGreedyPlan } from '../planner.js';

/** Each day's plan cost in the day's own units, and the customers the plans leave unserved, in all and day by day. */
export interface PlanCosts {
  costs: Float64Array;
  unserved: number;
  unservedByDay: number[];
}

/**
 * The validation of a retraining on the dispatcher's held-out days, measured as the verdict measures them
 * (jobs/train.ts, compareOnHoldout, which runs the plan job): each whole day planned by JAMPR greedy as the plan job
 * plans it (its orders bigger than a vehicle left out, the model's plan with its fallbacks, fitted to the fleet), and
 * priced by the evaluator in the day's own units (driving minutes and penalties, the Plan view's cost), a customer left
 * unserved counted apart rather than charged. The trainer's own greedy cost (costs.ts) is in the model's frame, with a
 * shift charged per customer left and without the plan job's fallbacks and fit: on a day the plain rollout strands
 * customers it read several times the verdict's figure for the same model, so curve and verdict told two stories.
 * BatchNorm runs in eval mode (decode.ts); a cancel ends it with AppError('cancelled').
 */
export function heldOutPlanCosts(
  policy: Policy,
  mPre: number,
  days: readonly Instance[],
  variant: Variant,
  signal?: AbortSignal,
): PlanCosts {
  const costs = new Float64Array(days.length);
  const unservedByDay = days.map(() => 0);
  days.forEach((day, d) => {
    const whole = buildProblem(day);
    const carried = carriedPart(day);
    let routes: string[][] = [];
    if (carried) {
      const problem = carried === day ? whole : compileProblem(carried);
      const planned = jamprGreedyPlan(policy, mPre, problem, variant, signal);
      routes = toIdRoutes(problem, fitToFleetBy(problem, variant, planned).routes);
    }
    const evaluation = evaluatePlan(whole, routes, variant);
    costs[d] = evaluation.cost;
    unservedByDay[d] = unservedIds(evaluation).length;
  });
  return { costs, unserved: unservedByDay.reduce((sum, u) => sum + u, 0), unservedByDay };
}
