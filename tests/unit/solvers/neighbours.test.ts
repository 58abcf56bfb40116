import { describe, expect, it } from 'vitest';
import { compileProblem, type Problem } from '../../../src/main/vrp/problem.js';
import { buildNeighbours } from '../../../src/main/vrp/solvers/search/neighbours.js';
import { smallInstance } from './fixtures.js';

/** The definition: every other customer ranked by proximity (both directions, the better one), ties by index. */
function rankedByDefinition(problem: Problem, u: number): number[] {
  const { n, travel, ready, due, service } = problem;
  const size = n + 1;
  const proximity = (i: number, j: number) => {
    const t = travel[i * size + j];
    return t + 0.2 * Math.max(ready[j] - service[i] - t - due[i], 0) + Math.max(ready[i] + service[i] + t - due[j], 0);
  };
  const score = (v: number) => Math.min(proximity(u, v), proximity(v, u));
  return Array.from({ length: n }, (_, k) => k + 1)
    .filter((v) => v !== u)
    .sort((p, q) => score(p) - score(q) || p - q);
}

describe('granular neighbour lists', () => {
  it('hold the nearest customers by the proximity measure, nearest first, ties by index', () => {
    const instance = smallInstance(40, 9);
    // Integer coordinates on a small grid and equal windows make many ties.
    const gridded = {
      ...instance,
      customers: instance.customers.map((c, k) => ({ ...c, x: k % 5, y: Math.floor(k / 5) % 4, ready: 0, due: 1000 - 20 })),
    };
    for (const problem of [compileProblem(instance), compileProblem(gridded)]) {
      for (const wanted of [0, 1, 7, 39, 60]) {
        const { count, list } = buildNeighbours(problem, wanted);
        expect(count).toBe(Math.min(wanted, 39));
        for (let u = 1; u <= problem.n; u++) {
          expect(Array.from(list.subarray(u * count, (u + 1) * count))).toEqual(rankedByDefinition(problem, u).slice(0, count));
        }
      }
    }
  });
});
