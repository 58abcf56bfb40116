import { z } from 'zod';
import {
  type Evaluation,
  type Instance,
  instanceSchema,
  sentInstanceSchema,
  kmDriven,
  type PenaltyShape,
  penaltyShapeSchema,
  type PlanJson,
  planJsonSchema,
  priceSchema,
  type Routes,
  routesSchema,
  type Variant,
  type VariantName,
  variantNameSchema,
} from '../../../shared/domain.js';
import { notServed } from '../../../shared/not-served.js';
import { earlyService } from '../../../shared/stop-as-driven.js';
import { AppError, inputError } from '../../../shared/errors.js';
import { describeIssues } from '../../../shared/issues.js';
import { jsonPlaneInDegreesWarning } from './plane-degrees.js';

/**
 * Instance JSON, plan JSON and JSON Lines (one instance per line, as `jampr generate` writes).
 * The readers check the documents against the domain schemas and list every problem at once; the rules
 * between fields (windows, capacity, reachability) are validate.ts's job. Ids may be written as JSON numbers
 * for convenience; they are read as strings.
 */

/** The same document with every id (node ids, route stops) that is a number turned into a string. */
function idsAsStrings(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const doc = raw as Record<string, unknown>;
  const node = (n: unknown) =>
    n && typeof n === 'object' && typeof (n as { id?: unknown }).id === 'number' ? { ...n, id: String((n as { id: number }).id) } : n;
  const stops = (r: unknown) => (Array.isArray(r) ? r.map((s) => (typeof s === 'number' ? String(s) : s)) : r);
  return {
    ...doc,
    ...('depot' in doc ? { depot: node(doc.depot) } : {}),
    ...(Array.isArray(doc.customers) ? { customers: doc.customers.map(node) } : {}),
    ...(Array.isArray(doc.routes) ? { routes: doc.routes.map(stops) } : {}),
  };
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw inputError(`${what} is not valid JSON`, [`not valid JSON: ${e instanceof Error ? e.message : String(e)}`]);
  }
}

/** `whole`: what describeIssues names the document, which says how its fields are named (an instance's, a plan's). */
function checkShape<T>(schema: z.ZodType<T>, raw: unknown, what: string, whole = 'the document'): T {
  const doc = idsAsStrings(raw);
  const result = schema.safeParse(doc);
  if (!result.success) throw inputError(`${what} is malformed`, describeIssues(result.error, doc, whole));
  return result.data;
}

/** The whole of a plan document, as describeIssues names it: its fields by their paths, a route by its place. */
const PLAN = 'the plan';

/** How the messages about a whole instance file name it where the text was not read from a path given. */
const INSTANCE_FILE = 'Instance file';

/**
 * Reads an instance document; its rules are checked later by validateInstance/buildProblem. `file` names the text in
 * the messages about the whole file (its path, where it was read from one).
 */
export function parseInstanceJson(text: string, file = INSTANCE_FILE, onWarning?: (message: string) => void): Instance {
  let raw: unknown;
  try {
    raw = parseJson(text, file);
  } catch (e) {
    // Several instances, one a line (`jampr generate --out x.json` writes them so): say what the file is, not where
    // JSON.parse stopped.
    const documents = jsonLinesCount(text);
    if (documents > 1) throw severalInstances(documents, file);
    throw e;
  }
  const instance = checkShape(instanceSchema, raw, 'Instance JSON');
  for (const warning of unknownFieldWarnings(raw)) onWarning?.(warning);
  const degrees = jsonPlaneInDegreesWarning(instance);
  if (degrees) onWarning?.(degrees);
  return instance;
}

/**
 * The fields of an instance document that no instance has (a misspelt "coordinate" or "openWithShift"): the reader
 * drops them, as the store's days are read, so a file's misspelling would change the plan without a word. Named as
 * the API names them when it refuses a day sent with them (the same schema's strictness).
 */
function unknownFieldWarnings(raw: unknown): string[] {
  const doc = idsAsStrings(raw);
  const sent = sentInstanceSchema.safeParse(doc);
  const unknown = sent.success ? [] : sent.error.issues.filter((issue) => issue.code === 'unrecognized_keys');
  return unknown.length ? describeIssues(new z.ZodError(unknown), doc, 'the instance') : [];
}

/** A file of several instances (JSON Lines) where one day is read, whether it is named .json or .jsonl. */
function severalInstances(count: number, file: string) {
  return inputError(`${file} holds ${count} instances, one a line (JSON Lines), not one instance`, [
    'an instance file holds one: copy the line of the day to plan into a file of its own (jampr generate --count 1 writes a single one); a file of several, named .jsonl, is for jampr train --instances',
  ]);
}

