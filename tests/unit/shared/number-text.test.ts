import { describe, expect, it } from 'vitest';
import { twoDecimals } from '../../../src/shared/number-text.js';

describe('twoDecimals', () => {
  it('rounds to two decimals and drops trailing zeros', () => {
    expect(twoDecimals(17.499999)).toBe('17.5');
    expect(twoDecimals(3)).toBe('3');
    expect(twoDecimals(-0.126)).toBe('-0.13');
  });

  it('writes a value too large to round as it is, never Infinity', () => {
    expect(twoDecimals(1e308)).toBe('1e+308');
  });
});
