import { describe, expect, it } from 'vitest';
import type { Instance } from '../../../src/shared/domain.js';
import { perturbInstance } from '../../../src/main/jampr/train/perturb.js';
import { storedSource } from '../../../src/main/jampr/train/sources.js';
import { generateInstance } from '../../../src/main/vrp/generate.js';
import { createRng } from '../../../src/main/vrp/rng.js';
import { validateInstance } from '../../../src/main/vrp/validate.js';

/** A stored instance with tight windows near the horizon, where careless jitter would break reachability. */
const tight = (): Instance => {
  const base = generateInstance(12, createRng(3), 'tight');
  return { ...base, customers: base.customers.map((c, i) => (i % 3 ? c : { ...c, ready: c.due - 1, due: c.due })) };
};

describe('perturbed stored instances', () => {
  it('stay valid, have exactly the training size and differ from the original', () => {
    const rng = createRng(5);
    for (const source of [tight(), generateInstance(30, createRng(8), 'big')]) {
      for (const size of [5, 12, 20]) {
        for (let k = 0; k < 20; k++) {
          const p = perturbInstance(source, size, rng);
          expect(validateInstance(p)).toEqual([]);
          expect(p.customers).toHaveLength(size);
          expect(p.customers.some((c, i) => c.x !== source.customers[i % source.customers.length].x)).toBe(true);
        }
      }
    }
  });

  it('draw compiled problems from a stored set', () => {
    const problems = storedSource([tight()], 8).draw(4, createRng(1));
    expect(problems.map((p) => p.n)).toEqual([8, 8, 8, 8]);
  });

  it('draw only the orders a vehicle carries: an order bigger than a vehicle, left out of every plan, is not learned from', () => {
    const base = generateInstance(12, createRng(3), 'oversize');
    // Every order 10 of a capacity of 100, but two of 500 that the planners leave out (carriedPart).
    const day = { ...base, capacity: 100, customers: base.customers.map((c, i) => ({ ...c, demand: i < 2 ? 500 : 10 })) };
    const problems = storedSource([day], 12).draw(20, createRng(1));
    // Perturbed by at most 20 %: a drawn order above 12 is one of the two, made a full vehicle's load.
    for (const p of problems) expect(Math.max(...p.demand)).toBeLessThanOrEqual(12);
    expect(() => storedSource([{ ...day, customers: day.customers.slice(0, 2) }], 12)).toThrow(/bigger than a vehicle carries/);
  });
});