/**
 * The one instance of a JSON Lines file (`jampr generate --count 1` writes one so): read as an instance file is;
 * several, or none, are refused with what the file holds.
 */
export function parseSingleInstanceLines(text: string, file = INSTANCE_FILE, onWarning?: (message: string) => void): Instance {
  // One instance pretty-printed over many lines (an editor's "format document") is still the one instance.
  if (jsonLinesCount(text) === 0 && isOneDocument(text)) return parseInstanceJson(text, file, onWarning);
  const lines = parseInstanceLines(text, onWarning);
  if (lines.length > 1) throw severalInstances(lines.length, file);
  if (lines.length === 0) throw inputError(`${file} holds no instance (one instance as JSON per line, as jampr generate writes)`);
  return lines[0].instance;
}

function isOneDocument(text: string): boolean {
  try {
    JSON.parse(text.replace(/^\uFEFF/, ''));
    return true;
  } catch {
    return false;
  }
}

/** How many JSON documents the text holds one a line, blank lines aside; 0 when some line is not one. */
function jsonLinesCount(text: string): number {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '');
  for (const line of lines) {
    try {
      JSON.parse(line);
    } catch {
      return 0;
    }
  }
  return lines.length;
}

/** The instance document with its keys in the documented order (one line unless `pretty`). */
export function writeInstanceJson(instance: Instance, pretty = false): string {
  const { name, depot, capacity, vehicles, customers, coordinates, clockTimes } = instance;
  const doc = {
    name,
    depot: { id: depot.id, x: depot.x, y: depot.y, ready: depot.ready, due: depot.due },
    capacity,
    vehicles,
    customers: customers.map((c) => ({ id: c.id, x: c.x, y: c.y, demand: c.demand, ready: c.ready, due: c.due, service: c.service })),
    ...(coordinates ? { coordinates } : {}),
    ...(clockTimes !== undefined ? { clockTimes } : {}),
  };
  return pretty ? JSON.stringify(doc, null, 2) : JSON.stringify(doc);
}

/** Reads JSON Lines of instances, listing every bad line; blank lines are skipped. */
export const parseInstancesJsonl = (text: string): Instance[] => parseInstanceLines(text).map((l) => l.instance);

/**
 * The same, each instance with its line in the file (blank lines count), so that a later check of the instance
 * names the line as this one does.
 */
export function parseInstanceLines(text: string, onWarning?: (message: string) => void): { line: number; instance: Instance }[] {
  const problems: string[] = [];
  const instances: { line: number; instance: Instance }[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '') return;
    try {
      instances.push({
        line: i + 1,
        instance: parseInstanceJson(line, INSTANCE_FILE, onWarning && ((w) => onWarning(`line ${i + 1}: ${w}`))),
      });
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      problems.push(...e.details.map((d) => `line ${i + 1}: ${d}`));
    }
  });
  if (problems.length) throw inputError('Instance JSON Lines are malformed', problems);
  return instances;
}

export const writeInstancesJsonl = (instances: Instance[]): string => `${instances.map((inst) => writeInstanceJson(inst)).join('\n')}\n`;

/** Reads a complete plan document as `jampr plan` writes it. */
export function parsePlanJson(text: string): PlanJson {
  return checkShape(planJsonSchema, parseJson(text, 'Plan file'), 'Plan JSON', PLAN);
}

/** What a plan file to be scored says: its routes, and where written, the policy, instance and fleet it was made for. */
export interface PlanRoutes {
  routes: Routes;
  variant?: VariantName;
  alpha?: number;
  beta?: number;
  penalty?: PenaltyShape;
  instance?: string;
  fleet?: PlanJson['fleet'];
  /** The cost the plan document says its routes have (stale where the routes were edited since). */
  cost?: number;
}

/**
 * Reads the routes of a plan (a hand-written plan may hold nothing else): `{"routes": [...]}` or a bare array, with
 * the policy (`variant` and its prices), `instance` and `fleet` a plan document names (other fields are not looked at).
 * `file` names the text in the messages about it (`jampr eval`: "the plan file day.json").
 */
