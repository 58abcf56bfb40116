import type { Coordinates, Instance } from '../../shared/domain.js';
import { inputError } from '../../shared/errors.js';
import { TIME_EPS } from './evaluate.js';
import { compileProblem, travelTime, type Problem } from './problem.js';

/**
 * Validation of an instance before it is compiled: every rule that would make the instance
 * meaningless or some customer impossible to serve. Each message names the node and the rule,
 * e.g. "ready time 500 is after due time 400 for customer 17". The input may come straight from
 * parsed JSON, so every field is checked for type as well as value.
 */

type Fields = Record<string, unknown>;

const isObject = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);
const show = (v: unknown): string => (typeof v === 'string' ? `'${v}'` : String(v));
const fmt = (v: number): string => String(Math.round(v * 100) / 100);
const isPositiveInteger = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;

const LABELS: Record<string, string> = {
  ready: 'ready time',
  due: 'due time',
  service: 'service time',
  demand: 'demand',
  x: 'x',
  y: 'y',
};

/** A node's fields once each has been checked to be a finite number (missing ones are left out). */
interface NodeValues {
  label: string;
  values: Partial<Record<'x' | 'y' | 'demand' | 'ready' | 'due' | 'service', number>>;
}

function readNode(raw: unknown, label: string, fields: readonly string[], geo: boolean, problems: string[]): NodeValues {
  const node: NodeValues = { label, values: {} };
  if (!isObject(raw)) {
    problems.push(`${label} is not an object`);
    return node;
  }
  for (const field of fields) {
    const value = raw[field];
    const name = geo && field === 'x' ? 'longitude' : geo && field === 'y' ? 'latitude' : LABELS[field];
    if (value === undefined || value === null) problems.push(`${name} is missing for ${label}`);
    else if (typeof value !== 'number' || !Number.isFinite(value))
      problems.push(`${name} ${show(value)} is not a finite number for ${label}`);
    else node.values[field as keyof NodeValues['values']] = value;
  }
  return node;
}

function checkCoordinates(coordinates: unknown, problems: string[]): Coordinates | undefined {
  if (coordinates === undefined) return undefined;
  if (isObject(coordinates) && coordinates.kind === 'planar') return { kind: 'planar' };
  if (isObject(coordinates) && coordinates.kind === 'geo') {
    const speed = coordinates.speedKmh;
    if (typeof speed === 'number' && Number.isFinite(speed) && speed > 0) return { kind: 'geo', speedKmh: speed };
    problems.push(`travel speed ${show(speed)} km/h is not a positive number`);
    return undefined;
  }
  problems.push(`coordinates ${JSON.stringify(coordinates)} are neither {"kind":"planar"} nor {"kind":"geo","speedKmh":...}`);
  return undefined;
}

function checkGeoRange(node: NodeValues, problems: string[]): void {
  const { x, y } = node.values;
  if (y !== undefined && Math.abs(y) > 90) problems.push(`latitude ${fmt(y)} is outside [-90, 90] for ${node.label}`);
  if (x !== undefined && Math.abs(x) > 180) problems.push(`longitude ${fmt(x)} is outside [-180, 180] for ${node.label}`);
}

function checkIds(depot: unknown, customers: unknown[], problems: string[]): void {
  const depotId = isObject(depot) ? depot.id : undefined;
  if (typeof depotId !== 'string' || depotId.trim() === '') problems.push(`depot id ${show(depotId)} is not a non-empty string`);
  const count = new Map<string, number>();
  customers.forEach((c, i) => {
    const id = isObject(c) ? c.id : undefined;
    if (typeof id !== 'string' || id.trim() === '') {
      problems.push(`customer id ${show(id)} at position ${i + 1} is not a non-empty string`);
      return;
    }
    count.set(id, (count.get(id) ?? 0) + 1);
  });
  for (const [id, n] of count) {
    if (n > 1) problems.push(`duplicate id: customer ${id} appears ${n} times`);
    if (id === depotId) problems.push(`duplicate id: customer ${id} has the depot's id`);
  }
}

/**
 * Can a fresh vehicle, leaving the depot at its ready time, serve this customer alone inside the
 * hard rules (arrive by the due time, be back by the end of the shift)?
 */
