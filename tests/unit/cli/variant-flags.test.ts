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
});
