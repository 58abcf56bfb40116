/**
 * A small vector drawing of one route for its printed sheet: the depot, the stops numbered in visiting order,
 * the legs between them. Vector and self-contained, so it prints without map tiles; the PDF export draws the
 * same layout (src/shared/route-sketch-layout.ts).
 */
import { sketchPoints } from '../../shared/route-sketch-layout.js';

interface Props {
  path: { x: number; y: number; id: string }[];
  colour: string;
  /** Lat/lon: y grows northwards, and a degree of longitude is shorter than one of latitude. */
  geo: boolean;
}

const BOX = { width: 360, height: 240, padding: 18, marker: 8 };

export function RouteSketch({ path, colour, geo }: Props) {
  const points = sketchPoints(path, geo, BOX);
  const line = [...points, points[0]].map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
  return (
    <svg className="route-sketch" viewBox={`0 0 ${BOX.width} ${BOX.height}`} role="img" aria-label="Route map">
      <polyline points={line} fill="none" stroke={colour} strokeWidth={2} strokeLinejoin="round" />
      {points.map((p, i) =>
        i === 0 ? (
          <rect key="depot" x={p.x - 6} y={p.y - 6} width={12} height={12} fill="#0f1b2d" />
        ) : (
          <g key={path[i].id}>
            <circle cx={p.x} cy={p.y} r={BOX.marker} fill="#fff" stroke={colour} strokeWidth={2} />
            <text x={p.x} y={p.y + 3.5} textAnchor="middle" fontSize={9} fontWeight={700}>
              {i}
            </text>
          </g>
        ),
      )}
    </svg>
  );
}
