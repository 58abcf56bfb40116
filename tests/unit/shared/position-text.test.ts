import { describe, expect, it } from 'vitest';
import { positionText } from '../../../src/shared/position-text.js';

describe('positionText', () => {
  it('names each coordinate and writes no thousands comma inside the pair', () => {
    expect(positionText({ x: 1234.5, y: 10 }, false)).toBe('x 1234.5, y 10');
    expect(positionText({ x: -12345.678, y: 0.004 }, false)).toBe('x -12345.68, y 0');
  });

  it('writes a lat/lon position latitude first, to the metre', () => {
    expect(positionText({ x: 13.4049999, y: 52.520008 }, true)).toBe('52.52001, 13.405');
  });
});
