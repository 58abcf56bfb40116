import { describe, expect, it } from 'vitest';
import { parseInstanceJson } from '../../../src/main/vrp/io/json.js';
import { buildProblem } from '../../../src/main/vrp/validate.js';

describe('windows that follow the shift', () => {
  // An instance file whose shift was widened by hand to 06:00–20:00: the customers marked as following the shift
  // were written with the old 07:00–18:00.
  const file = {
    name: 'widened',
    capacity: 100,
    vehicles: 2,
    clockTimes: true,
    depot: { id: 'D', x: 0, y: 0, ready: 360, due: 1200 },
    customers: [
      { id: 'all', x: 3, y: 4, demand: 5, ready: 420, due: 1080, service: 10, opensWithShift: true, closesWithShift: true },
      { id: 'from9', x: 6, y: 8, demand: 5, ready: 540, due: 1080, service: 10, closesWithShift: true },
      { id: 'shop', x: 1, y: 1, demand: 5, ready: 420, due: 1080, service: 10 },
    ],
  };

  it("get the shift's hours wherever an instance arrives, and the solver plans with them", () => {
    const instance = parseInstanceJson(JSON.stringify(file));
    expect(instance.customers.map((c) => [c.id, c.ready, c.due])).toEqual([
      ['all', 360, 1200],
      ['from9', 540, 1200],
      ['shop', 420, 1080],
    ]);
    const problem = buildProblem(instance);
    expect(Array.from(problem.ready.slice(1))).toEqual([360, 540, 420]);
    expect(Array.from(problem.due.slice(1))).toEqual([1200, 1200, 1080]);
  });

  it("close at a night shift's end as the clock reads it", () => {
    const night = { ...file, depot: { ...file.depot, ready: 1320, due: 360 }, customers: [{ ...file.customers[0] }] };
    expect(parseInstanceJson(JSON.stringify(night)).customers[0]).toMatchObject({ ready: 1320, due: 1800 });
  });
});
