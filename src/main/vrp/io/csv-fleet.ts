import type { CsvFleetOptions } from './csv.js';

/**
 * How a missing fleet value is asked for, where it is given: the API request's fields (which the app's import dialog
 * fills, so its fields are named too; a script calling the API has no "field above") or `jampr`'s flags.
 */
const FLEET_ASKS = {
  request: {
    capacity: "send it as capacity (the Capacity field of the app's import dialog)",
    speed: "send it as speedKmh (the Speed km/h field of the app's import dialog)",
  },
  flags: { capacity: 'give it with --capacity', speed: 'give it with --speed' },
} as const;

/** The fleet values a customer CSV needs and was not given (they are not in the file), each with where to give it. */
export function missingFleet(options: CsvFleetOptions, geo: boolean): string[] {
  const asks = options.fleetFrom ? FLEET_ASKS[options.fleetFrom] : null;
  return [
    ...(options.capacity === undefined
      ? [
          `the vehicle capacity is required${asks ? `: ${asks.capacity}` : ' (the capacity field of the import, or --capacity for the jampr CLI)'}`,
        ]
      : []),
    ...(geo && options.speedKmh === undefined
      ? [
          `the travel speed in km/h is required for lat/lon data${asks ? `: ${asks.speed}` : ' (the speed field of the import, or --speed for the jampr CLI)'}`,
        ]
      : []),
  ];
}
