import { describe, expect, it } from 'vitest';
import {
  CVRP_HORIZON,
  cvrpCapacity,
  generateCvrpInstance,
  generateCvrpInstances,
  generateInstance,
  generateInstances,
  twCapacity,
} from '../../../src/main/vrp/generate.js';
import { createRng } from '../../../src/main/vrp/rng.js';
import { buildProblem, validateInstance } from '../../../src/main/vrp/validate.js';
import { evaluatePlan } from '../../../src/main/vrp/evaluate.js';
import { makeVariant, VARIANT_NAMES } from '../../../src/shared/domain.js';

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const std = (xs: number[]) => Math.sqrt(mean(xs.map((x) => (x - mean(xs)) ** 2)));
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2;
};

describe('R201-like generator', () => {
  // 100 instances of 20 customers: 2000 sampled customers.
  const instances = generateInstances(20, 100, 1234);
  const customers = instances.flatMap((inst) =>
    inst.customers.map((c) => ({ ...c, d: Math.hypot(c.x - inst.depot.x, c.y - inst.depot.y) })),
  );

  it('matches the documented statistics for demand', () => {
    const q = customers.map((c) => c.demand);
    expect(customers).toHaveLength(2000);
    expect(mean(q)).toBeGreaterThan(14.5);
    expect(mean(q)).toBeLessThan(15.7);
    expect(std(q)).toBeGreaterThan(8.5);
    expect(std(q)).toBeLessThan(9.5);
    expect(Math.min(...q)).toBe(1);
    expect(Math.max(...q)).toBe(42);
    expect(q.every(Number.isInteger)).toBe(true);
  });

  it('matches the documented statistics for time windows', () => {
    const a = customers.map((c) => c.ready);
    const b = customers.map((c) => c.due);
    const width = customers.map((c) => c.due - c.ready);
    const capped = customers.filter((c) => c.due === 1000 - (Math.ceil(c.d + 10) + 1)).length / customers.length;
    expect(Math.abs(mean(a) - 495)).toBeLessThan(20);
    expect(Math.abs(mean(b) - 684)).toBeLessThan(20);
    expect(Math.abs(mean(width) - 188)).toBeLessThan(10);
    expect(Math.abs(median(width) - 154)).toBeLessThan(12);
    expect(Math.abs(capped - 0.27)).toBeLessThan(0.03);
    expect([...a, ...b].every(Number.isInteger)).toBe(true);
  });

  it('keeps every customer feasible as the generator guarantees', () => {
    for (const c of customers) {
      expect(c.ready).toBeGreaterThanOrEqual(c.d + 1);
      expect(c.due).toBeGreaterThan(c.ready);
      expect(c.due + 10 + c.d).toBeLessThanOrEqual(999);
      expect(c.service).toBe(10);
    }
    for (const inst of instances) expect(validateInstance(inst)).toEqual([]);
  });

  it('uses the paper fleet: K = N vehicles, depot window [0, 1000], capacity by N', () => {
    const inst = instances[0];
    expect(inst.vehicles).toBe(20);
    expect(inst.capacity).toBe(500);
    expect(inst.depot).toMatchObject({ ready: 0, due: 1000 });
    expect(inst.customers.map((c) => c.id)).toEqual(Array.from({ length: 20 }, (_, i) => String(i + 1)));
    for (const c of [...inst.customers, inst.depot]) {
      expect(c.x).toBeGreaterThanOrEqual(0);
      expect(c.x).toBeLessThan(100);
    }
  });

  it('gives the published capacities and interpolates between them', () => {
    expect([10, 20, 50, 100].map(twCapacity)).toEqual([250, 500, 750, 1000]);
    expect(twCapacity(5)).toBe(250);
    expect(twCapacity(15)).toBe(375);
    expect(twCapacity(75)).toBe(875);
    expect(twCapacity(200)).toBe(1500);
    expect([10, 20, 50, 100].map(cvrpCapacity)).toEqual([20, 30, 40, 50]);
  });

  it('is reproducible: same seed gives identical instances, instance i independent of the count', () => {
    expect(generateInstances(20, 3, 7)).toEqual(generateInstances(20, 3, 7));
    expect(generateInstances(20, 3, 7)[2]).toEqual(generateInstances(20, 9, 7)[2]);
    expect(generateInstances(20, 3, 7)[2].name).toBe('gen-n20-s7-i2');
    expect(generateInstances(20, 1, 7)[0]).not.toEqual(generateInstances(20, 1, 8)[0]);
    expect(generateInstance(10, createRng(3))).toEqual(generateInstance(10, createRng(3)));
  });

  it('rejects a size that is not a positive integer', () => {
    expect(() => generateInstance(0, createRng(1))).toThrow(RangeError);
    expect(() => generateInstance(2.5, createRng(1))).toThrow(RangeError);
  });
});

describe('CVRP generator', () => {
  it('draws Kool et al. instances on the unit square with demands 1..9', () => {
    const instances = generateCvrpInstances(50, 20, 99);
    const demands = instances.flatMap((inst) => inst.customers.map((c) => c.demand));
    expect(Math.min(...demands)).toBe(1);
    expect(Math.max(...demands)).toBe(9);
    expect(Math.abs(mean(demands) - 5)).toBeLessThan(0.3);
    for (const inst of instances) {
      expect(inst.capacity).toBe(40);
      expect(validateInstance(inst)).toEqual([]);
      for (const c of inst.customers) {
        expect(c.x).toBeLessThan(1);
        expect(c).toMatchObject({ ready: 0, due: CVRP_HORIZON, service: 0 });
      }
    }
    expect(instances[3].name).toBe('cvrp-n50-s99-i3');
  });

  it('is priced as pure distance by every variant of the evaluator', () => {
    const inst = generateCvrpInstance(10, createRng(5));
    const problem = buildProblem(inst);
    const routes = [inst.customers.slice(0, 3).map((c) => c.id), inst.customers.slice(3).map((c) => c.id)];
    for (const name of VARIANT_NAMES) {
      const e = evaluatePlan(problem, routes, makeVariant(name));
      expect(e.cost).toBeCloseTo(e.distance, 9);
      expect(e.early + e.late + e.wait).toBe(0);
      expect(e.distance).toBeGreaterThan(0);
    }
  });
});
