/** Mean Earth radius: the one value behind travel times, the model frame's projection and every distance in km. */
export const EARTH_RADIUS_KM = 6371.0088;

/** Kilometres between two latitude/longitude points in degrees, along the Earth's surface (haversine). */
export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Kilometres between two lat/lon points (x the longitude, y the latitude), along the Earth's surface. */
export const kmBetween = (a: { x: number; y: number }, b: { x: number; y: number }): number => haversineKm(a.y, a.x, b.y, b.x);
