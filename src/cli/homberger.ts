import { readFileSync } from 'node:fs';
import { makeVariant } from '../shared/domain.js';
import { runClassicalParallel } from '../main/jobs/classical-parallel.js';
import { parseBestKnownCsv, truncatedDistance } from '../main/vrp/best-known.js';
import { evaluateIndexRoutes } from '../main/vrp/evaluate.js';
import { readInstanceFile } from '../main/vrp/io/index.js';
import { buildProblem } from '../main/vrp/validate.js';

/** The Gehring & Homberger sets shipped in data/homberger, and the classical solver's gap to their best-known distances. */
const DATA = new URL('../../data/homberger/', import.meta.url);

/** Two instances of each class (C1, C2, R1, R2, RC1, RC2) per size, or one each with `perClass: 1`. */
export function homberger(size: 200 | 1000, perClass: 1 | 2 = 2): string[] {
  const scale = size / 100;
  return ['C1', 'C2', 'R1', 'R2', 'RC1', 'RC2'].flatMap((c) => Array.from({ length: perClass }, (_, k) => `${c}_${scale}_${k + 1}`));
}

/** The 1,000-customer instances `jampr bench --speed` measures the classical solver's gap on by default. */
export const DEFAULT_GAP_INSTANCES = homberger(1000, 1).filter((name) => /^(R1|C1|RC1)_/.test(name));

export interface GapRow {
  name: string;
  /** Unrounded Euclidean distance of the plan (what the solver minimises). */
  distance: number;
  /** The same routes with every arc truncated to one decimal, as the best-known distances are measured. */
  truncated: number;
  vehicles: number;
  bks: number;
  bksVehicles: number;
  /** Percent above the best-known distance: unrounded, and like for like (truncated). */
  gap: number;
  truncatedGap: number;
  feasible: boolean;
  seconds: number;
}

/** Plans one instance with the classical solver, distance only (tw1, alpha 0), and measures its gap. */
export async function classicalGap(name: string, seconds: number, options: { seed?: number; threads?: number } = {}): Promise<GapRow> {
  const size = /_10_/.test(name) ? 1000 : 200;
  const bestKnown = parseBestKnownCsv(readFileSync(new URL('BKS.csv', DATA), 'utf8')).get(name);
  if (!bestKnown) throw new Error(`no best-known solution for ${name} in data/homberger/BKS.csv`);
  const problem = buildProblem(readInstanceFile(new URL(`${size}/${name}.vrp`, DATA).pathname));
  const variant = makeVariant('tw1', { alpha: 0 });
  const result = await runClassicalParallel(problem, variant, { timeLimitSec: seconds, seed: options.seed ?? 1, threads: options.threads });
  const e = evaluateIndexRoutes(problem, result.routes, variant);
  const truncated = truncatedDistance(problem, result.routes);
  const pct = (d: number) => (d / bestKnown.distance - 1) * 100;
  return {
    name,
    distance: e.distance,
    truncated,
    vehicles: e.vehicles,
    bks: bestKnown.distance,
    bksVehicles: bestKnown.vehicles,
    gap: pct(e.distance),
    truncatedGap: pct(truncated),
    feasible: e.feasible,
    seconds: result.seconds,
  };
}
