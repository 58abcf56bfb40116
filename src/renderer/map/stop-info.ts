/**
 * What each customer's marker shows of the plan: its route and place in it, and its times as the driver lives them
 * (stopAsDriven, as the route legend, the timeline and the driver sheet tell them): late, early service or a wait.
 */
import type { Evaluation, Routes, VariantName } from '../../shared/domain.js';
import { stopAsDriven } from '../../shared/stop-as-driven.js';

export interface StopInfo {
  route: number;
  order: number;
  late: number;
  early: number;
  wait: number;
  /** Arrival time; NaN while the plan is being re-scored. */
  arrival: number;
}

export function stopInfo(
  routes: Routes | null | undefined,
  evaluation: Evaluation | null | undefined,
  variant: VariantName | undefined,
  shiftStart: number,
): Map<string, StopInfo> {
  const info = new Map<string, StopInfo>();
  for (const [r, route] of (routes ?? []).entries()) {
    for (const [i, id] of route.entries()) info.set(id, { route: r, order: i + 1, late: 0, early: 0, wait: 0, arrival: Number.NaN });
  }
  // Without the policy a plan's stops cannot be told waiting from early: they are shown by route and order alone.
  if (!evaluation || !variant) return info;
  for (const summary of evaluation.routes) {
    for (const [k, stop] of summary.stops.entries()) {
      const entry = info.get(stop.customerId);
      // The times as the driver lives them, as the route legend, the timeline and the driver sheet tell them.
      const { arrival, early, wait } = stopAsDriven(summary, k, shiftStart, variant);
      if (entry) Object.assign(entry, { late: stop.late, early, wait, arrival });
    }
  }
  return info;
}
