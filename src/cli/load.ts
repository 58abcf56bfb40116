import { readInstanceFile } from '../main/vrp/io/index.js';
import { buildProblem } from '../main/vrp/validate.js';
import type { Problem } from '../main/vrp/problem.js';
import { inputError } from '../shared/errors.js';
import { optionalNumberFlag } from './args.js';

/** Flags shared by every command that reads an instance file. */
export const instanceFlags = {
  first: { type: 'string' },
  vehicles: { type: 'string' },
  capacity: { type: 'string' },
  speed: { type: 'string' },
} as const;

/** Reads and validates an instance (.json, Solomon .txt or .csv) with the fleet flags for CSV files. */
export function loadProblem(path: string, values: Record<string, unknown>): Problem {
  const instance = readInstanceFile(path, {
    first: optionalNumberFlag(values, 'first', { min: 1, integer: true }),
    vehicles: optionalNumberFlag(values, 'vehicles', { min: 1, integer: true }),
    // A vehicle carries something and moves: 0 is a slip, named here rather than as a problem of the file.
    capacity: optionalNumberFlag(values, 'capacity', { above: 0 }),
    speedKmh: optionalNumberFlag(values, 'speed', { above: 0 }),
    onWarning: (message) => process.stderr.write(`jampr: warning: ${message}\n`),
  });
  // A flag the command would ignore is refused (as one the method does not read): x/y travel is their distance.
  if (values.speed !== undefined && instance.coordinates?.kind !== 'geo') {
    throw inputError(`--speed applies to lat/lon data only: ${path} has x/y coordinates, whose distance is the travel time`);
  }
  return buildProblem(instance);
}
