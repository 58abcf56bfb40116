/**
 * A stop's times as the driver lives them, for every view that shows them (the route legend's chip, the map's
 * tooltip, the timeline, the driver sheet), so no two of them tell a driver different times for one stop. The plan's
 * cost has every vehicle leave the depot at the shift start and wait at its first stop; the driver leaves later by
 * that wait instead (routeDeparture), so the first stop is reached as its window opens: no wait there, and not early.
 * Every other stop is as the plan has it. The plan CSV follows it too (the first stop's wait on its depart row), and
 * Compare lists that wait as "at the depot" (before-window.ts).
 * Arriving before a window opens is a wait under a policy that waits (hard, partly soft: variantWaits) and early
 * service only under soft windows: the plan keeps that time as both its wait and its earliness, and every view tells
 * it once, by the policy, as the KPIs and the comparison do (earlyFigure), and the plan JSON and CSV (earlyService).
 */
import { type RouteSummary, routeDeparture, type StopSchedule, type VariantName, variantWaits } from './domain.js';

export interface StopAsDriven {
  /** When the driver gets there. */
  arrival: number;
  /** Idle there before service starts. */
  wait: number;
  /** Served before its window opens: soft windows only (under the others that time is the wait, and this is 0). */
  early: number;
  /** The first stop reached later than the plan's rule has it, as the driver left the depot later. */
  leftLater: boolean;
}

/**
 * Time served before a window opens, as every view and export tells it (a stop's or a plan's total): under a policy
 * that waits (variantWaits) the evaluator's earliness is the same time as its wait, told once, as the wait; only
 * under soft windows is it early service.
 */
export const earlyService = (variant: VariantName, early: number): number => (variantWaits(variant) ? 0 : early);

/** Stop `k` of `route` as driven, the shift starting at `shiftStart`, planned under the policy `variant`. */
export function stopAsDriven(route: Pick<RouteSummary, 'stops'>, k: number, shiftStart: number, variant: VariantName): StopAsDriven {
  const stop: StopSchedule = route.stops[k];
  const leftLater = k === 0 && routeDeparture(route, shiftStart) > shiftStart;
  if (leftLater) return { arrival: stop.start, wait: 0, early: 0, leftLater };
  return { arrival: stop.arrival, wait: stop.wait, early: earlyService(variant, stop.early), leftLater };
}
