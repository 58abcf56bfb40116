import { z } from 'zod';
import {
  exceedsCapacity,
  instanceSchema,
  sentCustomerSchema,
  sentInstanceSchema,
  type Coordinates,
  type Customer,
  type Depot,
  type Instance,
} from '../../shared/domain.js';
import { crossesMidnight, formatClock, MINUTES_PER_DAY, timesApart } from '../../shared/clock.js';
import { inputError } from '../../shared/errors.js';
import { describeIssues } from '../../shared/issues.js';
import { unservedWhyText } from '../../shared/not-served.js';
import { messageNumber, timeInText } from '../../shared/number-text.js';
import { positionText } from '../../shared/position-text.js';
import { kmBetween } from '../../shared/earth-km.js';
import { farApart } from '../../shared/far-from-depot.js';
import { cellAtPath, cellOr, type FileCells, figure, leadOf, type NodeCells } from './file-cells.js';
import { TIME_EPS } from './evaluate.js';
import { compileProblem, travelTime, type Problem } from './problem.js';
import {
  CLOSES_BEFORE_SHIFT,
  CLOSES_BEFORE_SHIFT_FIX,
  closesBeforeShift,
  OPENS_AFTER_SHIFT,
  OPENS_AFTER_SHIFT_FIX,
  opensAfterShift,
  reachWarnings,
  shiftProblems,
} from './shift-rules.js';
import { caseTwinWarnings, checkIds } from './ids.js';
import { strayStopWarnings } from './stray-stops.js';
import { demandOverFleetText, orderOverVehicleWhy } from './unserved.js';

const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Validation of an instance before it is compiled. The shape and the rules about single fields are the schema's
 * (src/shared/domain.ts); here are the rules that relate fields, which would make the instance meaningless, and
 * the warnings about customers no vehicle can serve: reached too late (checkReachable) or an order bigger than a
 * vehicle (orderOverVehicle). Those make a valid day: planning leaves them out and names each with its reason. Some
 * warnings are about the whole day rather than one customer (the fleet too small for its demand, ids that differ only
 * by letter case: ids.ts): the editor shows those beside the fleet settings.
 * Each message names the node and the rule, e.g. "ready time 500 is after due time 400 for customer 17".
 */

/**
 * A time as the dispatcher wrote it: HH:MM under clock times (a day after or before written +1 or -1), else a plain
 * number. `moment`: an arrival, a return, or where a shift starts or a window opens, which midnight begins (00:00+1),
 * where a shift or a window ends (24:00).
 */
const timeText = (instance: Pick<Instance, 'clockTimes'>, v: number, moment = false): string => timeInText(v, instance.clockTimes, moment);

export type { FileCells, NodeCells, QuotedField } from './file-cells.js';

function checkGeoRange(x: number, y: number, label: string, problems: string[], cells?: NodeCells): void {
  const lat = figure(cells, 'y', y);
  if (Math.abs(y) > 90) problems.push(`${lat.lead}latitude ${lat.text} is outside [-90, 90] for ${label}`);
  const lon = figure(cells, 'x', x);
  // Some GIS exports write longitudes east from 0 to 360: 180.2 there is −179.8 (with the cell's decimal mark).
  const west = messageNumber(x - 360);
  const east =
    x > 180 && x <= 360 ? ` (if the file counts longitudes 0–360° east, write ${lon.comma ? west.replace('.', ',') : west})` : '';
  if (Math.abs(x) > 180) problems.push(`${lon.lead}longitude ${lon.text} is outside [-180, 180] for ${label}${east}`);
}

/**
 * A customer the data puts out of reach: so far away that no travel time can be computed to it (a problem), or so
 * placed that a vehicle serving it alone, leaving the depot at its opening, still arrives after its due time or is
 * back after the shift (a warning). Such a day is valid: soft windows serve the customer late,
 * at a price, and under hard windows every plan leaves it unserved and names the reason (vrp/unserved.ts).
 * `cells`, `shift`: the customer's row and the depot's row of the file, whose cells the warning quotes.
 */
