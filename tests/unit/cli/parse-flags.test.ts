import { describe, expect, it } from 'vitest';
import { parseFlags } from '../../../src/cli/args.js';
import { UsageError, withHelp } from '../../../src/cli/usage.js';

const options = { out: { type: 'string' }, stops: { type: 'boolean' } } as const;
/** The refusal's message, as main.ts writes it: a usage error, which it points to the command's --help. */
function refusal(argv: string[], positionals = 0): string {
  try {
    parseFlags('plan', argv, options, positionals);
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return withHelp((err as UsageError).message, 'plan');
  }
  throw new Error(`${argv.join(' ')} was taken`);
}

describe('flag parsing', () => {
  it("names an unknown option and the command, with the way to its help, not Node's advice about positionals", () => {
    expect(refusal(['--db'], 1)).toMatch(/^unknown option --db for jampr plan: see jampr plan --help$/);
    expect(refusal(['-z'])).toMatch(/^unknown option -z for jampr plan: see jampr plan --help$/);
  });

  it('names a missing value, a value given to a switch and an argument too many', () => {
    expect(refusal(['--out'])).toMatch(/^--out needs a value: see jampr plan --help$/);
    expect(refusal(['--out', '--stops'])).toMatch(/^--out needs a value, not the option --stops .*: see jampr plan --help$/);
    expect(refusal(['--stops=yes'])).toMatch(/^--stops takes no value, got 'yes': see jampr plan --help$/);
    expect(refusal(['a', 'b'], 1)).toMatch(/^unexpected argument b for jampr plan: see jampr plan --help$/);
  });

  it('points an empty value and a flag given twice to the help too, after what to do where the message says it', () => {
    expect(refusal(['--out', ''])).toBe('--out is given without a value: see jampr plan --help');
    expect(refusal(['--out', 'a', '--out', 'b'])).toBe("--out is given 2 times ('a', 'b'): give it once; see jampr plan --help");
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
