/**
 * Domain types shared by main, renderer, CLI and web mode. Plain data only (JSON-serialisable):
 * no electron, node:* or DOM imports here.
 */

/** Planar x/y (Solomon-style; travel time = unrounded Euclidean distance) or geographic (x = lon, y = lat). */
export type Coordinates =
  | { kind: 'planar' }
  /** Haversine distance in km over `speedKmh`; all times (ready, due, service, travel) in minutes. */
  | { kind: 'geo'; speedKmh: number };

export interface Depot {
  id: string;
  x: number;
  y: number;
  /** Shift start: every vehicle departs at this time. */
  ready: number;
  /** Shift end (the horizon): in tw1 every vehicle must be back by then. */
  due: number;
}

export interface Customer {
  id: string;
  x: number;
  y: number;
  demand: number;
  /** Earliest service start. */
  ready: number;
  /** Latest arrival. */
  due: number;
  service: number;
}

export interface Instance {
  name: string;
  depot: Depot;
  /** Capacity of every vehicle. */
  capacity: number;
  /** Fleet size K. */
  vehicles: number;
  customers: Customer[];
  /** Defaults to planar. */
  coordinates?: Coordinates;
  /** Show times as HH:MM (minutes since midnight) rather than plain numbers. Display only. */
  clockTimes?: boolean;
}

/** The paper's three time-window policies. */
export type VariantName = 'tw1' | 'tw2' | 'tw3';
export const VARIANT_NAMES: readonly VariantName[] = ['tw1', 'tw2', 'tw3'];

export type PenaltyShape = 'linear' | 'quadratic';

/** A fully resolved cost policy: a preset plus its parameters. */
export interface Variant {
  name: VariantName;
  /** Price per unit of earliness (in tw1/tw2 earliness is the waiting time). */
  alpha: number;
  /** Price per unit of lateness; unused in tw1 where lateness is forbidden. */
  beta: number;
  penalty: PenaltyShape;
}

export const VARIANT_LABELS: Record<VariantName, string> = {
  tw1: 'hard',
  tw2: 'partly soft',
  tw3: 'soft',
};

export const VARIANT_DEFAULTS: Record<VariantName, Variant> = {
  tw1: { name: 'tw1', alpha: 1.0, beta: Infinity, penalty: 'linear' },
  tw2: { name: 'tw2', alpha: 0.0, beta: 0.5, penalty: 'linear' },
  tw3: { name: 'tw3', alpha: 0.1, beta: 0.5, penalty: 'linear' },
};

/** Builds a variant from its preset name, overriding only the parameters given. */
export function makeVariant(name: VariantName, overrides: Partial<Pick<Variant, 'alpha' | 'beta' | 'penalty'>> = {}): Variant {
  const base = VARIANT_DEFAULTS[name];
  return {
    name,
    alpha: overrides.alpha ?? base.alpha,
    beta: name === 'tw1' ? Infinity : (overrides.beta ?? base.beta),
    penalty: overrides.penalty ?? base.penalty,
  };
}

/** Does a vehicle arriving early wait for the window to open (tw1, tw2) or start service at once (tw3)? */
export const variantWaits = (v: VariantName): boolean => v !== 'tw3';
/** Are time windows and the depot horizon hard rules? (Capacity is always hard.) */
export const variantHardTime = (v: VariantName): boolean => v === 'tw1';

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

export type ViolationKind =
  | 'late' // arrival after due in a hard-window plan
  | 'horizon' // back at the depot after its due time in a hard-window plan
  | 'capacity' // load above capacity
  | 'unknown-customer'
  | 'duplicate-visit'
  | 'unserved'
  | 'fleet'; // more non-empty routes than vehicles

export interface Violation {
  kind: ViolationKind;
  message: string;
  /** Index into the plan's routes, where the violation belongs to a route. */
  route?: number;
  customerId?: string;
  /** By how much the rule is broken (time units, load units, vehicles). */
  amount?: number;
}

export interface Totals {
  cost: number;
  distance: number;
  /** k: routes with at least one customer. */
  vehicles: number;
  wait: number;
  early: number;
  late: number;
}

export interface Evaluation extends Totals {
  feasible: boolean;
  routes: RouteSummary[];
  violations: Violation[];
}

/** Routes as customer ids in visiting order (depot implicit at both ends). */
export type Routes = string[][];

export type MethodName = 'random' | 'classical' | 'jampr' | 'am';
export type DecodeStrategy = 'greedy' | 'sample';

/** The plan JSON the CLI writes and the store keeps. */
export interface PlanJson extends Totals {
  instance: string;
  variant: VariantName;
  method: string;
  /** The trained model that planned it (learned methods only). */
  model?: string;
  routes: Routes;
  seconds: number;
}
