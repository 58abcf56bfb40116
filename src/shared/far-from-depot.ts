/**
 * How far from its depot a stop on a lat/lon day may lie before its position reads as a slip in the data (latitude and
 * longitude swapped, a sign lost) rather than a delivery. One rule for the import's and the editor's warning on a
 * stop that far (src/main/vrp/validate.ts) and for a position pasted or typed whole into the depot's or a customer's
 * cells, which is refused where it lies that far and the same two numbers the other way round do not
 * (lonFirstReading): within ±90° both, no range check tells `9.9937, 53.5511` from `53.5511, 9.9937`, but a stop of a
 * Hamburg day off Somalia does. Typed into those cells one at a time, such a pair is kept and warned about instead.
 */
import { kmBetween } from './earth-km.js';

/** A stop farther than this from its depot is more likely a slip in the data (lat and lon swapped) than a delivery. */
export const FAR_KM = 1000;

type At = { x: number; y: number };

/** Whether two lat/lon points (x the longitude) lie farther apart than a stop and its depot plausibly do. */
export const farApart = (a: At, b: At): boolean => kmBetween(a, b) > FAR_KM;

/** A position read latitude first that was written longitude first: what it reads as, and how far it lies as given. */
export interface LonFirst {
  /** The two numbers the other way round (x the longitude). */
  swapped: At;
  /** Kilometres from the nearest of the places it was judged by, as given. */
  km: number;
}

/**
 * `at` (x the longitude) read the other way round, where as given it lies far (farApart) from every one of `places`
 * (the day's depot, for a customer; the day's stops, for the depot) and the other way round near one of them; else
 * null. No places, nothing to judge by: null.
 */
export function lonFirstReading(at: At, places: readonly At[]): LonFirst | null {
  const swapped = { x: at.y, y: at.x };
  if (places.length === 0 || Math.abs(swapped.y) > 90) return null;
  if (!places.every((p) => farApart(at, p)) || places.every((p) => farApart(swapped, p))) return null;
  return { swapped, km: places.reduce((km, p) => Math.min(km, kmBetween(at, p)), Number.POSITIVE_INFINITY) };
}

/**
 * The places a stop's position typed on a lat/lon day is judged by (lonFirstReading): its depot, unless the depot
 * itself reads as written longitude first by the day's other stops, the depot's cells typed swapped, say. Then none:
 * the depot is the suspect, and a stop that lies where it belongs is not to be told to swap its numbers, nor refused.
 */
export function stopJudgedBy(depot: At, otherStops: readonly At[]): At[] {
  return lonFirstReading(depot, otherStops) ? [] : [depot];
}