export function parsePlanRoutes(text: string, file?: string): PlanRoutes {
  const raw = parseJson(text, file ?? 'Plan file');
  const routesOnly = z.object({
    routes: routesSchema,
    variant: variantNameSchema.optional(),
    alpha: priceSchema.optional(),
    beta: priceSchema.optional(),
    penalty: penaltyShapeSchema.optional(),
    instance: z.string().optional(),
    fleet: planJsonSchema.shape.fleet,
    cost: z.number().optional(),
  });
  // A bare list is read as the routes field, so a finding in it is named as one in a plan document's routes.
  if (Array.isArray(raw)) return checkShape(routesOnly, { routes: raw }, file ?? 'Plan routes', PLAN);
  return checkShape(routesOnly, raw, file ?? 'Plan JSON', PLAN);
}

/** The fleet a plan was made for, as its plan document records it. */
export function planFleet(instance: Instance): NonNullable<PlanJson['fleet']> {
  const speed = instance.coordinates?.kind === 'geo' ? { speedKmh: instance.coordinates.speedKmh } : {};
  return { vehicles: instance.vehicles, capacity: instance.capacity, ...speed };
}

/**
 * The units of a plan document's figures, written into it: `distance` is travel, which is no unit a reader can guess
 * beside `distanceKm` (docs/cost.md: driving minutes on a lat/lon day, the plane's distance elsewhere, read as minutes
 * where times are clock times, as the plan CSV heads its columns "(min)").
 */
export function planUnits(instance: Instance): NonNullable<PlanJson['units']> {
  const minutes = 'minutes';
  if (instance.coordinates?.kind === 'geo') {
    return { distance: 'minutes of driving at fleet.speedKmh', distanceKm: 'km', wait: minutes, early: minutes, late: minutes };
  }
  if (instance.clockTimes) {
    return { distance: 'minutes of travel (the distance in the plane, read as minutes)', wait: minutes, early: minutes, late: minutes };
  }
  const own = "the coordinates' units (travel takes as long as the distance)";
  return { distance: own, wait: own, early: own, late: own };
}

/** The policy a plan is priced under, as a plan document and `jampr eval` write it: its name and its prices. */
export function variantPrices(variant: Variant): Pick<PlanJson, 'variant' | 'alpha' | 'beta' | 'penalty'> {
  return {
    variant: variant.name,
    alpha: variant.alpha,
    ...('beta' in variant ? { beta: variant.beta } : {}),
    penalty: variant.penalty,
  };
}

/**
 * The plan document of an evaluated plan: the one form the CLI writes and the app exports. `outOfDate`: what the plan
 * CSV says on its routes where the day changed after the plan was made (outOfDateNote), said at the top of the file.
 */
export function toPlanJson(
  instance: Instance,
  plan: {
    variant: Variant;
    method: string;
    model?: string | null;
    greedyKept?: boolean;
    cutShort?: boolean;
    routes: Routes;
    seconds: number;
  },
  evaluation: Evaluation,
  { outOfDate }: { outOfDate?: string } = {},
): PlanJson {
  const { cost, distance, vehicles, wait, early, late } = evaluation;
  const geo = instance.coordinates?.kind === 'geo' ? instance.coordinates : null;
  const unserved = notServed(instance, evaluation).map(({ id, reason }) => ({ id, reason }));
  return {
    instance: instance.name,
    ...(outOfDate ? { outOfDate } : {}),
    ...variantPrices(plan.variant),
    method: plan.method,
    ...(plan.model ? { model: plan.model } : {}),
    ...(plan.greedyKept ? { greedyKept: true as const } : {}),
    ...(plan.cutShort ? { cutShort: true as const } : {}),
    routes: plan.routes,
    fleet: planFleet(instance),
    cost,
    distance,
    vehicles,
    wait,
    // Under hard and partly soft windows the time before a window opens is the wait, as every view tells it.
    early: earlyService(plan.variant.name, early),
    late,
    ...(geo ? { distanceKm: kmDriven(distance, geo.speedKmh) } : {}),
    units: planUnits(instance),
    ...(unserved.length > 0 ? { unserved } : {}),
    feasible: evaluation.feasible,
    violations: planViolations(evaluation),
    seconds: plan.seconds,
  };
}

/**
 * The evaluator's violations as a plan document writes them: what `jampr eval` reports of the same routes on the same
 * day, less the figures its messages already end with. A hand-edited plan that overloads a van says so in its file.
 */
function planViolations(evaluation: Evaluation): NonNullable<PlanJson['violations']> {
  return evaluation.violations.map(({ kind, message, route, customerId, amount }) => ({
    kind,
    message,
    ...(route !== undefined ? { route } : {}),
    ...(customerId !== undefined ? { customerId } : {}),
    ...(amount !== undefined ? { amount } : {}),
  }));
}

export const writePlanJson = (plan: PlanJson, pretty = true): string => (pretty ? JSON.stringify(plan, null, 2) : JSON.stringify(plan));
