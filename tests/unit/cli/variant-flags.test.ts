import { describe, expect, it } from 'vitest';
import { variantFromFlags } from '../../../src/cli/args.js';

describe('the policy flags', () => {
  it('refuse a lateness price with hard windows, saying what the command would do with another policy', () => {
    const flags = { variant: 'tw1', beta: '1' };
    expect(() => variantFromFlags(flags, 'plan')).toThrow(/drop it, or plan with --variant tw2 or tw3$/);
    // eval scores a plan: "plan with" would send the user to make a new one.
    expect(() => variantFromFlags(flags, 'score')).toThrow(/drop it, or score with --variant tw2 or tw3$/);
    expect(() => variantFromFlags(flags, 'bench')).toThrow(/drop it, or bench with --variant tw2 or tw3$/);
  });

  it('refuse a price above 10,000 (a minute priced as a week of driving) as a slip, and take one up to it', () => {
    for (const flag of ['alpha', 'beta'])
      expect(() => variantFromFlags({ variant: 'tw2', [flag]: '1e12' }, 'plan')).toThrow(
        new RegExp(`^--${flag} 1e12 is more than 10000: give a number >= 0 and <= 10000`),
      );
    expect(variantFromFlags({ variant: 'tw3', alpha: '10000', beta: '0.5' }, 'plan')).toMatchObject({ alpha: 10000, beta: 0.5 });
  });

  it("take a plan file's own prices where no flag gives one, without the flags' bound (the app stores any price)", () => {
    const own = { alpha: 2e5, beta: 3, penalty: 'quadratic' } as const;
    expect(variantFromFlags({ variant: 'tw3' }, 'score', own)).toEqual({ name: 'tw3', ...own });
    expect(variantFromFlags({ variant: 'tw3', beta: '1' }, 'score', own)).toEqual({ name: 'tw3', ...own, beta: 1 });
  });
});
