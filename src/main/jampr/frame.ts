import { nearLongitude } from '../../shared/longitude.js';
import { EARTH_RADIUS_KM } from '../../shared/earth-km.js';
import type { Problem } from '../vrp/problem.js';
import { cachedPer } from './cached-per.js';

/**
 * The model frame: how an instance looks to the model, whatever units the user works in (docs/model.md,
 * "Model frame"). The models are trained on the paper's world (a shift of 1000 time units, planar
 * coordinates where one unit of distance is one unit of travel time); a dispatcher's day comes as lat/lon
 * and clock minutes. Every model input is read through this frame, computed once per instance:
 * - times relative to the shift start, scaled so the shift is FRAME_SHIFT units;
 * - coordinates projected to a plane in minutes of travel (lat/lon: equirectangular around the middle of
 *   the stops' bounding box, longitudes taken within 180° of the depot's; planar: as given), scaled by the
 *   same factor, so one unit of distance is still one unit of travel time, and moved so the bounding box is centred on FRAME_CENTRE;
 * - demand is read as a share of capacity by the features themselves.
 * The environment, the evaluator and everything the user sees stay in the user's units: the frame changes
 * only what the model sees, so a shifted clock or a translated map gives the same inputs and the same plan.
 */
export const FRAME_SHIFT = 1000;
/** The centre of the paper's [0,100]² square. */
export const FRAME_CENTRE = 50;

export interface ModelFrame {
  /** Model time units per user time unit (FRAME_SHIFT / shift length). */
  readonly scale: number;
  /** Projected, scaled and centred coordinates per node (index 0 is the depot). */
  readonly x: Float64Array;
  readonly y: Float64Array;
  /** Ready and due times relative to the shift start, scaled. */
  readonly ready: Float64Array;
  readonly due: Float64Array;
  /** The shift start in user units: vehicle times are read as (τ − start)·scale. */
  readonly start: number;
}

/** The frame of an instance, computed on first use and cached with the (immutable) problem. */
export const modelFrame: (p: Problem) => ModelFrame = cachedPer(computeFrame);

function computeFrame(p: Problem): ModelFrame {
  const start = p.ready[0];
  const shift = p.due[0] - start;
  const scale = shift > 0 ? FRAME_SHIFT / shift : 1;
  const [px, py] = projectToMinutes(p);
  const x = centred(px, scale);
  const y = centred(py, scale);
  const ready = p.ready.map((a) => (a - start) * scale);
  const due = p.due.map((b) => (b - start) * scale);
  return { scale, x, y, ready, due, start };
}

/** Coordinates in minutes of travel: planar ones already are; lat/lon is projected around the middle of the stops. */
function projectToMinutes(p: Problem): [Float64Array, Float64Array] {
  const coords = p.instance.coordinates;
  if (!coords || coords.kind === 'planar') return [p.x, p.y];
  const rad = Math.PI / 180;
  // Around the depot, so that a day across the antimeridian stays in one piece.
  const lons = p.x.map((lon) => nearLongitude(lon, p.x[0]));
  const lat0 = middle(p.y);
  const lon0 = middle(lons);
  const minutesPerKm = 60 / coords.speedKmh;
  const kmPerDegreeLat = EARTH_RADIUS_KM * rad;
  const kmPerDegreeLon = kmPerDegreeLat * Math.cos(lat0 * rad);
  return [lons.map((lon) => (lon - lon0) * kmPerDegreeLon * minutesPerKm), p.y.map((lat) => (lat - lat0) * kmPerDegreeLat * minutesPerKm)];
}

function middle(values: Float64Array): number {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  return (lo + hi) / 2;
}

function centred(values: Float64Array, scale: number): Float64Array {
  const mid = middle(values);
  return values.map((v) => (v - mid) * scale + FRAME_CENTRE);
}
