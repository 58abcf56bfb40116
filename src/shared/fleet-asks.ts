/**
 * How a customer CSV's missing fleet value is asked for: what is missing, and where the one importing gives it. A
 * script calling the API sends a request field; the dispatcher in the app's import dialog types a field there (the
 * app calls that API, and words its answer for the dialog: `askedInDialog`); `jampr` takes a flag. Said without an
 * asker where the caller is not known.
 */
export type FleetValue = 'capacity' | 'speed';
export type FleetAsker = 'request' | 'dialog' | 'flags';

const MISSING: Record<FleetValue, string> = {
  capacity: 'the vehicle capacity is required',
  speed: 'the travel speed in km/h is required for lat/lon data',
};

const ASKS: Record<FleetAsker, Record<FleetValue, string>> = {
  request: { capacity: 'send it as capacity', speed: 'send it as speedKmh' },
  dialog: { capacity: 'type it in the Capacity field above', speed: 'type it in the Speed km/h field above' },
  flags: { capacity: 'give it with --capacity', speed: 'give it with --speed' },
};

const ANY_ASKER: Record<FleetValue, string> = {
  capacity: 'the capacity field of the import, or --capacity for the jampr CLI',
  speed: 'the speed field of the import, or --speed for the jampr CLI',
};

/** "the vehicle capacity is required: send it as capacity", as `asker` gives the value. */
export function fleetAsk(value: FleetValue, asker?: FleetAsker): string {
  return asker ? `${MISSING[value]}: ${ASKS[asker][value]}` : `${MISSING[value]} (${ANY_ASKER[value]})`;
}

/** A problem the API answered an import with, as the import dialog says it: the field to type, not the request's. */
export function askedInDialog(problem: string): string {
  for (const value of Object.keys(MISSING) as FleetValue[]) {
    if (problem === fleetAsk(value, 'request')) return fleetAsk(value, 'dialog');
  }
  return problem;
}
