import type { Customer, Instance } from '../../shared/domain.js';
import { nearLongitude, wrapLongitude } from '../../shared/longitude.js';
import { kmBetween } from '../../shared/earth-km.js';
import { messageNumber } from '../../shared/number-text.js';

/**
 * A stop far from all the others on a day of lat/lon stops is more likely a slip in its position (a digit mistyped,
 * an address geocoded in another town) than a delivery: a warning, since the dispatcher may well serve it. Measured
 * from the middle of the day's stops (the median latitude and longitude: a few stray stops do not move it), against
 * how far half of them lie from it, so a regional day of wide spread is not flagged where a city day would be; and
 * only a stop with no other stop (nor the depot) near it.
 * Planar instances (benchmarks, the generator) have no kilometres to judge by and are left alone.
 */

/** Below this many customers there is no "most of the day" to compare with. */
const MIN_CUSTOMERS = 8;
/** A stop this many times farther from the middle than the median stop is... */
const STRAY_FACTOR = 5;
/** ...and at least this far from it, is stray (on a dense city day five times the median can be a few kilometres). */
const MIN_STRAY_KM = 15;

export function strayStopWarnings(instance: Instance, skip: (c: Customer) => boolean = () => false): string[] {
  const { coordinates, customers } = instance;
  if (coordinates?.kind !== 'geo' || customers.length < MIN_CUSTOMERS) return [];
  // Longitudes taken within 180° of the depot's, so a day across the antimeridian (179.9° and −179.9°) has its middle
  // there, not near 0°.
  const lon = wrapLongitude(median(customers.map((c) => nearLongitude(c.x, instance.depot.x))));
  const middle = { x: lon, y: median(customers.map((c) => c.y)) };
  const km = customers.map((c) => kmBetween(middle, c));
  const typical = median(km);
  const limit = Math.max(MIN_STRAY_KM, STRAY_FACTOR * typical);
  // A slip puts one stop alone: stops that lie together far from the rest (a second town served that day), or near
  // the depot, are where the dispatcher meant them.
  const alone = (c: Customer) =>
    kmBetween(c, instance.depot) > limit && customers.every((other) => other === c || kmBetween(c, other) > limit);
  const warnings: string[] = [];
  customers.forEach((c, i) => {
    if (km[i] > limit && !skip(c) && alone(c))
      warnings.push(
        `customer ${c.id} lies ${messageNumber(Math.round(km[i]))} km from the middle of the day's stops, where half of them lie within ${typical.toFixed(1)} km: check its latitude and longitude`,
      );
  });
  return warnings;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
