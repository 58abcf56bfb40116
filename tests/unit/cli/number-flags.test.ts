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
});
