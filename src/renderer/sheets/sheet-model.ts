/**
 * What a driver's sheet lists for one route: leave the depot, every stop in order (name, address or position,
 * window, ETA, when service starts, service, load), back at the depot. Pure,
 * so the printed sheet and the PDF read the same rows (their shape is src/shared/driver-sheet.ts, which the PDF
 * request is checked against).
 *
 * The plan's cost has every vehicle leave at the shift start (docs/cost.md); a route whose first window opens later
 * would have its driver wait there. The sheet says to leave as late as keeps every stop's service start as planned:
 * the shift start plus the wait at the first stop.
 */
import {
  type Customer,
  type Depot,
  type Evaluation,
  exceedsCapacity,
  type Instance,
  routeDeparture,
  type VariantName,
} from '../../shared/domain.js';
import type { Sheet, SheetRow } from '../../shared/driver-sheet.js';
import { positionText } from '../../shared/position-text.js';
import { stopAsDriven } from '../../shared/stop-as-driven.js';
import { backAfterShift, outOfDateNote } from '../../shared/route-flags.js';
import { routeColour } from '../map/palette.js';
import type { ChangedSince } from '../../shared/changed-since.js';
import { formatCount, formatNumber } from '../format.js';
import { unitsOf } from '../units.js';

function placeOf(node: Depot | Customer, geo: boolean): string {
  return node.address || positionText(node, geo);
}

export function driverSheets(instance: Instance, evaluation: Evaluation, variant: VariantName): Sheet[] {
  const units = unitsOf(instance);
  const geo = instance.coordinates?.kind === 'geo';
  const byId = new Map(instance.customers.map((c) => [c.id, c]));
  const { depot } = instance;
  const depotRow = (kind: 'depart' | 'return', eta: string, load: string): SheetRow => ({
    kind,
    order: '',
    id: depot.id,
    // A depot without a name is called one, unless its id already says it ("Depot Depot" otherwise).
    name: depot.name ?? (depot.id.trim().toLowerCase() === 'depot' ? '' : 'Depot'),
    place: placeOf(depot, geo),
    // The return row's window is the shift's end, said as such: "back by 14:00" beside the ETA "12:00" read as two
    // times of return, and under soft windows a route may be back after it. The departure's time is said once, with
    // its verb ("leave 06:23"): beside it again as the ETA, the row read "leave 06:23 | 06:23".
    window: kind === 'depart' ? `leave ${eta}` : `shift end ${units.time(depot.due)}`,
    eta: kind === 'depart' ? '' : eta,
    start: '',
    service: '',
    load,
    late: false,
  });
  return evaluation.routes.flatMap((route, r) => {
    if (route.stops.length === 0) return [];
    const departure = routeDeparture(route, depot.ready);
    const stops = route.stops.map((s, k): SheetRow => {
      const c = byId.get(s.customerId);
      const { arrival, early } = stopAsDriven(route, k, depot.ready, variant);
      return {
        kind: 'stop',
        order: String(k + 1),
        id: s.customerId,
        name: c?.name ?? '',
        place: c ? placeOf(c, geo) : '',
        window: c ? `${units.moment(c.ready)}–${units.time(c.due)}` : '',
        eta: units.moment(arrival),
        // Every stop's, under every policy: at the arrival or, where the driver waits, as the window opens. Soft windows
        // never wait, so a start told only after a wait left the column empty on every stop of their plans.
        start: units.moment(s.start),
        service: c ? units.duration(c.service) : '',
        load: formatNumber(c?.demand ?? 0),
        late: s.late > 0,
        early: early > 0,
      };
    });
    return [
      {
        route: r,
        title: `Route ${r + 1}`,
        colour: routeColour(r),
        summary:
          `${formatCount(route.stops.length, 'stop')} · ${units.distance(route.length)} · load ${formatNumber(route.load)} of ${formatNumber(instance.capacity)} · ${units.moment(departure)}–${units.moment(route.returnTime)}` +
          // A hand-edited plan may break the vehicle's capacity or the shift: the driver's sheet must not hide it.
          (exceedsCapacity(route.load, instance.capacity) ? ' · OVER CAPACITY' : '') +
          (backAfterShift(route, depot.due) ? ' · BACK AFTER THE SHIFT ENDS' : ''),
        rows: [
          depotRow('depart', units.moment(departure), formatNumber(route.load)),
          ...stops,
          depotRow('return', units.moment(route.returnTime), ''),
        ],
        path: [depot, ...route.stops.map((s) => byId.get(s.customerId)).filter((c): c is Customer => c !== undefined)].map((n) => ({
          x: n.x,
          y: n.y,
          id: n.id,
        })),
      },
    ];
  });
}

/**
 * What every sheet of the plan warns of above its stops (screen, print and PDF alike): a plan made before the day
 * changed, as the plan panel says it (changed-since.ts), and what the whole plan breaks in the evaluator's words
 * (more routes than the fleet has vehicles), so a driver is not handed a sheet that looks current and sound.
 */
export function sheetWarnings(changed: ChangedSince | null, evaluation: Pick<Evaluation, 'violations'>): string[] {
  const warnings: string[] = [];
  if (changed) {
    const note = outOfDateNote(changed.kind === 'unsaved');
    warnings.push(note.charAt(0).toUpperCase() + note.slice(1));
  }
  if (changed?.kind === 'saved' && changed.removed.length > 0) {
    const one = changed.removed.length === 1;
    warnings.push(
      `${one ? 'Customer' : 'Customers'} ${changed.removed.join(', ')}, removed from the day since, still ${one ? 'stands' : 'stand'} on the routes`,
    );
  }
  for (const v of evaluation.violations) {
    if (v.kind === 'fleet') warnings.push(v.message.charAt(0).toUpperCase() + v.message.slice(1));
  }
  return warnings;
}
