import { describe, expect, it } from 'vitest';
import { type LabelBox, labelsShown } from '../../../src/renderer/map/declutter.js';

const box = (id: string, x: number, y: number, priority = 0, size = 20): LabelBox => ({ id, x, y, width: size, height: size, priority });

/** Whether any two shown boxes overlap. */
function overlapping(boxes: LabelBox[], shown: Set<string>): boolean {
  const kept = boxes.filter((b) => shown.has(b.id));
  return kept.some((a, i) =>
    kept.slice(i + 1).some((b) => Math.abs(a.x - b.x) * 2 < a.width + b.width && Math.abs(a.y - b.y) * 2 < a.height + b.height),
  );
}

describe('labels on a crowded map', () => {
  it('shows every label where no markers overlap', () => {
    const boxes = [box('a', 0, 0), box('b', 25, 0), box('c', 0, 25)];
    expect(labelsShown(boxes)).toEqual(new Set(['a', 'b', 'c']));
  });

  it('of two overlapping markers labels the one of higher priority, whichever comes first', () => {
    expect(labelsShown([box('small', 0, 0, 1), box('selected', 10, 5, 9)])).toEqual(new Set(['selected']));
    expect(labelsShown([box('selected', 10, 5, 9), box('small', 0, 0, 1)])).toEqual(new Set(['selected']));
  });

  it('never shows two labels that overlap, on a dense random day, and still labels most of a sparse one', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 16_807) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    const dense = Array.from({ length: 400 }, (_, i) => ({
      ...box(`s${i}`, random() * 300, random() * 300, random() * 30, 16 + random() * 18),
      width: 30,
    }));
    const shown = labelsShown(dense);
    expect(overlapping(dense, shown)).toBe(false);
    // Greedy: a box left without a label overlaps one that has it.
    for (const b of dense.filter((d) => !shown.has(d.id)))
      expect(overlapping([b, ...dense.filter((d) => shown.has(d.id))], new Set([b.id, ...shown]))).toBe(true);
    const sparse = dense.map((b) => ({ ...b, x: b.x * 20, y: b.y * 20 }));
    expect(labelsShown(sparse).size).toBeGreaterThanOrEqual(380);
    expect(shown.size).toBeLessThan(200);
  });
});
