import { describe, expect, it } from 'vitest';
import { parseFlags } from '../../../src/cli/args.js';

const options = { out: { type: 'string' }, stops: { type: 'boolean' } } as const;
const refusal =
  (argv: string[], positionals = 0) =>
  () =>
    parseFlags('plan', argv, options, positionals);

describe('flag parsing', () => {
  it("names an unknown option and the command, with the way to its help, not Node's advice about positionals", () => {
    expect(refusal(['--db'], 1)).toThrow(/^unknown option --db for jampr plan: see jampr plan --help$/);
    expect(refusal(['-z'])).toThrow(/^unknown option -z for jampr plan: see jampr plan --help$/);
  });

  it('names a missing value, a value given to a switch and an argument too many', () => {
    expect(refusal(['--out'])).toThrow(/^--out needs a value: see jampr plan --help$/);
    expect(refusal(['--out', '--stops'])).toThrow(/^--out needs a value, not the option --stops .*: see jampr plan --help$/);
    expect(refusal(['--stops=yes'])).toThrow(/^--stops takes no value, got 'yes': see jampr plan --help$/);
    expect(refusal(['a', 'b'], 1)).toThrow(/^unexpected argument b for jampr plan: see jampr plan --help$/);
  });

  it('reads what it knows as before', () => {
    expect(parseFlags('plan', ['day.csv', '--out', 'p.json', '--stops'], options, 1)).toMatchObject({
      values: { out: 'p.json', stops: true },
      positionals: ['day.csv'],
    });
    expect(parseFlags('plan', ['--out=--odd'], options).values.out).toBe('--odd');
    expect(parseFlags('plan', ['--out', '-'], options).values.out).toBe('-');
  });
});
