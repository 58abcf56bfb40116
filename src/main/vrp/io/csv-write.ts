import { type Evaluation, type Instance, routeDeparture, type VariantName } from '../../../shared/domain.js';
import { formatClock, formatMoment } from '../../../shared/clock.js';
import { notServed } from '../../../shared/not-served.js';
import { timeInText } from '../../../shared/number-text.js';
import { outOfDateNote } from '../../../shared/route-flags.js';
import { stopAsDriven } from '../../../shared/stop-as-driven.js';
import { type CsvDialect, numbersInText, writeCsv } from './csv-cells.js';
import { routeNotes } from './plan-csv-notes.js';

/**
 * CSV exports: the instance as customer CSV (readable again by parseCustomerCsv) and a plan's
 * schedule, one row per stop, for dispatchers and spreadsheets.
 */

/**
 * A time of day: on a clock-time day always HH:MM(:SS), rounded to the second, the finest the reader keeps; else
 * plain minutes as they are. A clock-time day's file never mixes in a plain number, which its import refuses beside
 * HH:MM: a time off the second (8.333 h read from an hours column is 08:19:58.8) moves by under half a second,
 * which no window or shift is meant to, where writing fractions of a second would ask every spreadsheet the file
 * goes through to keep them.
 */
function timeCell(instance: Instance, minutes: number): string | number {
  return instance.clockTimes ? formatClock(minutes, true) : minutes;
}

/** The optional name and address columns, written only when some node has one (so plain files stay plain). */
function labelColumns(instance: Instance): ('name' | 'address')[] {
  const nodes = [instance.depot, ...instance.customers];
  return (['name', 'address'] as const).filter((field) => nodes.some((n) => n[field]));
}

/** The day's customers as the import reads them; `decimal-comma`: for Excel in a comma-decimal language (CsvDialect). */
export function writeInstanceCsv(instance: Instance, dialect: CsvDialect = 'standard'): string {
  const geo = instance.coordinates?.kind === 'geo';
  const labels = labelColumns(instance);
  const fields = ['type', 'id', ...labels, geo ? 'lat' : 'x', geo ? 'lon' : 'y', 'demand', 'ready', 'due', 'service'];
  const position = (n: { x: number; y: number }) => (geo ? [n.y, n.x] : [n.x, n.y]);
  const text = (n: Instance['depot'] | Instance['customers'][number]) => labels.map((field) => n[field] ?? '');
  const t = (v: number) => timeCell(instance, v);
  const { depot } = instance;
  const data = [
    ['depot', depot.id, ...text(depot), ...position(depot), 0, t(depot.ready), t(depot.due), 0],
    // A window that follows the shift is written as the file said it: blank.
    ...instance.customers.map((c) => [
      'customer',
      c.id,
      ...text(c),
      ...position(c),
      c.demand,
      c.opensWithShift ? '' : t(c.ready),
      c.closesWithShift ? '' : t(c.due),
      c.service,
    ]),
  ];
  return writeCsv(fields, data, dialect);
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * Where the route's driver leaves later than the shift start (stopAsDriven: the first stop's wait is spent at the
 * depot, as the driver sheet, the Plan view and Compare tell it), the depart row says so in words: its `wait` and
 * `departure` cells alone read as a wait at a stop.
 */
function laterDeparture(route: Evaluation['routes'][number], shiftStart: number, clockTimes: boolean | undefined): string {
  // A sentence: its times read as the evaluator's notes beside it write them, not as the number cells do.
  const time = (v: number) => timeInText(v, clockTimes, true);
  const first = route.stops[0];
  const departure = routeDeparture(route, shiftStart);
  // A wait under a minute leaves the told time at the shift start: nothing later to tell.
  if (!first || departure <= shiftStart) return '';
  return `the driver waits at the depot from the shift start ${time(shiftStart)} and leaves at ${time(departure)} to start ${first.customerId} as its window opens (as the driver sheet says); the plan's wait counts this time`;
}

/** Minutes the route's driver waits at the depot before leaving (the first stop's wait, where stopAsDriven puts it there), else blank. */
function atDepot(route: Evaluation['routes'][number], shiftStart: number, variant: VariantName): number | '' {
  return route.stops.length > 0 && stopAsDriven(route, 0, shiftStart, variant).leftLater ? round2(route.stops[0].wait) : '';
}

/** Several notes in one cell, the broken rules first. */
const joinNotes = (...notes: string[]): string => notes.filter((n) => n !== '').join('; ');

export interface PlanCsvOptions {
  /** The day was changed after the plan was made (the stored plan's `dataChanged`): every route says so. */
  outOfDate?: boolean;
  /** The change is on screen, not saved yet: the note says so, as the driver sheets do (outOfDateNote). */
  unsaved?: boolean;
  /** `decimal-comma`: for Excel in a language that writes decimals with a comma (`;` between columns, `12,5`). */
  dialect?: CsvDialect;
}

