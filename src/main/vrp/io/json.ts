import { z } from 'zod';
import type { Instance, PlanJson, Routes } from '../../../shared/domain.js';
import { VARIANT_NAMES } from '../../../shared/domain.js';
import { AppError, inputError } from '../../../shared/errors.js';

/**
 * Instance JSON, plan JSON and JSON Lines (one instance per line, as `jampr generate` writes).
 * The readers check the shape only (types, required fields) and list every problem at once; the
 * instance's rules (windows, capacity, reachability) are validate.ts's job. Ids may be written as
 * JSON numbers for convenience; they are read as strings.
 */

const id = z.union([z.string().min(1), z.number()], { error: 'expected a non-empty string or a number' }).transform(String);
const finite = z.number();

const depotSchema = z.object({ id, x: finite, y: finite, ready: finite, due: finite });
const customerSchema = z.object({ id, x: finite, y: finite, demand: finite, ready: finite, due: finite, service: finite });
const coordinatesSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('planar') }),
  z.object({ kind: z.literal('geo'), speedKmh: z.number().positive() }),
]);

const instanceSchema = z.object({
  name: z.string().min(1),
  depot: depotSchema,
  capacity: finite,
  vehicles: finite,
  customers: z.array(customerSchema),
  coordinates: coordinatesSchema.optional(),
  clockTimes: z.boolean().optional(),
});

const routesSchema = z.array(z.array(id));
const totals = { cost: finite, distance: finite, vehicles: finite, wait: finite, early: finite, late: finite };
const planSchema = z.object({
  instance: z.string(),
  variant: z.enum(VARIANT_NAMES as [string, ...string[]]),
  method: z.string(),
  model: z.string().optional(),
  routes: routesSchema,
  ...totals,
  seconds: finite,
});

/** "customers[3].demand (customer 17): expected number, received string". */
function describeIssues(error: z.ZodError, raw: unknown): string[] {
  return error.issues.map((issue) => {
    const path = issue.path
      .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
      .join('')
      .replace(/^\./, '');
    const [section, index] = issue.path;
    let owner = '';
    if (section === 'customers' && typeof index === 'number') {
      const customers = (raw as { customers?: { id?: unknown }[] }).customers;
      const customerId = customers?.[index]?.id;
      if (typeof customerId === 'string' || typeof customerId === 'number') owner = ` (customer ${customerId})`;
    }
    const message = /received undefined$/.test(issue.message) ? 'is missing' : issue.message.replace(/^Invalid (input|option): /, '');
    return `${path || 'the document'}${owner}: ${message}`;
  });
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw inputError(`${what} is not valid JSON`, [`not valid JSON: ${e instanceof Error ? e.message : String(e)}`]);
  }
}

function checkShape<T>(schema: z.ZodType<T>, raw: unknown, what: string): T {
  const result = schema.safeParse(raw);
  if (!result.success) throw inputError(`${what} is malformed`, describeIssues(result.error, raw));
  return result.data;
}

/** Reads an instance document; its rules are checked later by validateInstance/buildProblem. */
export function parseInstanceJson(text: string): Instance {
  return checkShape(instanceSchema, parseJson(text, 'Instance file'), 'Instance JSON') as Instance;
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
export function parseInstancesJsonl(text: string): Instance[] {
  const problems: string[] = [];
  const instances: Instance[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '') return;
    try {
      instances.push(parseInstanceJson(line));
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
  return checkShape(planSchema, parseJson(text, 'Plan file'), 'Plan JSON') as PlanJson;
}

/** Reads only the routes of a plan (a hand-written plan may hold nothing else): `{"routes": [...]}` or a bare array. */
export function parsePlanRoutes(text: string): Routes {
  const raw = parseJson(text, 'Plan file');
  if (Array.isArray(raw)) return checkShape(routesSchema, raw, 'Plan routes');
  return checkShape(z.object({ routes: routesSchema }), raw, 'Plan JSON').routes;
}

export const writePlanJson = (plan: PlanJson, pretty = true): string => (pretty ? JSON.stringify(plan, null, 2) : JSON.stringify(plan));
