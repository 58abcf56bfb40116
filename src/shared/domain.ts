/**
 * Domain types shared by main, renderer, CLI and web mode. Plain data only (JSON-serialisable):
 * no electron, node:* or DOM imports here. Every type that arrives from outside (files, the API, the store) is a
 * zod schema with its type derived from it; the evaluator's results, which are only ever produced here, are
 * plain interfaces.
 */
import { z } from 'zod';
import { controlCharacterIn, controlCharacterMessage } from './control-characters.js';
import { clipped } from './issues.js';
import { MAX_CUSTOMERS, MAX_ID_CHARS, MAX_MAGNITUDE, MAX_TEXT_CHARS, MAX_VEHICLES, SPEED_KMH_RANGE } from './limits.js';
import { withShiftWindows } from './shift-windows.js';
import { messageNumber } from './number-text.js';
import { penaltyShapeSchema, priceSchema, variantNameSchema } from './variant.js';

export * from './variant.js';

/** Planar x/y (Solomon-style; travel time = unrounded Euclidean distance) or geographic (x = lon, y = lat). */
const planarSchema = z.object({ kind: z.literal('planar') });
/** Haversine distance in km over `speedKmh`; all times (ready, due, service, travel) in minutes. */
const geoSchema = z.object({
  kind: z.literal('geo'),
  speedKmh: z
    .number()
    .positive({ error: 'is not a positive number', abort: true })
    .min(SPEED_KMH_RANGE[0], `is below ${SPEED_KMH_RANGE[0]} km/h`)
    .max(SPEED_KMH_RANGE[1], `is above ${SPEED_KMH_RANGE[1]} km/h`),
});
const NO_KIND = "is neither 'planar' nor 'geo'";
export const coordinatesSchema = z.discriminatedUnion('kind', [planarSchema, geoSchema], { error: NO_KIND });
export type Coordinates = z.infer<typeof coordinatesSchema>;

/** On a lat/lon day travel is minutes of driving at the fleet's speed: the same travel in km. */
export const kmDriven = (travelMinutes: number, speedKmh: number): number => (travelMinutes * speedKmh) / 60;

const nodeId = z.string('is not a non-empty string').refine((id) => id.trim() !== '', 'is not a non-empty string');
/** Numbers are finite (zod rejects NaN and ±Infinity); the messages complete "<field> <value> …". */
const tooLarge = 'is too large: numbers in an instance are at most 1e9 in size';
const time = z.number('is not a finite number').min(-MAX_MAGNITUDE, tooLarge).max(MAX_MAGNITUDE, tooLarge);
const notNegative = time.min(0, 'is negative: write 0 or more');
/** What a dispatcher calls a stop and where it is, for tables, tooltips and driver sheets; never used to plan. */
const label = z.string('is not text').optional();
const positiveInteger = z.number('is not a positive integer').int('is not a positive integer').positive('is not a positive integer');

export const depotSchema = z.object({
  id: nodeId,
  x: time,
  y: time,
  /** Shift start: every vehicle departs at this time. */
  ready: time,
  /** Shift end (the horizon): in tw1 every vehicle must be back by then. */
  due: time,
  name: label,
  address: label,
});
export type Depot = z.infer<typeof depotSchema>;

export const customerSchema = z.object({
  id: nodeId,
  x: time,
  y: time,
  demand: notNegative,
  /** Earliest service start. */
  ready: time,
  /** Latest arrival. */
  due: time,
  service: notNegative,
  name: label,
  address: label,
  /** The window opens with the shift, whenever it starts (a blank cell in the file): src/shared/shift-windows.ts. */
  opensWithShift: z.boolean('is not true or false').optional(),
  /** The window closes with the shift, whenever it ends. */
  closesWithShift: z.boolean('is not true or false').optional(),
});
export type Customer = z.infer<typeof customerSchema>;

/**
 * An instance's shape and the rules about single fields. The rules that relate fields (windows, capacity,
 * unique ids, reachability) and their messages are in src/main/vrp/validate.ts. Wherever an instance arrives (the
 * API, a file, the store), the windows that follow its shift are given the shift's hours.
 */
