import type { Coordinates, Instance } from '../../shared/domain.js';
import { haversineKm } from '../../shared/earth-km.js';

/**
 * An instance compiled to flat arrays for the evaluator, the solvers and the model's environment.
 * Index 0 is the depot, 1..n the customers in instance order. Immutable once built.
 */
export interface Problem {
  readonly instance: Instance;
  /** Number of customers N. */
  readonly n: number;
  readonly capacity: number;
  readonly vehicles: number;
  readonly ids: readonly string[];
  readonly indexOf: ReadonlyMap<string, number>;
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly demand: Float64Array;
  readonly ready: Float64Array;
  readonly due: Float64Array;
  readonly service: Float64Array;
  /** Travel time between nodes, row-major [(n+1) x (n+1)]. */
  readonly travel: Float64Array;
}

/** The day's demand: every customer's order, in index order. */
export function totalDemand(problem: Pick<Problem, 'n' | 'demand'>): number {
  let demand = 0;
  for (let i = 1; i <= problem.n; i++) demand += problem.demand[i];
  return demand;
}

/** Travel time between two points: Euclidean for planar data, haversine minutes at the given speed for geo. */
export function travelTime(coords: Coordinates | undefined, ax: number, ay: number, bx: number, by: number): number {
  if (!coords || coords.kind === 'planar') return Math.hypot(ax - bx, ay - by);
  return (haversineKm(ay, ax, by, bx) / coords.speedKmh) * 60;
}

/** Compiles an instance that has already passed validation. */
export function compileProblem(instance: Instance): Problem {
  const n = instance.customers.length;
  const size = n + 1;
  const nodes = [{ ...instance.depot, demand: 0, service: 0 }, ...instance.customers];
  const col = (f: (c: (typeof nodes)[number]) => number) => Float64Array.from(nodes, f);
  const x = col((c) => c.x);
  const y = col((c) => c.y);
  const travel = new Float64Array(size * size);
  for (let i = 0; i < size; i++) {
    for (let j = i + 1; j < size; j++) {
      const t = travelTime(instance.coordinates, x[i], y[i], x[j], y[j]);
      travel[i * size + j] = t;
      travel[j * size + i] = t;
    }
  }
  const ids = nodes.map((c) => c.id);
  return {
    instance,
    n,
    capacity: instance.capacity,
    vehicles: instance.vehicles,
    ids,
    indexOf: new Map(ids.map((id, i) => [id, i])),
    x,
    y,
    demand: col((c) => c.demand),
    ready: col((c) => c.ready),
    due: col((c) => c.due),
    service: col((c) => c.service),
    travel,
  };
}