function checkReachable(
  c: Customer,
  depot: Depot,
  coords: Coordinates | undefined,
  t: (v: number, moment?: boolean) => string,
  out: { problems: string[]; warnings: string[] },
  cells?: NodeCells,
  shift?: NodeCells,
): string | undefined {
  const leg = travelTime(coords, depot.x, depot.y, c.x, c.y);
  if (!Number.isFinite(leg)) {
    // Say what the file holds: the travel time computed from it overflowed.
    const geo = coords?.kind === 'geo';
    out.problems.push(
      `customer ${c.id} is too far from the depot: from ${positionText(depot, geo)} to ${positionText(c, geo)} no travel time can be computed`,
    );
    return undefined;
  }
  if (farFromDepot(c, depot, coords))
    out.warnings.push(
      `customer ${c.id} is ${messageNumber(Math.round(kmBetween(depot, c)))} km from the depot: check its latitude and longitude (swapped, or a sign lost?)`,
    );
  const arrival = depot.ready + leg;
  if (arrival > c.due + TIME_EPS) {
    // The customer's window time as its cell writes it, where the file is known.
    const cell = figure(cells, 'due', c.due);
    if (closesBeforeShift(c.due, depot.ready)) {
      // The window's closing is an end (24:00), the shift's start a moment (midnight begins the next day: 00:00+1).
      const [due, start] = timesApart(t, c.due, depot.ready, [false, true]);
      return `${cell.lead}customer ${c.id} cannot be reached in time: ${CLOSES_BEFORE_SHIFT} (due ${cell.lead ? cell.text : due}, the shift starts at ${cellOr(shift, 'ready', start)}): ${CLOSES_BEFORE_SHIFT_FIX}; hard time windows leave it unserved, soft ones serve it late at a price`;
    }
    const [at, due] = timesApart(t, arrival, c.due, [true, false]);
    return `${cell.lead}customer ${c.id} cannot be reached in time: the earliest arrival from the depot is ${at}, after its due time ${cell.lead ? cell.text : due}; hard time windows leave it unserved, soft ones serve it late at a price`;
  }
  const back = Math.max(arrival, c.ready) + c.service + leg;
  if (back > depot.due + TIME_EPS) {
    if (opensAfterShift(c.ready, depot.due)) {
      // The window's opening is a moment (00:00+1), the shift's end an end (24:00).
      const [ready, end] = timesApart(t, c.ready, depot.due, [true, false]);
      const cell = figure(cells, 'ready', c.ready);
      return `${cell.lead}customer ${c.id} cannot be served within the shift: ${OPENS_AFTER_SHIFT} (ready ${cell.lead ? cell.text : ready}, the shift ends at ${cellOr(shift, 'due', end)}): ${OPENS_AFTER_SHIFT_FIX}; hard time windows leave it unserved, soft ones serve it and the vehicle is back after the shift`;
    }
    const [at, end] = timesApart(t, back, depot.due, [true, false]);
    // Soft policies have no end of the shift (docs/cost.md): the stop is served in its window, the vehicle back later.
    return `customer ${c.id} cannot be served within the shift: a vehicle serving it alone is back at the depot at ${at}, after the shift ends at ${cellOr(shift, 'due', end)}; hard time windows leave it unserved, soft ones serve it and the vehicle is back after the shift`;
  }
  return undefined;
}

/** A lat/lon stop too far from its depot to be meant (shared/far-from-depot.ts); planar days have no kilometres. */
const farFromDepot = (c: Customer, depot: Depot, coords: Coordinates | undefined): boolean => coords?.kind === 'geo' && farApart(depot, c);

/** A customer as far as its fields could be read: a CSV row with a bad cell still has its other rules checked. */
export type PartialCustomer = { id: string } & Partial<Omit<Customer, 'id'>>;

/**
 * The rules that need one customer's own fields only (position range, window order), for whichever of those fields
 * are known. Says whether the window is in order, so reachability is asked only then. A demand above the capacity
 * is not among them: the day is valid and planned without that order (orderOverVehicle). `cells`, `shift`: the
 * customer's row and the depot's row of the file, whose cells the messages quote.
 */
