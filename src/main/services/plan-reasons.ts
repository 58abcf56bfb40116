import type { StoredPlan } from '../../shared/api.js';
import type { Evaluation, Routes } from '../../shared/domain.js';
import { ADDED_AFTER, customersKnownTo, leftOutBecause, TAKEN_OFF } from '../../shared/not-served.js';

/**
 * What a plan knows of the customers it leaves out that the evaluator, which sees only today's data, does not: its
 * routes, which customers it knew (one added to the day after it was made was never known to it), and which the
 * dispatcher took off its routes by hand.
 */
export interface PlanKnowledge {
  routes: Routes;
  knows: (id: string) => boolean;
  takenOff: ReadonlySet<string>;
}

/**
 * A stored plan's knowledge: the customers it knew are those on its routes and those it already left out; those a saved
 * hand edit took off stay taken off by hand when it is edited again.
 */
export function knowledgeOf(plan: Pick<StoredPlan, 'routes' | 'evaluation'>): PlanKnowledge {
  const known = customersKnownTo(plan);
  return { routes: plan.routes, knows: (id) => known.has(id), takenOff: new Set(leftOutBecause(plan.evaluation, TAKEN_OFF)) };
}

/**
 * Why customers are not served, where the plan (the plan itself, or the plan some routes are hand edits of) knows
 * better than the evaluator, which would blame the fleet: a customer added to the instance after the plan was made
 * was never known to it, and one its routes served, or that it says was taken off by hand, was taken off by hand.
 */
export function withReasonsFrom(plan: PlanKnowledge, now: Evaluation): Evaluation {
  const routed = new Set(plan.routes.flat());
  const reason = (id: string) => (routed.has(id) || plan.takenOff.has(id) ? TAKEN_OFF : plan.knows(id) ? null : ADDED_AFTER);
  const violations = now.violations.map((v) => {
    const why = v.kind === 'unserved' && v.customerId !== undefined ? reason(v.customerId) : null;
    if (!why) return v;
    // The evaluator's figures (demand, room left) were of its own reason, not of this one.
    const { figures: _theirs, ...rest } = v;
    return { ...rest, message: `customer ${v.customerId} is not served: ${why}` };
  });
  return { ...now, violations };
}
