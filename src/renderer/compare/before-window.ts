/**
 * Where a plan's time before windows open goes, as the Plan view tells it (stopAsDriven): at each customer, as its
 * wait (hard, partly soft windows) or its earliness (soft), except the first stop's wait, which a driver who leaves
 * later spends at the depot (the timeline's "at the depot", depot-wait.ts). The customers' and the depot's add up
 * to the plan's key figure (earlyFigure), so the comparison's rows and its KPIs tell one total.
 */
import type { Evaluation, VariantName } from '../../shared/domain.js';
import { stopAsDriven } from '../../shared/stop-as-driven.js';
import { earlyFigure } from '../plan/time-window-policy.js';

export interface BeforeWindow {
  /** Minutes each served customer is waited for (or served early), as driven. */
  byCustomer: Map<string, number>;
  /** Minutes spent at the depot by drivers who leave later: the first stops' wait (priced by the policy, depot-wait.ts). */
  atDepot: number;
}

export function beforeWindow(plan: { evaluation: Evaluation; variant: { name: VariantName } }, shiftStart: number): BeforeWindow {
  const { key } = earlyFigure(plan.variant.name);
  const byCustomer = new Map<string, number>();
  let atDepot = 0;
  for (const route of plan.evaluation.routes) {
    for (const [k, stop] of route.stops.entries()) {
      const driven = stopAsDriven(route, k, shiftStart, plan.variant.name);
      byCustomer.set(stop.customerId, driven[key]);
      if (driven.leftLater) atDepot += stop.wait;
    }
  }
  return { byCustomer, atDepot };
}
