import type { Instance } from '../../../shared/domain.js';

/**
 * An x/y file whose numbers are degrees: a dispatcher's export with columns X and Y (or x/y renamed from lon/lat)
 * holding 11.491204, 48.108813. Read as a plane, one unit is one minute of travel, so a day across a city plans
 * as if it were a few minutes' drive and nothing looks wrong but the costs. The plane's own data (the generator,
 * Solomon, VRPLIB) spans tens to hundreds of units in whole or one-decimal numbers, and small planar data (a unit
 * square) lies near the origin; a day within a few units of degree-like numbers away from the origin, written to
 * three decimals or more, is more likely degrees (near the origin itself only sea and the Gulf of Guinea's islands).
 */

/** A day spanning at most this many units both ways is region-sized in degrees (a few hundred km)... */
const DEGREE_SPAN = 5;
/** ...its depot at least this far from the origin in one of them (a unit square or a small grid is not)... */
const AWAY_FROM_ORIGIN = 2;
/** ...and most of its numbers written to at least this many decimals, as a map or geocoder gives degrees. */
const DEGREE_DECIMALS = 3;

/** The day's spans when its planar x/y look like longitude/latitude, else null. `texts` are the numbers as written. */
function degreeLike(instance: Instance, texts: readonly string[]): { xSpan: number; ySpan: number } | null {
  if (instance.coordinates?.kind === 'geo' || instance.customers.length < 2) return null;
  const nodes = [instance.depot, ...instance.customers];
  const within = (v: number[], limit: number) => v.every((c) => Math.abs(c) <= limit);
  const xs = nodes.map((n) => n.x);
  const ys = nodes.map((n) => n.y);
  // Either way round: x the longitude (up to 180) and y the latitude (up to 90), or swapped.
  if (!((within(xs, 180) && within(ys, 90)) || (within(xs, 90) && within(ys, 180)))) return null;
  const span = (v: number[]) => Math.max(...v) - Math.min(...v);
  if (span(xs) > DEGREE_SPAN || span(ys) > DEGREE_SPAN) return null;
  if (Math.max(Math.abs(instance.depot.x), Math.abs(instance.depot.y)) < AWAY_FROM_ORIGIN) return null;
  const precise = texts.filter((t) => (/[.,](\d+)$/.exec(t.trim())?.[1].length ?? 0) >= DEGREE_DECIMALS).length;
  if (precise < texts.length / 2) return null;
  return { xSpan: span(xs), ySpan: span(ys) };
}

const READ_AS_PLANE = 'but they are read as a plane where one unit is one minute of travel';
const where = (instance: Instance, s: { xSpan: number; ySpan: number }) =>
  `the depot at ${instance.depot.x}, ${instance.depot.y}, the day within ${s.xSpan.toFixed(2)} × ${s.ySpan.toFixed(2)} of their units`;

/** The warning for a planar CSV day whose x/y columns look like longitude/latitude, or none. `texts` are the cells as written. */
export function planeInDegreesWarning(instance: Instance, names: { x?: string; y?: string }, texts: string[]): string | null {
  const spans = degreeLike(instance, texts);
  if (spans === null) return null;
  return `columns ${names.x ?? 'x'} and ${names.y ?? 'y'} look like longitude and latitude (${where(instance, spans)}), ${READ_AS_PLANE}: if they are degrees, name the column of longitudes lon and the column of latitudes lat (the travel speed is then asked for)`;
}

/** The same for an instance JSON document without "coordinates" (a plane), whose numbers JSON writes as they are. */
export function jsonPlaneInDegreesWarning(instance: Instance): string | null {
  const texts = [instance.depot, ...instance.customers].flatMap((n) => [String(n.x), String(n.y)]);
  const spans = degreeLike(instance, texts);
  if (spans === null) return null;
  return `x and y look like longitude and latitude (${where(instance, spans)}), ${READ_AS_PLANE}: if they are degrees, add "coordinates": {"kind": "geo", "speedKmh": KMH} with the vehicles' speed`;
}
