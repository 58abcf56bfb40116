/**
 * Turns the evaluator's per-stop schedule into timeline segments: travel, wait, service, and the early / late
 * stretches (early: arrival until the window opens; late: the window's due time until arrival). Pure, so the
 * Gantt chart only draws.
 */
import { MINUTES_PER_DAY } from '../../shared/clock.js';
import { type Customer, type RouteSummary, routeDeparture, type VariantName } from '../../shared/domain.js';
import { stopAsDriven } from '../../shared/stop-as-driven.js';

export type SegmentKind = 'depot' | 'travel' | 'wait' | 'service' | 'early' | 'late';

export interface Segment {
  kind: SegmentKind;
  from: number;
  to: number;
  /** The stop the segment leads to or belongs to; null for the return to the depot. */
  customerId: string | null;
}

/**
 * Segments of one vehicle in its driver's day. The plan's rule has it leave the depot at `departAt` (the shift start)
 * and wait at its first stop; the driver leaves later by that wait instead (routeDeparture; each stop's times by
 * stopAsDriven, as every view tells them), so the stretch is drawn at the depot ('depot'), before the first leg: the
 * cost still counts it as that stop's wait (and, under hard windows, its earliness). An early bar is drawn only under
 * soft windows (`variant`): under the others the time before a window opens is the wait drawn hatched.
 */
export function routeSegments(
  route: RouteSummary,
  departAt: number,
  customers: ReadonlyMap<string, Customer>,
  variant: VariantName,
): Segment[] {
  const segments: Segment[] = [];
  const first = route.stops[0];
  const leave = first ? routeDeparture(route, departAt) : departAt;
  if (leave > departAt) segments.push({ kind: 'depot', from: departAt, to: leave, customerId: first.customerId });
  let clock = leave;
  for (const [k, stop] of route.stops.entries()) {
    const id = stop.customerId;
    const { arrival, wait, early } = stopAsDriven(route, k, departAt, variant);
    if (arrival > clock) segments.push({ kind: 'travel', from: clock, to: arrival, customerId: id });
    if (wait > 0) segments.push({ kind: 'wait', from: arrival, to: arrival + wait, customerId: id });
    if (stop.departure > stop.start) segments.push({ kind: 'service', from: stop.start, to: stop.departure, customerId: id });
    const customer = customers.get(id);
    if (early > 0) segments.push({ kind: 'early', from: arrival, to: arrival + early, customerId: id });
    if (stop.late > 0) {
      const due = customer ? customer.due : stop.arrival - stop.late;
      segments.push({ kind: 'late', from: due, to: stop.arrival, customerId: id });
    }
    clock = stop.departure;
  }
  if (route.returnTime > clock) segments.push({ kind: 'travel', from: clock, to: route.returnTime, customerId: null });
  return segments;
}

/**
 * A lane for each early bar of a row, so that none lies over another: under soft windows a van hours early serves a
 * stop at once and drives on, so a stop's early stretch (arrival until its window opens) runs past the next stops'
 * arrivals and their bars fell on one line, unreadable. A bar takes the first lane free at its start (lane 0 is the
 * row's one line as before); `lane` is indexed as `segments`, 0 for other kinds; `lanes` is at least 1.
 */
export function earlyLanes(segments: readonly Segment[]): { lane: number[]; lanes: number } {
  const laneEnds: number[] = [];
  const lane = segments.map((segment) => {
    if (segment.kind !== 'early') return 0;
    const free = laneEnds.findIndex((end) => end <= segment.from);
    const at = free < 0 ? laneEnds.length : free;
    laneEnds[at] = segment.to;
    return at;
  });
  return { lane, lanes: Math.max(1, laneEnds.length) };
}

/**
 * The time span the chart shows: from the shift start to the last return. The shift end is included when it is
 * near (or routes run past it); a long shift that routes barely use would squeeze every bar to the left.
 */
export function timelineSpan(routes: RouteSummary[], shift: { ready: number; due: number }): { start: number; end: number } {
  const lastReturn = Math.max(shift.ready, ...routes.map((r) => r.returnTime));
  const used = lastReturn - shift.ready;
  const end = shift.due - shift.ready <= used * SHIFT_NEAR ? Math.max(shift.due, lastReturn) : lastReturn + used * 0.04;
  return { start: shift.ready, end: end > shift.ready ? end : shift.ready + 1 };
}

/** The shift end is drawn when it lies within this factor of the time the routes use. */
const SHIFT_NEAR = 1.35;

/** Where a stop dropped at time `time` goes in a route: before the first stop that starts later. */
export function insertionIndex(route: RouteSummary | undefined, time: number): number {
  if (!route) return 0;
  const index = route.stops.findIndex((s) => s.start > time);
  return index < 0 ? route.stops.length : index;
}

/**
 * A tick's label: the time as everywhere, except that a midnight inside a shift that runs on past it is the next
 * day's "00:00+1", not the end-of-day "24:00" (which only the end of a day's span reads).
 */
export function axisLabel(tick: number, spanEnd: number, clockTimes: boolean | undefined, time: (v: number) => string): string {
  if (clockTimes && tick > 0 && tick % MINUTES_PER_DAY === 0 && tick < spanEnd) return `00:00+${tick / MINUTES_PER_DAY}`;
  return time(tick);
}

/** Round tick steps for the time axis (1, 2, 5 x 10^k, or whole hours for clock times). */
export function axisTicks(start: number, end: number, clockTimes: boolean | undefined, maxTicks = 10): number[] {
  const span = end - start;
  const steps = clockTimes ? [15, 30, 60, 120, 180, 240, 360, 720] : [];
  let step = steps.find((s) => span / s <= maxTicks);
  if (step === undefined) {
    const raw = span / maxTicks;
    const magnitude = 10 ** Math.floor(Math.log10(raw));
    step = [1, 2, 5, 10].map((f) => f * magnitude).find((s) => s >= raw) ?? 10 * magnitude;
  }
  const ticks: number[] = [];
  for (let t = Math.ceil(start / step) * step; t <= end + 1e-9; t += step) ticks.push(t);
  return ticks;
}
