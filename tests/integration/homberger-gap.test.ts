import { describe, expect, it } from 'vitest';
import { classicalGap, homberger } from '../../src/cli/homberger.js';

describe('the classical solver against the Gehring & Homberger best-known distances', () => {
  it('samples two instances per class, or one', () => {
    expect(homberger(200)).toEqual([
      'C1_2_1',
      'C1_2_2',
      'C2_2_1',
      'C2_2_2',
      'R1_2_1',
      'R1_2_2',
      'R2_2_1',
      'R2_2_2',
      'RC1_2_1',
      'RC1_2_2',
      'RC2_2_1',
      'RC2_2_2',
    ]);
    expect(homberger(1000, 1)).toEqual(['C1_10_1', 'C2_10_1', 'R1_10_1', 'R2_10_1', 'RC1_10_1', 'RC2_10_1']);
  });

  it('plans a 200-customer instance and measures both gaps from the same routes', async () => {
    const row = await classicalGap('C2_2_1', 1, { threads: 1 });
    expect(row).toMatchObject({ name: 'C2_2_1', bks: 1922.1, bksVehicles: 7, feasible: true });
    // Truncating every arc can only shorten a plan, and no plan beats the best-known by more than rounding.
    expect(row.truncated).toBeLessThanOrEqual(row.distance);
    expect(row.truncated).toBeGreaterThanOrEqual(row.bks - 1e-6);
    expect(row.gap).toBeCloseTo((row.distance / 1922.1 - 1) * 100, 9);
    expect(row.truncatedGap).toBeCloseTo((row.truncated / 1922.1 - 1) * 100, 9);
  });
});
