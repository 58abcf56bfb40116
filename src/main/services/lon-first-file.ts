/**
 * A lat/lon file written longitude first throughout, its depot's row too, with every number within ±90° (a Hamburg
 * day read as a day off the Horn of Africa): nothing in the file tells it (src/main/vrp/io/csv-swapped-axes.ts), since
 * each stop lies as near its depot as it would the right way round. The days stored before can: where the file's
 * depot lies far from the depot of each of the last days saved and the other way round near one of them, by the rule
 * that judges a stop far from its depot (src/shared/far-from-depot.ts), the preview says so, first. A warning, not a
 * refusal: a day in a new place is the dispatcher's to import. With no lat/lon day stored, nothing can tell.
 */
import type { CsvPreview } from '../../shared/api.js';
import { kmBetween } from '../../shared/earth-km.js';
import { lonFirstReading } from '../../shared/far-from-depot.js';
import { messageNumber } from '../../shared/number-text.js';
import { positionText } from '../../shared/position-text.js';
import type { StoredDepot } from '../store/instances.js';

/** How many of the last lat/lon days saved the file's depot is judged by: where the dispatcher works now. */
export const DEPOTS_JUDGED_BY = 200;

/** The warning for a file whose depot reads as written longitude first beside the stored days' depots, or none. */
export function lonFirstFileWarning(preview: CsvPreview, depots: readonly StoredDepot[]): string | undefined {
  const { instance } = preview;
  if (instance.coordinates?.kind !== 'geo' || depots.length === 0) return undefined;
  const read = lonFirstReading(instance.depot, depots);
  if (!read) return undefined;
  const beside = depots.reduce((a, b) => (kmBetween(read.swapped, b) < kmBetween(read.swapped, a) ? b : a));
  const km = kmBetween(read.swapped, beside);
  const there = km < 1 ? 'at the depot of' : `${messageNumber(Math.round(km))} km from the depot of`;
  const [lat, lon] = [preview.columns.lat ?? 'lat', preview.columns.lon ?? 'lon'];
  return (
    `the file's depot ${instance.depot.id} lies at ${positionText(instance.depot, true)}, ${messageNumber(Math.round(read.km))} km ` +
    `from the depot of every lat/lon day stored, where the other way round, ${positionText(read.swapped, true)}, it lies ` +
    `${there} “${beside.name}”: the file looks written longitude first, ` +
    `its stops too; if so, swap the names ${lat} and ${lon} in its header and import again`
  );
}