/**
 * The schedule of a plan evaluated under the policy `variant`, for drivers and spreadsheets: per route (numbered as in the plan, empty
 * routes left out) a departure row at the depot, one row per stop in order, and the return to the depot. Each
 * row names the place (id, name and address where known, lat/lon or x/y). The times are as driven (stopAsDriven, as the
 * driver sheet, the Plan view and Compare tell them): where the driver leaves later than the shift start, the first
 * stop's wait is spent at the depot, in the depart row's wait, and the stop is reached as its window opens (it read
 * "arrival 06:06, wait 23.96" at the stop beside the sheet's "leave 06:23"). Times of day are HH:MM for
 * clock-time instances, else minutes to two decimals; wait, early and late are minutes (the time before a window
 * opens in one of them, by the policy: earlyService), and say so in their
 * headings where the times of day are clock times or travel is driving minutes (lat/lon). The note column names
 * what a row breaks (plan-csv-notes.ts), and each route's depart row that the plan is out of date; its numbers follow the
 * dialect's decimal mark. Customers the plan does not serve follow the routes as rows of kind "not
 * served", the reason in the note column.
 */
export function writePlanCsv(
  instance: Instance,
  evaluation: Evaluation,
  variant: VariantName,
  { outOfDate = false, unsaved = false, dialect = 'standard' }: PlanCsvOptions = {},
): string {
  const note = outOfDate ? outOfDateNote(unsaved) : '';
  const geo = instance.coordinates?.kind === 'geo';
  // The schedule's moments: one at midnight is 00:00+1 beside the night's other times, not 24:00 (a shift's end).
  const at = (v: number) => (instance.clockTimes ? formatMoment(v) : round2(v));
  const fields = ['route', 'stop', 'kind', 'id', 'name', 'address', geo ? 'lat' : 'x', geo ? 'lon' : 'y'];
  // Durations beside clock times say their unit; on a planar day without clock times every time is in one unit.
  const minutes = instance.clockTimes || geo ? ' (min)' : '';
  fields.push('arrival', `wait${minutes}`, 'start', 'departure', `early${minutes}`, `late${minutes}`, 'load', 'note');
  const { depot } = instance;
  const byId = new Map(instance.customers.map((c) => [c.id, c]));
  // The notes' numbers are written as the number cells are (a decimal comma in that dialect), the ids they name as they are.
  const ids = [depot.id, ...byId.keys(), ...evaluation.violations.flatMap((v) => v.customerId ?? [])];
  const noteCell = (...notes: string[]) => numbersInText(joinNotes(...notes), dialect, ids);
  const place = (n: { id: string; name?: string; address?: string; x: number; y: number }) => [
    n.id,
    n.name ?? '',
    n.address ?? '',
    ...(geo ? [n.y, n.x] : [n.x, n.y]),
  ];
  const data = evaluation.routes
    .map((route, r) => ({ route, number: r + 1 }))
    .map(({ route, number }) => ({ route, number, notes: routeNotes(instance, evaluation, number - 1) }))
    // A route whose stops have all left the day is kept, its depart row naming them, so no planned route vanishes.
    .filter(({ route, notes }) => route.stops.length > 0 || notes.depart.some((n) => n.startsWith('unknown customer')))
    .flatMap(({ route, number, notes }) => [
      // Load counts up as in the stop rows (demand served so far): 0 at departure, the route's total on return.
      [
        number,
        0,
        'depart',
        ...place(depot),
        '',
        // The first stop's wait, where the driver spends it at the depot (stopAsDriven): the column still adds up to
        // the plan's wait.
        atDepot(route, depot.ready, variant),
        '',
        at(routeDeparture(route, depot.ready)),
        '',
        '',
        0,
        noteCell(note, ...notes.depart, laterDeparture(route, depot.ready, instance.clockTimes)),
      ],
      ...route.stops.map((s, k) => {
        // As driven, as the driver sheet and the views tell it; the time before a window opens is told once, by the
        // policy (earlyService): under a policy that waits it is the wait column's.
        const driven = stopAsDriven(route, k, depot.ready, variant);
        return [
          number,
          k + 1,
          'stop',
          ...place(byId.get(s.customerId) ?? { id: s.customerId, x: Number.NaN, y: Number.NaN }),
          at(driven.arrival),
          round2(driven.wait),
          at(s.start),
          at(s.departure),
          round2(driven.early),
          round2(s.late),
          round2(s.load),
          noteCell(...notes.stops[k]),
        ];
      }),
      [
        number,
        route.stops.length + 1,
        'return',
        ...place(depot),
        at(route.returnTime),
        '',
        '',
        '',
        '',
        '',
        round2(route.load),
        noteCell(...notes.return),
      ],
    ]);
  // Customers the plan leaves out are listed after the routes, each with the reason, so no export loses one.
  // Without a route row to carry it, the out-of-date mark goes on these rows, so the file still says it.
  const stale = data.length === 0 ? note : '';
  const left = notServed(instance, evaluation).map(({ id, reason }) => [
    '',
    '',
    'not served',
    ...place(byId.get(id)!),
    ...Array<string>(7).fill(''),
    noteCell(stale, reason),
  ]);
  return writeCsv(fields, [...data, ...left], dialect);
}
