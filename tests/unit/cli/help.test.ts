import { describe, expect, it } from 'vitest';
import { BENCH_DEFAULTS } from '../../../src/cli/args.js';
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
});
