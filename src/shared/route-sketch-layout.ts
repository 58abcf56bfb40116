import { nearLongitude } from './longitude.js';

/**
 * Where the route sketch of a driver sheet draws each point: the depot and the stops fitted into a box, y growing
 * upwards as on the app's map (north for lat/lon, whose degrees of longitude are shortened by the latitude). One
 * layout for the on-screen sketch (SVG) and the PDF, so both draw the same picture.
 */
export interface SketchBox {
  width: number;
  height: number;
  padding: number;
  /** The radius of a stop's numbered marker: markers closer than their size are moved apart until none overlap. */
  marker?: number;
}

export function sketchPoints(path: { x: number; y: number }[], geo: boolean, box: SketchBox): { x: number; y: number }[] {
  const lonScale = geo ? Math.cos(((path.reduce((s, p) => s + p.y, 0) / path.length) * Math.PI) / 180) : 1;
  // Longitudes within 180° of the first point's (the depot), so a route across the antimeridian is drawn whole.
  const xs = path.map((p) => (geo ? nearLongitude(p.x, path[0].x) : p.x) * lonScale);
  const ys = path.map((p) => p.y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const { width, height, padding } = box;
  const scale = Math.min((width - 2 * padding) / Math.max(x1 - x0, 1e-9), (height - 2 * padding) / Math.max(y1 - y0, 1e-9));
  // Centred in the box, so a route spread along one axis does not hug a corner.
  const dx = (width - 2 * padding - (x1 - x0) * scale) / 2;
  const dy = (height - 2 * padding - (y1 - y0) * scale) / 2;
  const points = path.map((_, i) => ({ x: padding + dx + (xs[i] - x0) * scale, y: height - padding - dy - (ys[i] - y0) * scale }));
  return box.marker === undefined || !markersFit(points.length, box.marker, box) ? points : spreadMarkers(points, box.marker, box);
}

/**
 * Whether the box has room for this many markers apart, each in a square as wide as the gap: beyond (some 150 on a
 * printed sheet's sketch) the markers never stand clear, and pushing every pair for all rounds took seconds on a
 * long route (n² pairs a round) while the sketch stayed a cloud.
 */
const markersFit = (count: number, radius: number, box: SketchBox): boolean => count * (2 * radius + 1) ** 2 <= box.width * box.height;

/** A round of pushes at most this many times: enough for dozens of stops on one street corner. */
const SPREAD_ROUNDS = 200;

/**
 * Stops a few metres apart (one street, one building) would be drawn on top of each other and their numbers could
 * not be read: every pair of markers closer than two radii (and a hair) is pushed apart along the line between
 * them, the depot (the first point) held where it is, all kept inside the box. The sketch is a diagram, so the
 * legs are drawn to where the markers end up. Points that already stand clear are not moved.
 */
export function spreadMarkers(points: { x: number; y: number }[], radius: number, box: SketchBox): { x: number; y: number }[] {
  const gap = 2 * radius + 1;
  const moved = points.map((p) => ({ ...p }));
  const inside = (v: number, size: number) => Math.min(size - radius, Math.max(radius, v));
  for (let round = 0; round < SPREAD_ROUNDS; round++) {
    let clear = true;
    for (let i = 0; i < moved.length; i++) {
      for (let j = i + 1; j < moved.length; j++) {
        const [a, b] = [moved[i], moved[j]];
        const [ex, ey] = [b.x - a.x, b.y - a.y];
        const d = Math.hypot(ex, ey);
        if (d >= gap - 1e-9) continue;
        clear = false;
        // Points on the same spot part along a direction fixed by their order (golden angle), so the layout is the same every time.
        const angle = j * 2.399963;
        const [ux, uy] = d > 1e-6 ? [ex / d, ey / d] : [Math.cos(angle), Math.sin(angle)];
        const push = gap - d;
        // The depot stays put: its stop moves the whole way.
        const share = i === 0 ? 1 : 0.5;
        if (i !== 0) {
          a.x = inside(a.x - ux * push * share, box.width);
          a.y = inside(a.y - uy * push * share, box.height);
        }
        b.x = inside(b.x + ux * push * share, box.width);
        b.y = inside(b.y + uy * push * share, box.height);
      }
    }
    if (clear) break;
  }
  return moved;
}