export function customerFieldProblems(
  c: PartialCustomer,
  instance: Pick<Instance, 'coordinates' | 'clockTimes'> & { depot?: Depot },
  cells?: NodeCells,
  shift?: NodeCells,
): { problems: string[]; windowOk: boolean } {
  const problems: string[] = [];
  const label = `customer ${c.id}`;
  const t = (v: number) => timeText(instance, v);
  if (instance.coordinates?.kind === 'geo' && c.x !== undefined && c.y !== undefined) checkGeoRange(c.x, c.y, label, problems, cells);
  const windowOk = c.ready === undefined || c.due === undefined || c.ready <= c.due;
  if (!windowOk) {
    // The window's cells as written ("8.00", "500,5"), where the file is known.
    const [ready, due] = [figure(cells, 'ready', c.ready!, t), figure(cells, 'due', c.due!, t)];
    problems.push(
      `${leadOf(ready, due)}ready time ${ready.text} is after due time ${due.text} for ${label}${pastMidnight(c, instance)}${nightDay(instance, shift)}`,
    );
  }
  return { problems, windowOk };
}

/**
 * A clock-time window that closes before it opens but would last under 12 hours past midnight (22:00–02:00) was
 * likely meant to close the next day: how to write that. 12:00–10:00 is more likely a slip, and gets no hint.
 */
function pastMidnight(c: PartialCustomer, instance: Pick<Instance, 'clockTimes'>): string {
  if (!instance.clockTimes || c.ready === undefined || c.due === undefined || c.due < 0 || c.due >= MINUTES_PER_DAY) return '';
  return c.due + MINUTES_PER_DAY - c.ready < 12 * 60 ? ` (a window that closes after midnight is written ${formatClock(c.due)}+1)` : '';
}

/**
 * On a night shift a window lies on the day its opening falls on in the shift's day (clock.ts, `overnight`), and one
 * that would close after that day is refused as closing before it opens: say which day that is (opening and closing
 * swapped, most often).
 */
function nightDay(instance: Pick<Instance, 'clockTimes'> & { depot?: Depot }, shift: NodeCells | undefined): string {
  const { depot } = instance;
  if (!instance.clockTimes || !depot || !crossesMidnight(depot.ready, depot.due)) return '';
  // The shift's day itself (from the middle of the hours it is closed) is the rule's, not the dispatcher's: not named.
  const [start, end] = [cellOr(shift, 'ready', formatClock(depot.ready)), cellOr(shift, 'due', formatClock(depot.due))];
  return ` (on the night shift ${start}–${end}: are the opening and closing swapped?)`;
}

/**
 * A customer's single-field rules (the schema's, as a file's row is sent to be kept) for the fields it has; in a list so
 * that messages name the customer.
 */
const knownFieldsSchema = z.object({ customers: z.array(sentCustomerSchema.partial()) });

/**
 * Every rule on a customer whose row could be read only in part (a CSV row with a bad cell): the schema's rules on
 * each field it has (a negative demand, a number too large) and the rules between them, so that one report lists
 * all of the row's problems, not its bad cell first and the rest on the next try.
 */
export function partialCustomerProblems(
  c: PartialCustomer,
  instance: Pick<Instance, 'coordinates' | 'clockTimes'> & { depot?: Depot },
  cells?: NodeCells,
  shift?: NodeCells,
): string[] {
  const input = { coordinates: instance.coordinates, customers: [c] };
  const shape = knownFieldsSchema.safeParse(input);
  if (shape.success) return customerFieldProblems(c, instance, cells, shift).problems;
  // A field the schema refused is not checked against the others again (as checkInstance neutralises it).
  const refused = new Set(shape.error.issues.map(({ path }) => path[2]));
  const rest = Object.fromEntries(Object.entries(c).filter(([field]) => !refused.has(field))) as PartialCustomer;
  const quoted = cells && cellAtPath((node, field) => (node === 0 ? cells(field) : undefined));
  return [
    ...describeIssues(shape.error, input, 'the instance', quoted),
    ...customerFieldProblems({ ...rest, id: c.id }, instance, cells, shift).problems,
  ];
}

/**
 * The warning of a day whose demand is more than the whole fleet carries (null when it is not): said of planning, as
 * `jampr eval` knows it, to tell it from a plan that serves everyone with more vehicles than the fleet.
 */
