import type { Instance } from '../../../src/shared/domain.js';
import { compileProblem, type Problem } from '../../../src/main/vrp/problem.js';
import { createRng } from '../../../src/main/vrp/rng.js';

/**
 * A tiny R201-like instance generator for solver tests (docs/model.md, "Instances", simplified): uniform locations on
 * [0,100]^2, demand ~ |N(15,10)| in [1,42], horizon [0,1000], service 10, windows reachable from the depot.
 */
export function smallInstance(n: number, seed: number, capacity = 120, vehicles = n): Instance {
  const rng = createRng(seed);
  const depot = { id: 'D', x: 100 * rng.next(), y: 100 * rng.next(), ready: 0, due: 1000 };
  const customers = Array.from({ length: n }, (_, k) => {
    const x = 100 * rng.next();
    const y = 100 * rng.next();
    const d = Math.hypot(x - depot.x, y - depot.y);
    const lo = Math.ceil(d) + 1;
    const hi = 1000 - (Math.ceil(d + 10) + 1);
    const ready = rng.int(lo, hi);
    const due = Math.min(Math.floor(ready + 300 * Math.max(Math.abs(rng.normal()), 0.01)), hi);
    const demand = Math.min(42, Math.max(1, Math.floor(Math.abs(15 + 10 * rng.normal()))));
    return { id: `c${k + 1}`, x, y, demand, ready, due, service: 10 };
  });
  return { name: `small-${n}-${seed}`, depot, capacity, vehicles, customers };
}

export const smallProblem = (n: number, seed: number, capacity?: number, vehicles?: number): Problem =>
  compileProblem(smallInstance(n, seed, capacity, vehicles));
