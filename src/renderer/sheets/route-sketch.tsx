/**
 * A small vector drawing of one route for its printed sheet: the depot, the stops numbered in visiting order,
 * the legs between them. Vector and self-contained, so it prints and goes into a PDF without map tiles.
 */
interface Props {
  path: { x: number; y: number; id: string }[];
  colour: string;
  /** Lat/lon: y grows northwards, and a degree of longitude is shorter than one of latitude. */
  geo: boolean;
}

const W = 360;
const H = 240;
const PAD = 18;

export function RouteSketch({ path, colour, geo }: Props) {
  const lonScale = geo ? Math.cos(((path.reduce((s, p) => s + p.y, 0) / path.length) * Math.PI) / 180) : 1;
  const xs = path.map((p) => p.x * lonScale);
  const ys = path.map((p) => p.y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const scale = Math.min((W - 2 * PAD) / Math.max(x1 - x0, 1e-9), (H - 2 * PAD) / Math.max(y1 - y0, 1e-9));
  // y grows upwards, as on the app's map (north for lat/lon, the plane's y axis otherwise).
  const at = (i: number) => ({ x: PAD + (xs[i] - x0) * scale, y: H - PAD - (ys[i] - y0) * scale });
  const points = path.map((_, i) => at(i));
  const line = [...points, points[0]].map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
  return (
    <svg className="route-sketch" viewBox={`0 0 ${W} ${H}`} role="img" aria-label="Route map">
      <polyline points={line} fill="none" stroke={colour} strokeWidth={2} strokeLinejoin="round" />
      {points.map((p, i) =>
        i === 0 ? (
          <rect key="depot" x={p.x - 6} y={p.y - 6} width={12} height={12} fill="#0f1b2d" />
        ) : (
          <g key={path[i].id}>
            <circle cx={p.x} cy={p.y} r={8} fill="#fff" stroke={colour} strokeWidth={2} />
            <text x={p.x} y={p.y + 3.5} textAnchor="middle" fontSize={9} fontWeight={700}>
              {i}
            </text>
          </g>
        ),
      )}
    </svg>
  );
}
