/**
 * Longitudes near the antimeridian. A day in Fiji or Chukotka can have stops at 179.9° and −179.9°: neighbours
 * on the ground (haversine travel times already say so), but 359.8° apart as numbers. Whatever lays the stops
 * out on a plane (the model frame, the map, the route sketch) first moves each longitude by whole turns to
 * within 180° of a reference (the depot), so the day stays in one piece.
 */
export function nearLongitude(lon: number, reference: number): number {
  const turns = Math.round((lon - reference) / 360);
  return lon - 360 * turns;
}

/** A longitude back in [−180°, 180°] (a map panned across the antimeridian reports ones beyond it). */
export function wrapLongitude(lon: number): number {
  return lon > 180 || lon < -180 ? nearLongitude(lon, 0) : lon;
}
