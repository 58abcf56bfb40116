import { describe, expect, it } from 'vitest';
import { numberFlag } from '../../../src/cli/args.js';
import { AppError } from '../../../src/shared/errors.js';

const read = (raw: string) => numberFlag({ capacity: raw }, 'capacity', 0, { above: 0 });

describe('numeric flags', () => {
  it('read decimal numbers, with an exponent too', () => {
    expect([read('100'), read('2.5'), read('.5'), read('1e3'), read('+7'), read(' 30 ')]).toEqual([100, 2.5, 0.5, 1000, 7, 30]);
  });

  it("refuse hexadecimal, binary and octal literals, which JavaScript's Number() would read", () => {
    for (const raw of ['0x64', '0b1100100', '0o144', '0X1E', '', 'Infinity', '100kg', '30,5'])
      expect(() => read(raw), raw).toThrow(AppError);
    expect(() => read('0x64')).toThrow("--capacity must be a number above 0, got '0x64'");
  });

  it('read an integer flag in digits only: 1e1 is refused as 0x10 and 5abc are, not read as 10', () => {
    const vehicles = (raw: string) => numberFlag({ vehicles: raw }, 'vehicles', 0, { min: 1, max: 10_000, integer: true });
    expect([vehicles('10'), vehicles('+7'), vehicles(' 30 ')]).toEqual([10, 7, 30]);
    for (const raw of ['1e1', '1E1', '0x10', '5abc', '10.5'])
      expect(() => vehicles(raw), raw).toThrow(`--vehicles must be an integer >= 1 and <= 10000, got '${raw}'`);
  });

  it('refuse an integer beyond Number.MAX_SAFE_INTEGER, which would not be read as written, naming the range', () => {
    const offset = (raw: string) => numberFlag({ offset: raw }, 'offset', 1, { integer: true });
    expect(offset('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(offset('-9007199254740991')).toBe(-Number.MAX_SAFE_INTEGER);
    for (const raw of ['9007199254740992', '9007199254740993', '-9007199254740992'])
      expect(() => offset(raw), raw).toThrow(
        /^--offset -?\d+ is (more than 9007199254740991|less than -9007199254740991): give an integer >= -9007199254740991 and <= 9007199254740991$/,
      );
  });
});