const customersOf = <C extends z.ZodType>(customer: C) =>
  z
    .array(customer, 'is not a list')
    .min(1, 'the instance has no customers')
    .max(MAX_CUSTOMERS, {
      error: ({ input }) =>
        `holds ${Array.isArray(input) ? messageNumber(input.length) : 'more than'} customers; ${messageNumber(MAX_CUSTOMERS)} are the most one instance may have`,
    });
const instanceName = z.string('is not text').refine((name) => name.trim() !== '', 'is empty: give the instance a name');
/**
 * A day's name as it is kept: without spaces (tabs, line breaks) at its ends, as sentLabel keeps the names and addresses
 * of its stops. The import's name from a file name, and a copy's, are made of it.
 */
export const keptDayName = (name: string): string => name.trim();
const sentInstanceName = z
  .string('is not text')
  .overwrite(keptDayName)
  .refine((name) => name !== '', 'is empty: give the instance a name');

const instanceObject = z.object(
  {
    // Said as what to do: the editor's Save refuses a blank name with this message.
    name: instanceName,
    depot: depotSchema,
    /** Capacity of every vehicle. */
    capacity: positiveInteger.max(MAX_MAGNITUDE, tooLarge),
    /** Fleet size K. */
    vehicles: positiveInteger.max(MAX_VEHICLES, `is above ${messageNumber(MAX_VEHICLES)}, the most one fleet may have`),
    customers: customersOf(customerSchema),
    /** Defaults to planar. */
    coordinates: coordinatesSchema.optional(),
    /** Show times as HH:MM (minutes since midnight) rather than plain numbers. Display only. */
    clockTimes: z.boolean('is not true or false').optional(),
  },
  'is not an object',
);
/**
 * The instance as it is read: from the store, a file, or to be planned. Its texts are as long as they were kept (a day
 * stored before the limits of `sentInstanceSchema` stays readable and plannable), and a field it does not know is dropped.
 */
export const instanceSchema = instanceObject.transform(withShiftWindows);
export type Instance = z.infer<typeof instanceSchema>;

/** Whose text it is goes before the colon (issues.ts): "… is longer than 100 characters for the depot: an id may have…". */
const longerThan = (max: number, what: string) => `is longer than ${max} characters: ${what} may have at most ${max}; shorten it`;
/**
 * A text sent to be kept (or printed: a driver sheet's) holds no control character (control-characters.ts), whose code
 * point the message names.
 */
export const noControl = <T extends z.ZodString>(text: T, kind: 'id' | 'text' = 'id') =>
  text.refine((t) => controlCharacterIn(t, kind) === null, { error: (issue) => controlCharacterMessage(String(issue.input), kind) });
/**
 * A name or an address sent to be kept, trimmed of its outer spaces (tabs, line breaks) as the CSV import trims every
 * cell (readCell), and none where only spaces were, as the import reads a blank cell: what is stored is what the day's
 * CSV export gives back, whichever way the day came (the API, the table, a file).
 */
const sentLabel = noControl(label.unwrap().trim().max(MAX_TEXT_CHARS, longerThan(MAX_TEXT_CHARS, 'a name or an address')), 'text')
  .transform((text) => (text === '' ? undefined : text))
  .optional();
/** An id as a request may name it (in an instance, in routes): bounded, and not blank. */
export const sentId = z
  .string('is not a non-empty string')
  .max(MAX_ID_CHARS, longerThan(MAX_ID_CHARS, 'an id'))
  .refine((id) => id.trim() !== '', { error: 'is not a non-empty string', abort: true });
