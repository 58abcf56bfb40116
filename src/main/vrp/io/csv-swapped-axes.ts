/**
 * A lat/lon file whose two columns hold each other's values (a header typed in the wrong order, or an export that
 * writes longitude first). Each latitude beyond ±90° is refused on its row anyway (validate.ts); this names the
 * cause once, above those rows.
 *
 * Only where the file itself shows it: most values under the latitude's column lie beyond ±90°, where no latitude
 * does, every one of them is a valid longitude, and every value under the longitude's column a valid latitude. A
 * single latitude beyond 90° among others within it is a typo in that row (148.1 for 48.1), not a swap. Where both
 * columns stay within ±90° (all of Europe and Africa: 48.1/11.6 read as 11.6/48.1 is a point off Somalia), nothing in
 * the file tells a swap from a real day elsewhere, and nothing is said here: the far-from-depot warning catches a swap
 * of some rows only, and the app's import judges the file's depot by the days stored (services/lon-first-file.ts).
 */

import type { Customer, Depot } from '../../../shared/domain.js';
import type { ColumnMapping } from './csv-columns.js';

/** The lead for a lat/lon file whose columns look swapped (x the longitude read, y the latitude), or none. */
export function swappedLatLon(
  mapping: Pick<ColumnMapping, 'geo' | 'names'>,
  depot: Depot | undefined,
  customers: readonly Customer[],
): string[] {
  if (!mapping.geo || depot === undefined) return [];
  const { lat, lon } = mapping.names;
  const nodes = [depot, ...customers];
  const beyond = nodes.filter((n) => Math.abs(n.y) > 90);
  const swapped = beyond.length * 2 >= nodes.length && nodes.every((n) => Math.abs(n.y) <= 180 && Math.abs(n.x) <= 90);
  if (!swapped) return [];
  const [first] = beyond;
  const who = first === depot ? `depot ${first.id}` : `customer ${first.id}`;
  return [
    `columns ${lat} and ${lon} look swapped: ${beyond.length} of ${nodes.length} values under ${lat} lie beyond ±90°, ` +
      `where no latitude does (${first.y} for ${who}), while every value under ${lat} would be a valid longitude and every one under ${lon} a valid latitude: ` +
      'swap the two names in the header and import again',
  ];
}