export function fleetShortWarning(instance: Instance): string | null {
  const short = demandOverFleetText(
    instance.customers.map((c) => c.demand),
    instance.vehicles,
    instance.capacity,
  );
  return short && `${capitalised(short)}: every plan leaves customers unserved; add vehicles or capacity`;
}

/**
 * A customer whose order is more than one vehicle carries: no plan can load it, so every plan leaves it unserved
 * (vrp/unserved.ts gives the same reason), while the rest of the day is planned. Undefined when the order fits.
 */
function orderOverVehicle(c: Customer, capacity: number, cells?: NodeCells): string | undefined {
  if (!exceedsCapacity(c.demand, capacity)) return undefined;
  // In the words of the plan's reason for it, which the plan panel and the exports show (the demand as its cell reads).
  const demand = figure(cells, 'demand', c.demand);
  const why = unservedWhyText(orderOverVehicleWhy(c.demand, capacity, demand.text));
  return `${demand.lead}customer ${c.id} cannot be served: ${why}, so every plan leaves it unserved; split the order into loads of at most ${messageNumber(capacity)}, or raise the capacity`;
}

/**
 * The rules between fields of an instance whose shape is sound: their problems, and the warnings about reach, every
 * one beside the problems. A warning that a problem makes meaningless is left out: none about reach or position while
 * the depot's position or shift is refused (they are measured from it), none about the reach or position of a customer
 * whose own position or window is refused. `standIns`: some customer fields are stand-ins for ones the schema refused
 * (withMalformedFieldsNeutral), so the day's total demand is not known and the fleet is not said to be short.
 */
function checkRules(instance: Instance, cells?: FileCells, standIns = false): { problems: string[]; warnings: string[] } {
  const out = { problems: [] as string[], warnings: [] as string[] };
  const { depot, coordinates } = instance;
  const geo = coordinates?.kind === 'geo';
  const depotLabel = `depot ${depot.id}`;
  const t = (v: number, moment = false) => timeText(instance, v, moment);
  const cellsOf = (node: number | 'depot'): NodeCells | undefined => cells && ((field) => cells(node, field));
  const shift = cellsOf('depot');
  if (geo) checkGeoRange(depot.x, depot.y, depotLabel, out.problems, shift);
  out.problems.push(...shiftProblems(instance, t, shift));
  const depotSound = out.problems.length === 0;
  checkIds(instance, out.problems);
  const unreachable: { customer: Customer; warning: string }[] = [];
  const oversized: string[] = [];
  const unsound = new Set<Customer>();
  for (const [i, c] of instance.customers.entries()) {
    const own = customerFieldProblems(c, instance, cellsOf(i), shift);
    out.problems.push(...own.problems);
    const sound = depotSound && own.problems.length === 0;
    if (!sound) unsound.add(c);
    // Still asked where its warnings would mean nothing: a customer too far for any travel time is a problem.
    const said = sound ? out : { problems: out.problems, warnings: [] };
    const reach = own.windowOk ? checkReachable(c, depot, coordinates, t, said, cellsOf(i), shift) : undefined;
    // An order no vehicle carries is the reason that counts: soft windows would not serve it late either.
    const oversize = orderOverVehicle(c, instance.capacity, cellsOf(i));
    if (oversize !== undefined) oversized.push(oversize);
    else if (reach !== undefined && sound) unreachable.push({ customer: c, warning: reach });
  }
  out.warnings.push(...oversized, ...reachWarnings(instance, unreachable, t, shift));
  // Known before any plan: some customers will be left, whichever method plans.
  const short = standIns ? null : fleetShortWarning(instance);
  if (short) out.warnings.push(short);
  // A stop already told to be thousands of km from the depot needs no second word about its position.
  if (depotSound) out.warnings.push(...strayStopWarnings(instance, (c) => unsound.has(c) || farFromDepot(c, depot, coordinates)));
  out.warnings.push(...caseTwinWarnings(instance));
  return out;
}