const sentNode = {
  // Kept as the day's CSV export and import give it back: the import trims every cell, so ' C001 ' would return as 'C001'.
  id: noControl(sentId).refine((id) => id === id.trim(), {
    error: (issue) => `'${clipped(String(issue.input))}' has spaces at its ends, which a CSV file does not keep: remove them`,
  }),
  name: sentLabel,
  address: sentLabel,
};
/** One customer as a sent instance holds it (a CSV row read in part is checked field by field against it). */
export const sentCustomerSchema = customerSchema.extend(sentNode).strict();
/**
 * The instance as it is sent to be kept (a save, the editor's check, a CSV import): a field it does not know (a
 * misspelt opensWithShift) is refused, not dropped, and its texts are bounded: ids at MAX_ID_CHARS, names and
 * addresses at MAX_TEXT_CHARS, what a driver sheet prints whole (src/shared/driver-sheet.ts).
 */
export const sentInstanceSchema = instanceObject
  .extend({
    // Trimmed as a customer's name is (sentLabel), on every save of it (a new day, a rename, a copy), before its limit.
    name: noControl(sentInstanceName.max(MAX_TEXT_CHARS, longerThan(MAX_TEXT_CHARS, "an instance's name")), 'text'),
    depot: depotSchema.extend(sentNode).strict(),
    customers: customersOf(sentCustomerSchema),
    coordinates: z.discriminatedUnion('kind', [planarSchema.strict(), geoSchema.strict()], { error: NO_KIND }).optional(),
  })
  .strict()
  .transform(withShiftWindows);

/**
 * Loads are sums of decimal orders in floating point (3.0 + 0.6 + 0.4 + 2.2 + 2.2 + 2.7 + 0.9 = 12.000000000000002),
 * so a load breaks the capacity only beyond a rounding allowance of a billionth of it, far below any real order. Every
 * rule that compares a load with the capacity asks here: the evaluator, the solvers, the model's environment, the
 * import's checks and the views, so that none of them calls a full vehicle over capacity and none builds a route the
 * others would.
 */
export const exceedsCapacity = (load: number, capacity: number): boolean => load > capacity + 1e-9 * Math.max(1, Math.abs(capacity));

/**
 * The customers whose order a vehicle can carry: the planners leave an order bigger than a vehicle out of every plan
 * (carriedPart, src/main/vrp/unserved.ts) and name it not served. What a method plans, and so what its time grows
 * with, is these: the one rule for the day as planned and for the notices that tell how long it takes.
 */
export const carriedCustomers = (instance: Instance): Customer[] =>
  instance.customers.filter((c) => !exceedsCapacity(c.demand, instance.capacity));

/** One stop of a route as the evaluator simulates it. */
export interface StopSchedule {
  customerId: string;
  arrival: number;
  /** Idle time before service starts (tw1/tw2 only; tw3 never waits). */
  wait: number;
  start: number;
  departure: number;
  /** max(ready - arrival, 0): measured at arrival in every variant. */
  early: number;
  /** max(arrival - due, 0). */
  late: number;
  /** Load on board after this stop. */
  load: number;
  /** alpha*λ(early) + beta*λ(late) as priced by the variant (lateness is not priced in tw1). */
  penalty: number;
}

/** Per-route figures, as in the paper's route plots: customers n, length l, load q, duration t. */
export interface RouteSummary {
  stops: StopSchedule[];
  customers: number;
  length: number;
  load: number;
  duration: number;
  /** Time the vehicle is back at the depot. */
  returnTime: number;
  wait: number;
  early: number;
  late: number;
  cost: number;
}

/**
 * When the route's driver leaves the depot: the plan's cost has every vehicle leave at the shift start, but leaving
 * later by the first stop's wait arrives there as its window opens and keeps every later time (the driver sheet's).
 * Told in whole minutes, it is rounded down: a time rounded to the nearest minute could be up to half a minute late
 * for a window that opens and closes at once (leave 10:53 for 7.1 minutes to an 11:00–11:00 stop).
 */
export const routeDeparture = (route: Pick<RouteSummary, 'stops'>, shiftStart: number): number =>
  Math.max(shiftStart, Math.floor(shiftStart + (route.stops[0]?.wait ?? 0) + 1e-9));

export const violationKindSchema = z.enum([
  'late', // arrival after due in a hard-window plan
  'horizon', // back at the depot after its due time in a hard-window plan
  'capacity', // load above capacity
  'unknown-customer',
  'duplicate-visit',
  'unserved',
  'fleet', // more non-empty routes than vehicles
]);
export type ViolationKind = z.infer<typeof violationKindSchema>;

