import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBestKnownCsv, truncatedDistance } from '../../../src/main/vrp/best-known.js';
import { readInstanceFile } from '../../../src/main/vrp/io/index.js';
import { readVrplib, readVrplibSolution } from '../../../src/main/vrp/io/vrplib.js';
import { compileProblem } from '../../../src/main/vrp/problem.js';
import { validateInstance } from '../../../src/main/vrp/validate.js';
import { AppError } from '../../../src/shared/errors.js';

const data = (path: string) => new URL(`../../../data/homberger/${path}`, import.meta.url);
const text = (path: string) => readFileSync(data(path), 'utf8');
const bks = parseBestKnownCsv(text('BKS.csv'));

const errorOf = (f: () => unknown): AppError => {
  try {
    f();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected an input error');
};

const TINY = `NAME : tiny
TYPE : VRPTW
DIMENSION : 3
VEHICLES : 2
CAPACITY : 10
SERVICE_TIME : 5
EDGE_WEIGHT_TYPE : EUC_2D
NODE_COORD_SECTION
1 0 0
2 3 4
3 -1 2.5
DEMAND_SECTION
1 0
2 4
3 6
TIME_WINDOW_SECTION
1 0 100
2 10 20
3 0 50
DEPOT_SECTION
1
-1
EOF
`;

describe('readVrplib', () => {
  it('reads a small VRPTW file with the vrplib ids (node number minus one)', () => {
    const inst = readVrplib(TINY);
    expect(inst).toEqual({
      name: 'tiny',
      depot: { id: '0', x: 0, y: 0, ready: 0, due: 100 },
      capacity: 10,
      vehicles: 2,
      customers: [
        { id: '1', x: 3, y: 4, demand: 4, ready: 10, due: 20, service: 5 },
        { id: '2', x: -1, y: 2.5, demand: 6, ready: 0, due: 50, service: 5 },
      ],
    });
    expect(validateInstance(inst)).toEqual([]);
  });

  it('takes per-node service times from SERVICE_TIME_SECTION and another depot from DEPOT_SECTION', () => {
    const withSection = TINY.replace('DEPOT_SECTION\n1', 'SERVICE_TIME_SECTION\n1 0\n2 7\n3 8\nDEPOT_SECTION\n3');
    const inst = readVrplib(withSection);
    expect(inst.depot).toEqual({ id: '2', x: -1, y: 2.5, ready: 0, due: 50 });
    expect(inst.customers.map((c) => [c.id, c.service])).toEqual([
      ['0', 0],
      ['1', 7],
    ]);
  });

  it('lists every problem of a malformed file', () => {
    const broken = TINY.replace('2 3 4', '2 3 x').replace('EUC_2D', 'EXPLICIT');
    expect(errorOf(() => readVrplib(broken)).details).toEqual([
      "line 10: 'x' is not a number",
      'EDGE_WEIGHT_TYPE EXPLICIT is not supported (only EUC_2D)',
    ]);
    expect(errorOf(() => readVrplib(TINY.replace('3 0 50\n', ''))).details).toEqual(['TIME_WINDOW_SECTION has no row for node 3']);
    expect(errorOf(() => readVrplib(TINY.replace(/TIME_WINDOW_SECTION[^D]*/, ''))).details).toEqual([
      'no TIME_WINDOW_SECTION (this reader takes VRPTW files)',
    ]);
    expect(errorOf(() => readVrplib('id,x,y\n1,2,3')).details).toContain('no DIMENSION header');
  });

  it('reads a Gehring & Homberger file whose best-known routes measure the BKS distance with truncated arcs', () => {
    const inst = readVrplib(text('200/C1_2_1.vrp'));
    expect(inst.name).toBe('C1_2_1');
    expect([inst.customers.length, inst.vehicles, inst.capacity]).toEqual([200, 50, 200]);
    expect(inst.depot).toEqual({ id: '0', x: 70, y: 70, ready: 0, due: 1351 });
    expect(inst.customers[0]).toEqual({ id: '1', x: 33, y: 78, demand: 20, ready: 750, due: 809, service: 90 });
    expect(validateInstance(inst)).toEqual([]);

    const problem = compileProblem(inst);
    const solution = readVrplibSolution(text('200/C1_2_1.sol'));
    const routes = solution.routes.map((r) => r.map((id) => problem.indexOf.get(id)!));
    expect(routes.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, k) => k + 1));
    expect(solution.cost).toBe(bks.get('C1_2_1')?.distance);
    expect(truncatedDistance(problem, routes)).toBeCloseTo(2698.6, 6);
  });

  it('is picked by readInstanceFile for .vrp files, with --first and fleet overrides', () => {
    const inst = readInstanceFile(data('1000/R1_10_1.vrp').pathname, { first: 30, vehicles: 7 });
    expect(inst.customers).toHaveLength(30);
    expect(inst.vehicles).toBe(7);
    // Named for the cut day, as a Solomon file's first N are: a plan of it is not one of the whole day.
    expect(inst.name).toBe('R1_10_1-30');
    expect(bks.get('R1_10_1')).toMatchObject({ size: 1000, vehicles: expect.any(Number) });
  });
});