/**
 * Every problem with the instance, in a stable order (none when it is valid), and what the dispatcher should know
 * before planning: customers no vehicle can reach within their window or the shift, or whose order is bigger than a
 * vehicle. The warnings come beside the problems, so that one check tells everything a dispatcher fixing several
 * things at once has to see (the editor's rows); the problems alone refuse a save or a plan. Takes anything, e.g. parsed
 * JSON. `sent`: the instance is sent to be kept (a save, the editor's check, a file imported), so an unknown field or a
 * text over its limit is a problem too (domain.ts `sentInstanceSchema`); a stored day is read and planned as it was kept.
 * `cells`: the file it was read from, whose cells the messages quote (FileCells).
 */
export function checkInstance(
  instance: unknown,
  { sent = false, cells }: { sent?: boolean; cells?: FileCells } = {},
): { problems: string[]; warnings: string[] } {
  const schema = sent ? sentInstanceSchema : instanceSchema;
  const shape = schema.safeParse(instance);
  if (!shape.success) {
    const problems = describeIssues(shape.error, instance, 'the instance', cells && cellAtPath(cells));
    // Where only some customer fields are malformed, the rules on the others (a window that closes before it opens,
    // a latitude of 95) still apply, on those customers too: every problem in one report, not one round per kind.
    const rest = withMalformedFieldsNeutral(instance, shape.error.issues);
    const ruled = rest === null ? null : schema.safeParse(rest);
    if (!ruled?.success) return { problems, warnings: [] };
    // A customer left out moves the others up the list: its cells are then no longer found by their place.
    const inPlace = ruled.data.customers.length === (instance as { customers: unknown[] }).customers.length;
    const rules = checkRules(ruled.data, inPlace ? cells : undefined, true);
    return { problems: [...problems, ...rules.problems], warnings: rules.warnings };
  }
  return checkRules(shape.data, cells);
}

/**
 * The instance with every customer field the schema refused set to a value no rule objects to (the depot's place
 * and hours, no demand, no service) and the fields it does not know left out, so that the rules between the other fields still run on that customer; a
 * customer that is not even an object is left out. Null when anything but customers is malformed.
 */
function withMalformedFieldsNeutral(instance: unknown, issues: readonly z.core.$ZodIssue[]): unknown {
  // Only customer fields malformed: the instance, its depot and its customer list are then well formed.
  if (issues.some(({ path }) => path[0] !== 'customers' || typeof path[1] !== 'number')) return null;
  const { depot, customers } = instance as { depot: Depot; customers: unknown[] };
  const neutral: Record<string, (i: number) => unknown> = {
    id: (i) => `in position ${i + 1}`,
    x: () => depot.x,
    y: () => depot.y,
    demand: () => 0,
    service: () => 0,
    ready: () => depot.ready,
    due: () => depot.due,
    name: () => undefined,
    address: () => undefined,
  };
  const fixed = [...customers];
  const dropped = new Set<number>();
  for (const issue of issues) {
    const [, index, field] = issue.path as [string, number, PropertyKey?];
    // A field the schema does not know (a misspelling): the customer without it.
    if (issue.code === 'unrecognized_keys' && field === undefined) {
      fixed[index] = Object.fromEntries(Object.entries(fixed[index] as object).filter(([key]) => !issue.keys.includes(key)));
      continue;
    }
    const replace = typeof field === 'string' ? neutral[field] : undefined;
    if (!replace || typeof fixed[index] !== 'object' || fixed[index] === null) dropped.add(index);
    else fixed[index] = { ...(fixed[index] as object), [field as string]: replace(index) };
  }
  return { ...(instance as object), customers: fixed.filter((_, i) => !dropped.has(i)) };
}

/** Every problem with the instance (checkInstance's); empty when it is valid. */
export const validateInstance = (instance: unknown): string[] => checkInstance(instance).problems;

/** The warnings about an instance, valid or not (checkInstance's). */
export const instanceWarnings = (instance: unknown): string[] => checkInstance(instance).warnings;

/** Validates the instance and compiles it; throws one input error listing every problem. */
export function buildProblem(instance: Instance): Problem {
  const problems = validateInstance(instance);
  if (problems.length > 0) {
    const name = typeof instance?.name === 'string' && instance.name ? instance.name : '(unnamed)';
    throw inputError(`Instance ${name} is invalid`, problems);
  }
  return compileProblem(instance);
}
