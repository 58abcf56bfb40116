import type { Problem } from './problem.js';

/**
 * Best-known solutions of benchmark sets (data/homberger/BKS.csv) and the distance convention they use:
 * DIMACS VRPTW, where every arc is the Euclidean length truncated to one decimal.
 */

export interface BestKnown {
  size: number;
  name: string;
  distance: number;
  vehicles: number;
}

/** Parses `size,name,bks_distance,bks_vehicles` rows (header first). */
export function parseBestKnownCsv(text: string): Map<string, BestKnown> {
  const rows = text.trim().split(/\r?\n/).slice(1);
  return new Map(
    rows.map((line) => {
      const [size, name, distance, vehicles] = line.split(',');
      return [name, { size: Number(size), name, distance: Number(distance), vehicles: Number(vehicles) }] as const;
    }),
  );
}

/** Total distance of index routes with each arc truncated to one decimal, as the DIMACS best-known values are. */
export function truncatedDistance(problem: Problem, routes: readonly (readonly number[])[]): number {
  const { x, y } = problem;
  const arc = (i: number, j: number) => Math.floor(10 * Math.hypot(x[i] - x[j], y[i] - y[j]) + 1e-9) / 10;
  let tenths = 0;
  for (const route of routes) {
    let prev = 0;
    for (const node of route) {
      tenths += Math.round(arc(prev, node) * 10);
      prev = node;
    }
    if (route.length > 0) tenths += Math.round(arc(prev, 0) * 10);
  }
  return tenths / 10;
}
