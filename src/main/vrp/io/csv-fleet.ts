import { type FleetAsker, fleetAsk } from '../../../shared/fleet-asks.js';
import type { CsvFleetOptions } from './csv.js';

/** The fleet values a customer CSV needs and was not given (they are not in the file), each with where to give it. */
export function missingFleet(options: CsvFleetOptions, geo: boolean): string[] {
  const asker: FleetAsker | undefined = options.fleetFrom;
  return [
    ...(options.capacity === undefined ? [fleetAsk('capacity', asker)] : []),
    ...(geo && options.speedKmh === undefined ? [fleetAsk('speed', asker)] : []),
  ];
}
