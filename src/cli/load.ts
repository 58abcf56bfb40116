import { FirstBeyondFile } from '../main/vrp/io/first-customers.js';
import { readInstanceFile } from '../main/vrp/io/index.js';
import { buildProblem } from '../main/vrp/validate.js';
import type { Problem } from '../main/vrp/problem.js';
import { MAX_MAGNITUDE, MAX_VEHICLES, SPEED_KMH_RANGE } from '../shared/limits.js';
import { FIRST_FLAG_BOUNDS, optionalNumberFlag } from './args.js';
import { printWarning } from './print-warning.js';
import { usageError } from './usage.js';

/** Flags shared by every command that reads an instance file. */
export const instanceFlags = {
  first: { type: 'string' },
  vehicles: { type: 'string' },
  capacity: { type: 'string' },
  speed: { type: 'string' },
} as const;

/** The fleet values an instance file may be read with: the flags' names for them are FLEET_FLAGS'. */
export interface FleetValues {
  vehicles?: number;
  capacity?: number;
  speedKmh?: number;
}

/** The flag that sets each fleet value. */
export const FLEET_FLAGS = { vehicles: 'vehicles', capacity: 'capacity', speedKmh: 'speed' } as const;

/**
 * The instance flags' values, each refused outside its bounds: called by itself, it names a flag's mistake before a
 * file is read (eval, whose plan file comes first).
 */
export function instanceFlagValues(values: Record<string, unknown>): FleetValues & { first?: number } {
  return {
    first: optionalNumberFlag(values, 'first', FIRST_FLAG_BOUNDS),
    // The instance's own bounds (shared/limits.ts), named as the flag's mistake rather than the file's.
    vehicles: optionalNumberFlag(values, 'vehicles', { min: 1, max: MAX_VEHICLES, integer: true }),
    // A vehicle carries something and moves: 0 is a slip, named here rather than as a problem of the file; so is a
    // capacity with decimals, which the instance schema refuses (src/shared/domain.ts: a positive integer).
    capacity: optionalNumberFlag(values, 'capacity', { above: 0, max: MAX_MAGNITUDE, integer: true }),
    speedKmh: optionalNumberFlag(values, 'speed', { min: SPEED_KMH_RANGE[0], max: SPEED_KMH_RANGE[1] }),
  };
}

/** `read`, with a --first beyond the file's customers refused as the flag's mistake, as its bounds are (usage.ts). */
function asFlagMistake<T>(read: () => T): T {
  try {
    return read();
  } catch (err) {
    throw err instanceof FirstBeyondFile ? usageError(err.message) : err;
  }
}

/**
 * Reads and validates an instance (.json, .jsonl of one, Solomon .txt, VRPLIB .vrp or .csv) with the fleet flags
 * (which a CSV needs); `fallback` gives a fleet value where its flag is absent (eval: the fleet the plan records).
 */
export function loadProblem(
  path: string,
  values: Record<string, unknown>,
  { fallback = {}, onWarning = printWarning }: { fallback?: FleetValues; onWarning?: (message: string) => void } = {},
): Problem {
  const flags = instanceFlagValues(values);
  const instance = asFlagMistake(() =>
    readInstanceFile(path, {
      first: flags.first,
      vehicles: flags.vehicles ?? fallback.vehicles,
      capacity: flags.capacity ?? fallback.capacity,
      speedKmh: flags.speedKmh ?? fallback.speedKmh,
      onWarning,
    }),
  );
  // A flag the command would ignore is refused (as one the method does not read): x/y travel is their distance.
  if (values.speed !== undefined && instance.coordinates?.kind !== 'geo') {
    throw usageError(`--speed applies to lat/lon data only: ${path} has x/y coordinates, whose distance is the travel time`);
  }
  return buildProblem(instance);
}
