import type { Problem } from '../main/vrp/problem.js';
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
 * The instance a plan is scored on: each fleet value from its flag; where the flag is absent, the value the plan
 * records (the fleet it was planned for: a CSV holds none, and one vehicle a customer would score another day);
 * else the file's. `taken` lists the recorded values that changed what the file gives, for a note.
 */
export function loadWithRecordedFleet(
  path: string,
  values: Record<string, unknown>,
  recorded: Fleet | undefined,
  onWarning: (message: string) => void,
): { problem: Problem; taken: FleetKey[] } {
  const open = recorded ? KEYS.filter((k) => values[FLEET_FLAGS[k]] === undefined && recorded[k] !== undefined) : [];
  if (!recorded || open.length === 0) return { problem: loadProblem(path, values, { onWarning }), taken: [] };
  let wanted = open;
  // A file that holds a fleet is read as it is first: a recorded value that is the file's own is no news.
  if (formatOfPath(path) !== 'csv') {
    const warnings: string[] = [];
    const own = loadProblem(path, values, { onWarning: (w) => warnings.push(w) });
    const given = planFleet(own.instance);
    wanted = open.filter((k) => given[k] !== recorded[k]);
    if (wanted.length === 0) {
      for (const warning of warnings) onWarning(warning);
      return { problem: own, taken: [] };
    }
  }
  const fallback = Object.fromEntries(wanted.map((k) => [k, recorded[k]])) as FleetValues;
  const problem = loadProblem(path, values, { fallback, onWarning });
  // A speed recorded for lat/lon data does not apply to an x/y day (the plan was made for another).
  const read = planFleet(problem.instance);
  return { problem, taken: wanted.filter((k) => read[k] === recorded[k]) };
}
