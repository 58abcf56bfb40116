import { describe, expect, it } from 'vitest';
import { formatNumber, timeInText } from '../../../src/shared/number-text.js';

describe('formatNumber', () => {
  it('rounds to two decimals, drops trailing zeros and groups thousands', () => {
    expect(formatNumber(17.499999)).toBe('17.5');
    expect(formatNumber(3)).toBe('3');
    expect(formatNumber(-0.126)).toBe('-0.13');
    expect(formatNumber(1234.5)).toBe('1,234.5');
  });

  it('writes no minus before a value that rounds to nothing', () => {
    expect(formatNumber(-0.001)).toBe('0');
  });

  it('writes a value too large to group as JavaScript does, never Infinity or hundreds of digits', () => {
    expect(formatNumber(1e308)).toBe('1e+308');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('∞');
  });
});

describe('timeInText', () => {
  it('writes a clock-time day as HH:MM (a moment past midnight as the next day) and a planar one as its figure', () => {
    expect(timeInText(1234.5, false)).toBe('1234.5');
    expect(timeInText(1440, true)).toBe('24:00');
    expect(timeInText(1440, true, true)).toBe('00:00+1');
  });
});
