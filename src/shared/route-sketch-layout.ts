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
  return path.map((_, i) => ({ x: padding + dx + (xs[i] - x0) * scale, y: height - padding - dy - (ys[i] - y0) * scale }));
}