export interface Violation {
  kind: ViolationKind;
  message: string;
  /** Index into the plan's routes, where the violation belongs to a route. */
  route?: number;
  customerId?: string;
  /** By how much the rule is broken (time units, load units, vehicles). */
  amount?: number;
  /**
   * A customer left out: its own figures ("demand 10; the most free on one vehicle is 54"), which the message ends with
   * in parentheses, so that customers left out for one reason are listed under it once (not-served.ts).
   */
  figures?: string;
}

export const totalsSchema = z.object({
  cost: z.number(),
  distance: z.number(),
  /** k: routes with at least one customer. */
  vehicles: z.number(),
  wait: z.number(),
  early: z.number(),
  late: z.number(),
});
export type Totals = z.infer<typeof totalsSchema>;

export interface Evaluation extends Totals {
  feasible: boolean;
  routes: RouteSummary[];
  violations: Violation[];
}

/** Routes as customer ids in visiting order (depot implicit at both ends). */
export const routesSchema = z.array(z.array(z.string()));
export type Routes = z.infer<typeof routesSchema>;
/** Routes as a request sends them (hand edits to check, save or export): ids bounded as a sent instance's are. */
export const sentRoutesSchema = z.array(z.array(sentId));

export const methodNameSchema = z.enum(['jampr', 'am', 'classical', 'random']);
export type MethodName = z.infer<typeof methodNameSchema>;
export const decodeStrategySchema = z.enum(['greedy', 'sample']);
export type DecodeStrategy = z.infer<typeof decodeStrategySchema>;

/** The plan JSON the CLI writes and the store keeps. */
export const planJsonSchema = z.object({
  instance: z.string(),
  /** The day was changed after the plan was made: the plan CSV's and the driver sheets' note (outOfDateNote). */
  outOfDate: z.string().optional(),
  variant: variantNameSchema,
  /** The policy's prices as planned (`jampr eval` scores by them); absent in files written before they were. */
  alpha: priceSchema.optional(),
  beta: priceSchema.optional(),
  penalty: penaltyShapeSchema.optional(),
  /** A method name, or "manual" for routes edited by hand. */
  method: z.string(),
  /** The trained model that planned it (learned methods only). */
  model: z.string().optional(),
  /** Sampling whose draws beat none of the model's 8 greedy views: the plan is the best of those (the seed changes nothing). */
  greedyKept: z.literal(true).optional(),
  /** The time limit ended before the method could do its work (cutShortNote in methods.ts says how). */
  cutShort: z.literal(true).optional(),
  routes: routesSchema,
  /** The fleet planned for (`jampr eval` warns where the day it scores against has another); absent in older files. */
  fleet: z.object({ vehicles: z.number(), capacity: z.number(), speedKmh: z.number().optional() }).optional(),
  ...totalsSchema.shape,
  /** Lat/lon days: `distance` is minutes of driving at the fleet's speed; this is the same in km. */
  distanceKm: z.number().optional(),
  /** What `distance`, `distanceKm` and the times are measured in, in words (planUnits); absent in older files. */
  units: z
    .object({ distance: z.string(), distanceKm: z.string().optional(), wait: z.string(), early: z.string(), late: z.string() })
    .optional(),
  /** The customers the plan leaves out, each with the reason (absent when it serves everyone). */
  unserved: z.array(z.object({ id: z.string(), reason: z.string() })).optional(),
  /** Whether the plan keeps every rule of the day it is scored on (the evaluator's); absent in older files. */
  feasible: z.boolean().optional(),
  /** Each rule the plan breaks, as the evaluator words it (planViolations); empty when feasible, absent in older files. */
  violations: z
    .array(
      z.object({
        kind: violationKindSchema,
        message: z.string(),
        route: z.number().optional(),
        customerId: z.string().optional(),
        amount: z.number().optional(),
      }),
    )
    .optional(),
  seconds: z.number(),
});
export type PlanJson = z.infer<typeof planJsonSchema>;
