import type { Customer, Instance } from '../../shared/domain.js';
import { createRng, type Rng } from './rng.js';

/**
 * Instance generators (docs/model.md, "Instances"): the paper's R201-like CVRP-TW distribution, written
 * exactly in the normative code form of jokofa/JAMPR's data_generator.py, and Kool et al.'s CVRP.
 * Randomness comes from the product's seeded PRNG: reproducible here, not bit-identical to numpy.
 */

/** Horizon [a_0, b_0] and service time h_i of generated CVRP-TW data. */
export const TW_HORIZON = 1000;
export const TW_SERVICE = 10;

/**
 * CVRP has no time windows. It is represented as a time-window instance whose windows never bind:
 * every ready time and service time is 0 and every due time (depot included) is this horizon, far
 * beyond any unit-square tour (at most ~1.42 per leg). Then no variant waits, is early or is late, so
 * the evaluator's cost equals the distance in every variant, as the CVRP rows of the paper require.
 */
export const CVRP_HORIZON = 1_000_000;

type Anchors = ReadonlyArray<readonly [size: number, capacity: number]>;

/** Vehicle capacity Q by N for CVRP-TW (the paper's table). */
const TW_CAPACITY: Anchors = [
  [10, 250],
  [20, 500],
  [50, 750],
  [100, 1000],
];
/** Vehicle capacity Q by N for CVRP (Kool et al.). */
const CVRP_CAPACITY: Anchors = [
  [10, 20],
  [20, 30],
  [50, 40],
  [100, 50],
];

/**
 * Capacity for any N: the published value at the published sizes; linear interpolation (rounded)
 * between them; below the smallest size the smallest capacity; above the largest size the slope of
 * the last segment continues, so the demand-to-capacity ratio Σq/Q keeps growing slowly instead of
 * linearly (N=200 gives Q=1500 for CVRP-TW, 70 for CVRP).
 */
export function capacityFor(anchors: Anchors, size: number): number {
  const [first] = anchors;
  if (size <= first[0]) return first[1];
  for (let k = 1; k < anchors.length; k++) {
    const [n0, q0] = anchors[k - 1];
    const [n1, q1] = anchors[k];
    if (size <= n1) return Math.round(q0 + ((q1 - q0) * (size - n0)) / (n1 - n0));
  }
  const [nA, qA] = anchors[anchors.length - 2];
  const [nB, qB] = anchors[anchors.length - 1];
  return Math.round(qB + ((qB - qA) * (size - nB)) / (nB - nA));
}

export const twCapacity = (size: number): number => capacityFor(TW_CAPACITY, size);
export const cvrpCapacity = (size: number): number => capacityFor(CVRP_CAPACITY, size);

function checkSize(size: number): void {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`instance size ${size} is not a positive integer`);
}

/** One R201-like CVRP-TW instance with N = size customers and K = N vehicles. */
export function generateInstance(size: number, rng: Rng, name = `gen-n${size}`): Instance {
  checkSize(size);
  const depot = { x: 100 * rng.next(), y: 100 * rng.next() };
  const locations = Array.from({ length: size }, () => ({ x: 100 * rng.next(), y: 100 * rng.next() }));
  const demands = locations.map(() => Math.min(42, Math.max(1, Math.floor(Math.abs(15 + 10 * rng.normal())))));
  const customers: Customer[] = locations.map((r, i) => {
    const d = Math.hypot(r.x - depot.x, r.y - depot.y);
    const lo = Math.ceil(d) + 1;
    const hi = TW_HORIZON - (Math.ceil(d + TW_SERVICE) + 1);
    const ready = rng.int(lo, hi);
    const epsilon = Math.max(Math.abs(rng.normal()), 0.01);
    const due = Math.min(Math.floor(ready + 300 * epsilon), hi);
    return { id: String(i + 1), x: r.x, y: r.y, demand: demands[i], ready, due, service: TW_SERVICE };
  });
  return {
    name,
    depot: { id: '0', ...depot, ready: 0, due: TW_HORIZON },
    capacity: twCapacity(size),
    vehicles: size,
    customers,
  };
}

/** One Kool et al. CVRP instance on the unit square (no time windows: see CVRP_HORIZON). */
export function generateCvrpInstance(size: number, rng: Rng, name = `cvrp-n${size}`): Instance {
  checkSize(size);
  const depot = { x: rng.next(), y: rng.next() };
  const locations = Array.from({ length: size }, () => ({ x: rng.next(), y: rng.next() }));
  const customers: Customer[] = locations.map((r, i) => ({
    id: String(i + 1),
    x: r.x,
    y: r.y,
    demand: rng.int(1, 10),
    ready: 0,
    due: CVRP_HORIZON,
    service: 0,
  }));
  return {
    name,
    depot: { id: '0', ...depot, ready: 0, due: CVRP_HORIZON },
    capacity: cvrpCapacity(size),
    vehicles: size,
    customers,
  };
}

/**
 * `count` instances from one seed. Instance i draws from the i-th fork of createRng(seed), so it is
 * the same whatever the count (generateInstances(20, 10, s)[7] equals generateInstances(20, 8, s)[7]).
 */
function generateSet(count: number, seed: number, make: (rng: Rng, i: number) => Instance): Instance[] {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`instance count ${count} is not a non-negative integer`);
  const master = createRng(seed);
  return Array.from({ length: count }, (_, i) => make(master.fork(), i));
}

/** R201-like instances named like "gen-n20-s1234-i7". */
export const generateInstances = (size: number, count: number, seed: number): Instance[] =>
  generateSet(count, seed, (rng, i) => generateInstance(size, rng, `gen-n${size}-s${seed}-i${i}`));

/**
 * The same instances one at a time, for a count too large to hold (`jampr generate` writes each as it comes): the i-th
 * is generateInstances(size, count, seed)[i].
 */
export function* eachGeneratedInstance(size: number, count: number, seed: number): Generator<Instance> {
  const master = createRng(seed);
  for (let i = 0; i < count; i++) yield generateInstance(size, master.fork(), `gen-n${size}-s${seed}-i${i}`);
}

/** CVRP instances named like "cvrp-n20-s1234-i7". */
export const generateCvrpInstances = (size: number, count: number, seed: number): Instance[] =>
  generateSet(count, seed, (rng, i) => generateCvrpInstance(size, rng, `cvrp-n${size}-s${seed}-i${i}`));
