import { describe, expect, it } from 'vitest';
import { nearLongitude, wrapLongitude } from '../../../src/shared/longitude.js';
import { sketchPoints } from '../../../src/shared/route-sketch-layout.js';

describe('longitudes near the antimeridian', () => {
  it('moves a longitude by whole turns to within 180° of the reference, and back into [−180°, 180°]', () => {
    expect(nearLongitude(-179.9, 179.95)).toBeCloseTo(180.1, 9);
    expect(nearLongitude(179.9, -179.95)).toBeCloseTo(-180.1, 9);
    expect(nearLongitude(13.4, 13.5)).toBe(13.4);
    expect(wrapLongitude(180.1)).toBeCloseTo(-179.9, 9);
    expect(wrapLongitude(-185)).toBeCloseTo(175, 9);
    expect(wrapLongitude(-180)).toBe(-180);
    expect(wrapLongitude(42)).toBe(42);
  });

  it('draws a route sketch across the antimeridian as the same route away from it', () => {
    const route = [
      { x: 179.98, y: -16.8 },
      { x: -179.95, y: -16.82 },
      { x: 179.9, y: -16.75 },
      { x: -179.99, y: -16.7 },
    ];
    const away = route.map((p) => ({ ...p, x: nearLongitude(p.x, 179.98) - 10 }));
    const box = { width: 200, height: 120, padding: 8 };
    const [a, b] = [sketchPoints(route, true, box), sketchPoints(away, true, box)];
    a.forEach((p, i) => {
      expect(p.x).toBeCloseTo(b[i].x, 6);
      expect(p.y).toBeCloseTo(b[i].y, 6);
    });
  });
});
