import { describe, expect, it } from 'vitest';
import { sketchPoints } from '../../../src/shared/route-sketch-layout.js';

const BOX = { width: 210, height: 140, padding: 12 };

/** The smallest distance between two of the points. */
function closest(points: { x: number; y: number }[]): number {
  let best = Infinity;
  for (let i = 0; i < points.length; i++)
    for (let j = i + 1; j < points.length; j++) best = Math.min(best, Math.hypot(points[i].x - points[j].x, points[i].y - points[j].y));
  return best;
}

describe("a driver sheet's route sketch", () => {
  it('moves the markers of stops a few metres apart (or on one spot) apart until none overlap, inside the box', () => {
    // A depot, a stop across town, and eight stops on one street corner: two of them in the same building.
    const path = [
      { x: 13.4, y: 52.5 },
      { x: 13.5, y: 52.56 },
      ...[0, 0, 1, 2, 3, 4, 5, 6].map((k) => ({ x: 13.45 + k * 0.00002, y: 52.53 + (k % 2) * 0.00001 })),
    ];
    const plain = sketchPoints(path, true, BOX);
    expect(closest(plain), 'without spreading, the corner stops sit on each other').toBeLessThan(1);
    const spread = sketchPoints(path, true, { ...BOX, marker: 6.5 });
    expect(closest(spread)).toBeGreaterThanOrEqual(13 - 1e-6);
    for (const p of spread) {
      expect(p.x).toBeGreaterThanOrEqual(6.5);
      expect(p.x).toBeLessThanOrEqual(BOX.width - 6.5);
      expect(p.y).toBeGreaterThanOrEqual(6.5);
      expect(p.y).toBeLessThanOrEqual(BOX.height - 6.5);
    }
    // The depot stays where it is; the layout is the same every time.
    expect(spread[0]).toEqual(plain[0]);
    expect(sketchPoints(path, true, { ...BOX, marker: 6.5 })).toEqual(spread);
  });

  it('leaves the markers of a route longer than the box holds apart where they fall (a cloud either way)', () => {
    // 210 × 140 holds 150 markers of a 14-point gap; a 1,000-stop route's were pushed for seconds to no end.
    const path = Array.from({ length: 1000 }, (_, k) => ({ x: 13.3 + ((k * 37) % 101) / 500, y: 52.45 + ((k * 53) % 97) / 800 }));
    expect(sketchPoints(path, true, { ...BOX, marker: 6.5 })).toEqual(sketchPoints(path, true, BOX));
    const fits = path.slice(0, 150);
    expect(sketchPoints(fits, true, { ...BOX, marker: 6.5 })).not.toEqual(sketchPoints(fits, true, BOX));
  });

  it('leaves stops that already stand clear where they are', () => {
    const path = [
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 10, y: 10 },
      { x: 0, y: 10 },
    ];
    expect(sketchPoints(path, false, { ...BOX, marker: 6.5 })).toEqual(sketchPoints(path, false, BOX));
  });
});