function checkReachable(c: NodeValues, depot: NodeValues, coords: Coordinates | undefined, problems: string[]): void {
  const { x, y, ready, due, service } = c.values;
  const d = depot.values;
  if ([x, y, ready, due, service, d.x, d.y, d.ready, d.due].some((v) => v === undefined)) return;
  const leg = travelTime(coords, d.x!, d.y!, x!, y!);
  const arrival = d.ready! + leg;
  if (arrival > due! + TIME_EPS) {
    problems.push(
      `${c.label} cannot be reached in time: the earliest arrival from the depot is ${fmt(arrival)}, after its due time ${fmt(due!)}`,
    );
    return;
  }
  const back = Math.max(arrival, ready!) + service! + leg;
  if (back > d.due! + TIME_EPS) {
    problems.push(
      `${c.label} cannot be served within the shift: a vehicle serving it alone is back at the depot at ${fmt(back)}, after the shift ends at ${fmt(d.due!)}`,
    );
  }
}

/** Every problem with the instance, in a stable order; empty when it is valid. */
export function validateInstance(instance: unknown): string[] {
  const problems: string[] = [];
  if (!isObject(instance)) return ['the instance is not an object'];
  if (typeof instance.name !== 'string' || instance.name.trim() === '')
    problems.push(`instance name ${show(instance.name)} is not a non-empty string`);
  const capacity = instance.capacity;
  if (!isPositiveInteger(capacity)) problems.push(`vehicle capacity ${show(capacity)} is not a positive integer`);
  if (!isPositiveInteger(instance.vehicles)) problems.push(`number of vehicles ${show(instance.vehicles)} is not a positive integer`);
  const coords = checkCoordinates(instance.coordinates, problems);
  // Latitude/longitude rules apply even when the speed is bad, so that every problem is listed at once.
  const geo = isObject(instance.coordinates) && instance.coordinates.kind === 'geo';
  if (instance.clockTimes !== undefined && typeof instance.clockTimes !== 'boolean')
    problems.push(`clockTimes ${show(instance.clockTimes)} is not true or false`);

  const depotId = isObject(instance.depot) ? instance.depot.id : undefined;
  const depotLabel = typeof depotId === 'string' && depotId !== '' ? `depot ${depotId}` : 'the depot';
  const depot = readNode(instance.depot, depotLabel, ['x', 'y', 'ready', 'due'], geo, problems);
  if (geo) checkGeoRange(depot, problems);
  if (depot.values.ready !== undefined && depot.values.due !== undefined && depot.values.ready > depot.values.due) {
    problems.push(`ready time ${fmt(depot.values.ready)} is after due time ${fmt(depot.values.due)} for ${depot.label}`);
  }
  if (!Array.isArray(instance.customers)) {
    problems.push('customers is not a list');
    return problems;
  }
  if (instance.customers.length === 0) problems.push('the instance has no customers');
  checkIds(instance.depot, instance.customers, problems);

  instance.customers.forEach((raw, i) => {
    const id = isObject(raw) && typeof raw.id === 'string' && raw.id !== '' ? raw.id : `#${i + 1}`;
    const c = readNode(raw, `customer ${id}`, ['x', 'y', 'demand', 'ready', 'due', 'service'], geo, problems);
    const { demand, ready, due, service } = c.values;
    if (geo) checkGeoRange(c, problems);
    if (demand !== undefined && demand < 0) problems.push(`demand ${fmt(demand)} is negative for ${c.label}`);
    if (demand !== undefined && isPositiveInteger(capacity) && demand > capacity)
      problems.push(`demand ${fmt(demand)} is above the vehicle capacity ${capacity} for ${c.label}`);
    if (service !== undefined && service < 0) problems.push(`service time ${fmt(service)} is negative for ${c.label}`);
    if (ready !== undefined && due !== undefined && ready > due) {
      problems.push(`ready time ${fmt(ready)} is after due time ${fmt(due)} for ${c.label}`);
      return;
    }
    if (instance.coordinates === undefined || coords) checkReachable(c, depot, coords, problems);
  });
  return problems;
}

/** Validates the instance and compiles it; throws one input error listing every problem. */
export function buildProblem(instance: Instance): Problem {
  const problems = validateInstance(instance);
  if (problems.length > 0) {
    const name = typeof instance?.name === 'string' && instance.name ? instance.name : '(unnamed)';
    throw inputError(`Instance ${name} is invalid`, problems);
  }
  return compileProblem(instance);
}
