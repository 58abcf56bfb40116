/**
 * `jampr generate --city`: the city days the real-days benchmark measures (bench/RESULTS.md section 8), written as JSON
 * Lines, or one day as the customer CSV the app imports, with the fleet to plan it with said on stderr.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchCityDays } from '../../bench/city-days.js';
import { EXIT } from '../../src/cli/exit-codes.js';
import { readInstancesJsonl } from '../../src/main/vrp/io/index.js';
import { cliWorkDir, jamprIn, jamprWithEnv } from './fixtures/cli.js';

describe('jampr generate --city', () => {
  it("writes the benchmark's city days for a seed: lat/lon, clock times, a fixed fleet, 20 to 150 stops", async () => {
    const dir = await cliWorkDir();
    const { stderr } = await jamprIn(dir, 'generate', '--city', '--count', '3', '--seed', '2026', '--out', 'days.jsonl');
    expect(stderr).toBe('wrote 3 city days of 20 to 150 customers to days.jsonl\n');
    const days = readInstancesJsonl(join(dir, 'days.jsonl'));
    expect(days).toEqual(benchCityDays(3, 2026));
    for (const day of days) {
      expect(day.coordinates?.kind).toBe('geo');
      expect(day.clockTimes).toBe(true);
      expect(day.customers.length).toBeGreaterThanOrEqual(20);
      expect(day.customers.length).toBeLessThanOrEqual(150);
      expect(day.vehicles).toBeLessThan(day.customers.length);
    }
    expect(days.map((d) => d.name)).toEqual(['city-2026-1', 'city-2026-2', 'city-2026-3']);
  });

  it('writes one day as a customer CSV that jampr plan reads with the fleet it names, every customer served', async () => {
    const dir = await cliWorkDir();
    const written = await jamprIn(dir, 'generate', '--city', '--size', '30', '--seed', '7', '--out', 'day.csv');
    const flags = /plan it with (--vehicles \d+ --capacity \d+ --speed [\d.]+), or type them in the import dialog\n$/.exec(written.stderr);
    expect(written.stderr).toMatch(/^wrote city-7-1 \(30 customers\) to day\.csv; its fleet is not in the file: /);
    expect(flags).not.toBeNull();
    const fleet = flags?.[1].split(' ') ?? [];
    const planned = await jamprWithEnv(dir, {}, 'plan', 'day.csv', ...fleet, '--time-limit', '0.5', '--out', 'plan.json');
    // Exit 0: a feasible plan that serves every customer (exit 2 would say otherwise).
    expect(planned.code).toBe(0);
    expect(JSON.parse(planned.stdout)).toMatchObject({ feasible: true, fleet: { capacity: 100 } });
  });

  it('refuses a CSV of several days, and a paper day without its size, naming what to give instead', async () => {
    const dir = await cliWorkDir();
    const several = await jamprWithEnv(dir, {}, 'generate', '--city', '--count', '2', '--out', 'days.csv');
    expect(several).toMatchObject({ code: EXIT.input, stdout: '' });
    expect(several.stderr).toMatch(/^jampr: --out days\.csv: a customer CSV holds one day, not 2: give --count 1, or --out FILE\.jsonl/);
    const sizeless = await jamprWithEnv(dir, {}, 'generate', '--out', 'day.jsonl');
    expect(sizeless.stderr).toMatch(
      /^jampr: --size N is required, unless --city \(whose days then have 20 to 150 stops\): see jampr generate --help$/m,
    );
    expect((await jamprIn(dir, 'generate', '--size', '3', '--out', 'day.csv')).stderr).toMatch(
      /^wrote gen-n3-s1-i0 \(3 customers\) to day\.csv; its fleet is not in the file: plan it with --vehicles 3 --capacity \d+, or type/,
    );
  });
});
