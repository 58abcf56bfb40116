import type { Problem } from '../main/vrp/problem.js';
import { AppError, inputError } from '../shared/errors.js';
import { formatOfPath } from '../main/vrp/io/index.js';
import { planFleet } from '../main/vrp/io/json.js';
import { FLEET_FLAGS, type FleetValues, loadProblem } from './load.js';

export type Fleet = ReturnType<typeof planFleet>;
type FleetKey = keyof typeof FLEET_FLAGS;

const SAY: Record<FleetKey, (f: FleetValues) => string> = {
  vehicles: (f) => `${f.vehicles} ${f.vehicles === 1 ? 'vehicle' : 'vehicles'}`,
  capacity: (f) => `a capacity of ${f.capacity}`,
  speedKmh: (f) => (f.speedKmh === undefined ? 'planar travel' : `${f.speedKmh} km/h`),
};
const KEYS = Object.keys(FLEET_FLAGS) as FleetKey[];

/** "15 vehicles, a capacity of 100": the values named by `keys`. */
export const fleetText = (fleet: FleetValues, keys: readonly FleetKey[]): string => keys.map((k) => SAY[k](fleet)).join(', ');

/** "8 vehicles of 100 at 30 km/h, not 8 vehicles of 100 at 50 km/h", naming only what differs; null when nothing does. */
export function fleetDifference(planned: Fleet, scored: Fleet): string | null {
  const differing = KEYS.filter((key) => planned[key] !== scored[key]);
  return differing.length === 0 ? null : `${fleetText(planned, differing)}, not ${fleetText(scored, differing)}`;
}

/**
 * The instance a plan is scored on: each fleet value from its flag; for a customer CSV, which holds no fleet, where
 * the flag is absent, the value the plan records (the fleet it was planned for: one vehicle a customer would score
 * another day). A file that holds its fleet (instance JSON, Solomon, VRPLIB) is that day's, as it says: a plan made
 * for another fleet is warned about, not re-read. `taken` lists the recorded values used, for a note.
 */
export function loadWithRecordedFleet(
  path: string,
  values: Record<string, unknown>,
  recorded: Fleet | undefined,
  onWarning: (message: string) => void,
): { problem: Problem; taken: FleetKey[] } {
  const open = recorded ? KEYS.filter((k) => values[FLEET_FLAGS[k]] === undefined && recorded[k] !== undefined) : [];
  if (!recorded || open.length === 0 || formatOfPath(path) !== 'csv')
    return { problem: loadProblem(path, values, { onWarning }), taken: [] };
  const fallback = Object.fromEntries(open.map((k) => [k, recorded[k]])) as FleetValues;
  const problem = fromRecordedFleet(fleetText(fallback, open), () => loadProblem(path, values, { fallback, onWarning }));
  // A speed recorded for lat/lon data does not apply to an x/y day (the plan was made for another).
  const read = planFleet(problem.instance);
  return { problem, taken: open.filter((k) => read[k] === recorded[k]) };
}

/** A refusal of a value the plan file gave, not the dispatcher's flags: said so, with how to score with another. */
function fromRecordedFleet<T>(fleet: string, read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (!(err instanceof AppError) || err.kind !== 'input') throw err;
    const head = err.message.split('\n')[0];
    throw inputError(
      `${head} with the fleet the plan file records (${fleet}; give --vehicles, --capacity or --speed to score with another)`,
      err.details,
    );
  }
}
