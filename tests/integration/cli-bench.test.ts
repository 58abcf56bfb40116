import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliWorkDir, failureOf, jampr, startJampr } from './fixtures/cli.js';

/** jampr bench, as a real process on real files (the other commands: cli-commands.test.ts). */
describe('jampr info, generate, eval and bench', () => {
  it('bench reads a customer CSV with the fleet flags plan reads (--speed with a value is the travel speed)', async () => {
    const dir = await cliWorkDir();
    const csv = join(dir, 'day.csv');
    await writeFile(csv, 'id,lat,lon,demand,ready,due,service\nD,52.5,13.4,0,06:00,18:00,0\nC1,52.51,13.41,5,08:00,12:00,5\n');
    const bench = ['bench', '--solomon', csv, '--methods', 'classical', '--time-limit', '0.1'];
    const { stdout } = await jampr(...bench, '--capacity', '10', '--speed', '30', '--vehicles', '1');
    expect(stdout).toMatch(/^\| classical \| [\d.]+ \| 1\.00 \| [\d.]+ \| [\d.]+ \| 0 \|$/m);
    // Without them: the CSV reader's own request, naming flags bench now takes.
    expect((await failureOf(...bench)).stderr).toMatch(/the vehicle capacity is required: give it with --capacity/);
    expect((await failureOf('bench', '--capacity', '10')).stderr).toMatch(/--capacity sets the fleet of --solomon files/);
    // --speed with its km/h forgotten is the speed figures, which read no fleet or file: refused, not minutes of figures.
    expect((await failureOf(...bench, '--capacity', '10', '--speed')).stderr).toMatch(
      /--speed alone gives the speed figures, which read only --gap-instances, --gap-seconds, --model, not --solomon/,
    );
    expect((await jampr('bench', '--help')).stdout).toMatch(/customer \.csv .*instance \.json[\s\S]*Solomon \.txt or a VRPLIB \.vrp/);
  });

  it('bench averages cost, k and dist over the feasible plans only, counting those left out, and says so', async () => {
    const dir = await cliWorkDir();
    const day = (name: string, demands: number[], far: number) => {
      const rows = demands.map((d, i) => `${i + 1},${3 * far * (i + 1)},${4 * far * (i + 1)},${d},0,1000,0`);
      return writeFile(join(dir, name), ['id,x,y,demand,ready,due,service', 'D,0,0,0,0,1000,0', ...rows, ''].join('\n'));
    };
    await day('fits.csv', [5], 1);
    // One vehicle of 10 for 8 + 8, ten times as far out: every plan leaves a customer unserved.
    await day('short.csv', [8, 8], 10);
    const row = async (files: string) => {
      const args = ['--solomon', files, '--methods', 'classical', '--time-limit', '0.1', '--capacity', '10', '--vehicles', '1'];
      const { stdout } = await jampr('bench', ...args);
      expect(stdout).toMatch(/cost, k and dist: means over each method's feasible plans only; infeasible: the plans left out/);
      const line = stdout.split('\n').find((l) => l.startsWith('| classical |'));
      return line
        ?.split('|')
        .map((c) => c.trim())
        .slice(2, 7);
    };
    const [cost, k, dist, , infeasible] = (await row(join(dir, 'fits.csv')))!;
    expect(infeasible).toBe('0');
    // The plan that leaves a customer out is counted, not averaged in.
    expect((await row(`${join(dir, 'fits.csv')},${join(dir, 'short.csv')}`))!).toEqual([cost, k, dist, expect.any(String), '1']);
    expect((await row(join(dir, 'short.csv')))!).toEqual(['–', '–', '–', expect.any(String), '1']);
    // A customer no plan can serve (its window closes before anyone gets there) leaves every plan short alike: counted in.
    await writeFile(join(dir, 'unreachable.csv'), 'id,x,y,demand,ready,due,service\nD,0,0,0,0,1000,0\n1,3,4,5,0,1000,0\n2,30,40,1,0,2,0\n');
    expect((await row(`${join(dir, 'fits.csv')},${join(dir, 'unreachable.csv')}`))![4]).toBe('0');
    // So does an order bigger than a vehicle (11 on vehicles of 10).
    await day('heavy.csv', [5, 11], 1);
    expect((await row(`${join(dir, 'fits.csv')},${join(dir, 'heavy.csv')}`))![4]).toBe('0');
    expect((await jampr('bench', '--help')).stdout).toMatch(/means over the\s+feasible plans only/);
  });

  it('bench stops at once on Ctrl-C and says in which row, which rows are whole, and that the rest were not printed', async () => {
    const args = ['bench', '--size', '10', '--count', '2', '--methods', 'random,classical', '--time-limit', '60'];
    const { child, streams, ended, seen } = startJampr(args);
    // Once the random row is printed, the classical search (60 s an instance) is under way.
    await seen(/\| random \|/, 'stdout');
    const asked = performance.now();
    child.kill('SIGINT');
    // Ended by the signal (the shell reports 130), at once rather than after the search's minutes, with one line.
    expect(await ended).toEqual({ code: null, signal: 'SIGINT' });
    expect(performance.now() - asked).toBeLessThan(5000);
    expect(streams.stderr).toBe(
      'jampr: bench cancelled at instance 1 of 2 of the classical row: it and the rows after it were not printed; the row above is complete\n',
    );
    expect(streams.stdout).not.toMatch(/\| classical \|/);
  }, 30_000);

  it('bench --speed stops at once on Ctrl-C and says in which figure, none having been printed', async () => {
    const args = ['bench', '--speed', '--gap-instances', 'R1_10_1', '--gap-seconds', '60'];
    const { child, streams, ended, seen } = startJampr(args);
    // Its figures are measured on a thread of their own, each said as it begins: main hears the signal while the first
    // one is under way.
    await seen(/^jampr: measuring greedyMsN20\n/m);
    const asked = performance.now();
    child.kill('SIGINT');
    expect(await ended).toEqual({ code: null, signal: 'SIGINT' });
    expect(performance.now() - asked).toBeLessThan(5000);
    expect(streams.stderr).toMatch(
      /^(jampr: measuring \w+\n)+jampr: bench --speed cancelled while measuring (\w+): no figures were printed\n$/,
    );
    // The figure it stopped in is the last one it said it began.
    const said = [...streams.stderr.matchAll(/^jampr: measuring (\w+)$/gm)].map((m) => m[1]);
    expect(streams.stderr).toContain(`cancelled while measuring ${said.at(-1)}:`);
    expect(streams.stdout).toBe('');
  }, 60_000);

  it('bench prints one table row per method in the order asked', async () => {
    const { stdout } = await jampr(
      'bench',
      '--size',
      '5',
      '--count',
      '2',
      '--variant',
      'tw2',
      '--methods',
      'classical,random',
      '--time-limit',
      '0.1',
    );
    const rows = stdout
      .split('\n')
      .filter((l) => /^\| (classical|random) \|/.test(l))
      .map((l) => l.split('|').map((c) => c.trim()));
    expect(rows.map((r) => r[1])).toEqual(['classical', 'random']);
    for (const [, , cost, k, dist, , infeasible] of rows) {
      expect(Number(k)).toBeGreaterThanOrEqual(1);
      expect(Number(cost)).toBeGreaterThanOrEqual(Number(dist)); // tw2 cost = distance + lateness penalty
      expect(infeasible).toBe('0');
    }
  });

  it('bench loads the model before its first row, leaving the loading out of the times, and says so', async () => {
    const bench = ['bench', '--size', '5', '--count', '1', '--time-limit', '0.1'];
    const { stdout } = await jampr(...bench, '--methods', 'classical,jampr-greedy');
    const lines = stdout.split('\n');
    const note = lines.findIndex((l) => /^t leaves out loading: .* \(loading and warm-up: \d+\.\d\d s\)\.$/.test(l));
    expect(note).toBeGreaterThan(0);
    expect(note).toBeLessThan(lines.indexOf('| method | cost | k | dist | t (s/inst) | infeasible |'));
    // Rows that load no model need no warm-up, and their table says nothing of one.
    expect((await jampr(...bench, '--methods', 'classical')).stdout).not.toContain('loading');
  });

  it('bench reads --samples for the random rows, as jampr plan does (FIELD_METHODS)', async () => {
    const cost = async (samples: string) => {
      const { stdout } = await jampr('bench', '--size', '10', '--count', '2', '--methods', 'random', '--samples', samples);
      return Number(
        stdout
          .split('\n')
          .find((l) => l.startsWith('| random |'))
          ?.split('|')[2],
      );
    };
    // The best of 300 draws beats a single draw on these days: the flag reaches the random plans.
    expect(await cost('300')).toBeLessThan(await cost('1'));
  });

  it('rejects an unknown bench method by name, before any work, with exit code 1', async () => {
    const failure = await failureOf('bench', '--methods', 'random,best');
    expect(failure).toMatchObject({ code: 1, stdout: '' });
    expect(failure.stderr).toMatch(/unknown bench method 'best'; choose from jampr-greedy, .*, random: see jampr bench --help\n/);
  });
});
