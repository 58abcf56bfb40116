import { describe, expect, it } from 'vitest';
import { BENCH_DEFAULTS } from '../../../src/cli/args.js';
import { readFileSync } from 'node:fs';
import { EXIT, EXIT_CODE_HELP } from '../../../src/cli/exit-codes.js';
import { COMMAND_HELP } from '../../../src/cli/help.js';

const help = (command: string) => COMMAND_HELP[command].join('\n');

describe('jampr --help texts', () => {
  it("eval's fleet flags override the plan file's fleet: its help does not promise plan's defaults", () => {
    expect(help('eval')).not.toMatch(/one vehicle per customer/);
    expect(help('eval')).not.toMatch(/required for a CSV/);
    expect(help('eval')).toMatch(/instead of the plan file's/);
  });

  it("bench's help gives the defaults bench plans with", () => {
    const text = help('bench');
    expect(text).toContain(`default ${BENCH_DEFAULTS.methods}`);
    expect(text).toContain(`${BENCH_DEFAULTS['time-limit']} s, ${BENCH_DEFAULTS.samples} samples, ${BENCH_DEFAULTS.improve} s`);
  });

  it("lists every exit code, as docs/limits.md's table does", () => {
    const codes = Object.values(EXIT).sort((a, b) => a - b);
    expect(EXIT_CODE_HELP.map(([code]) => code).sort((a, b) => a - b)).toEqual(codes);
    const docs = readFileSync('docs/limits.md', 'utf8');
    const section = docs.slice(docs.indexOf('## Exit codes of `jampr`'));
    const table = section.slice(section.indexOf('| code |')).split('\n\n')[0];
    const documented = table.split('\n').flatMap((row) => (/^\| [\d, ]+ \|/.test(row) ? row.split('|')[1].split(',').map(Number) : []));
    expect(documented.sort((a, b) => a - b)).toEqual(codes);
  });
});
