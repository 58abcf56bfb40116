import { describe, expect, it } from 'vitest';
import { formatCost, formatTimeForEdit } from '../../../src/renderer/format.js';
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

  it('takes a difference of two figures from the figures as shown, so that the column adds up', () => {
    const clock = unitsOf({ clockTimes: true });
    // 34h42m (2081.6 min) and 4h54m (294.4 min): 29h48m apart as shown, 29h47m (1787.2 min) by the seconds.
    expect(clock.duration(2081.6)).toBe('34h 42m');
    expect(clock.duration(294.4)).toBe('4h 54m');
    expect(clock.difference(2081.6, 294.4, 'duration')).toBe('−29h 48m');
    expect(clock.difference(294.4, 2081.6, 'duration')).toBe('+29h 48m');
    const geo = unitsOf({ coordinates: { kind: 'geo', speedKmh: 60 } });
    // 10.04 km and 10.16 km show as 10.0 and 10.2: +0.2 km, not +0.1.
    expect(geo.difference(10.04, 10.16, 'distance')).toBe('+0.2 km');
    const plain = unitsOf({});
    expect(plain.difference(100.04, 100.16, 'cost')).toBe('+0.2');
    expect(plain.difference(3, 5, 'number')).toBe(plain.delta(2, 'number'));
  });

  it('marks a difference under a minute where the two figures show apart ("0m" and "<1m"), not as none', () => {
    const clock = unitsOf({ clockTimes: true });
    expect([clock.duration(0), clock.duration(0.3)]).toEqual(['0m', '<1m']);
    expect(clock.difference(0, 0.3, 'duration')).toBe('+<1m');
    expect(clock.difference(0.3, 0, 'duration')).toBe('−<1m');
    // Shown alike, they differ by nothing that shows.
    expect(clock.difference(0.2, 0.4, 'duration')).toBe('0');
    expect(clock.difference(10.1, 10.3, 'duration')).toBe('0');
  });

  it('writes every distance to one decimal, so that a figure and its change read alike ("−34.0 km" beside "−33.6 km")', () => {
    const geo = unitsOf({ coordinates: { kind: 'geo', speedKmh: 60 } });
    expect(geo.distance(33)).toBe('33.0 km');
    expect(geo.distance(32.5)).toBe('32.5 km');
    expect(geo.difference(256.3, 222.3, 'distance')).toBe('−34.0 km');
    expect(geo.delta(-33.6, 'distance')).toBe('−33.6 km');
    const plain = unitsOf({});
    expect([plain.distance(33), plain.distance(1234.56)]).toEqual(['33.0', '1,234.6']);
  });

  it("writes a moment at midnight after the first day as 00:00+1, and a closing then as the day's end 24:00", () => {
    const clock = unitsOf({ clockTimes: true });
    expect([clock.moment(1440), clock.time(1440), clock.moment(1500), clock.time(1500)]).toEqual([
      '00:00+1',
      '24:00',
      '01:00+1',
      '01:00+1',
    ]);
    expect([formatTimeForEdit(1440, true, true), formatTimeForEdit(1440, true)]).toEqual(['00:00+1', '24:00']);
  });
});
