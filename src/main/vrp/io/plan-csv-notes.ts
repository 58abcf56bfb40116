/**
 * The plan CSV's `note` cells for what a route breaks: each of the evaluator's violations on the row it concerns
 * (a late stop on its stop row, over capacity and back after the shift on the return row, a route beyond the fleet on
 * its depart row, as is a stop no longer in the day), in the evaluator's own message after the word the driver sheet marks it with, so that a
 * spreadsheet of a broken plan does not read as a clean one.
 */
import type { Evaluation, Instance, Violation, ViolationKind } from '../../../shared/domain.js';
import { timeInText } from '../../../shared/number-text.js';
import { backAfterShift, routesBeyondFleet } from '../../../shared/route-flags.js';

/** The driver sheet's and the plan panel's words for each broken rule, before the evaluator's message. */
const LABELS: Record<ViolationKind, string> = {
  late: 'late',
  capacity: 'over capacity',
  horizon: 'back after the shift ends',
  fleet: 'beyond the fleet',
  'duplicate-visit': 'visited twice',
  'unknown-customer': 'unknown customer',
  unserved: 'not served',
};

const say = (v: Violation): string => `${LABELS[v.kind]}: ${v.message}`;

export interface RouteNotes {
  depart: string[];
  /** One list per stop, in the route's order. */
  stops: string[][];
  return: string[];
}

/** The notes of route `r` (its index in the plan's routes, as the violations count it). */
export function routeNotes(instance: Instance, evaluation: Evaluation, r: number): RouteNotes {
  // Times as the evaluator's messages beside them write them ("1234.5", 14:05), not as the number cells do; a moment
  // (a return) as the schedule cells write it, midnight beginning the next day (00:00+1), not ending the first (24:00).
  const time = (v: number) => timeInText(v, instance.clockTimes);
  const moment = (v: number) => timeInText(v, instance.clockTimes, true);
  const route = evaluation.routes[r];
  const own = evaluation.violations.filter((v) => v.route === r);
  const fleet = evaluation.violations.find((v) => v.kind === 'fleet');
  const beyond = fleet ? routesBeyondFleet(evaluation.routes, instance.vehicles).has(r) : false;
  const stops = route.stops.map((s) => {
    // The orders pass the capacity at one customer, but the whole route is over it: that is said on its return row.
    const notes = own.filter((v) => v.customerId === s.customerId && v.kind !== 'capacity').map(say);
    // Soft windows serve late at a price, not as a violation; the driver sheet still marks the stop "(late)".
    if (s.late > 0 && !own.some((v) => v.kind === 'late' && v.customerId === s.customerId)) {
      notes.push('late: served after its window closes, as soft windows allow (priced)');
    }
    return notes;
  });
  const back = own.filter((v) => v.kind === 'capacity' || v.kind === 'horizon').map(say);
  // Without a horizon (soft windows) the cost lets a route end after the shift; the driver's day still runs past it.
  if (!own.some((v) => v.kind === 'horizon') && backAfterShift(route, instance.depot.due)) {
    back.push(
      `back after the shift ends: back at the depot at ${moment(route.returnTime)}, after the shift ends at ${time(instance.depot.due)} (soft windows allow it)`,
    );
  }
  // A stop removed from the day since the plan was made has no schedule row: the route's depart row names it, so the
  // driver handed the file knows the route differs from what was planned.
  const gone = own.filter((v) => v.kind === 'unknown-customer').map(say);
  return { depart: [...gone, ...(beyond && fleet ? [say(fleet)] : [])], stops, return: back };
}
