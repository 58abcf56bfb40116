import { describe, expect, it } from 'vitest';
import { formatCost } from '../../../src/renderer/format.js';
import { unitsOf } from '../../../src/renderer/units.js';

describe("the app's units", () => {
  it('writes a change too small to show as none, not as a signed zero', () => {
    const clock = unitsOf({ clockTimes: true });
    expect(clock.delta(0.3, 'duration')).toBe('0');
    expect(clock.delta(-0.4, 'duration')).toBe('0');
    expect(clock.delta(-5, 'duration')).toBe(`−${clock.duration(5)}`);
    expect(clock.delta(90, 'duration')).toBe(`+${clock.duration(90)}`);
    const geo = unitsOf({ coordinates: { kind: 'geo', speedKmh: 60 } });
    expect(geo.delta(0.04, 'distance')).toBe('0');
    expect(geo.delta(12, 'distance')).toBe(`+${geo.distance(12)}`);
  });

  it('writes costs and their changes to one decimal, so that side by side they read alike', () => {
    const plain = unitsOf({});
    expect(formatCost(524.996)).toBe('525.0');
    expect(formatCost(1234.56)).toBe('1,234.6');
    expect(plain.delta(-227.8, 'cost')).toBe('−227.8');
    expect(plain.delta(12, 'cost')).toBe('+12.0');
    expect(plain.delta(0.04, 'cost')).toBe('0');
  });
});
